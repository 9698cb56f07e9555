import type { Pool } from 'pg';
import { type DataSource, QueryFailedError } from 'typeorm';
import { Database, isUniqueViolation } from '../../src/core/database/database.js';
import { SQLITE_STATEMENT_CACHE_SIZE } from '../../src/core/database/sqlite-statements.js';
import { postgresRequested } from '../helpers/database.js';
import { createTestDataLayer } from '../helpers/test-app.js';

/** node-postgres's pool and its clients, as far as these tests look into them. */
interface PooledClient {
  pipeline: boolean;
  connection: { stream: { _writev?: (...args: unknown[]) => void; _write: (...args: unknown[]) => void } };
}
const pooledClients = (dataSource: DataSource) =>
  (dataSource.driver as unknown as { master: Pool & { _clients: PooledClient[] } }).master._clients;

/** better-sqlite3's connection, as far as these tests look into it. */
interface SqliteConnection {
  prepare: (text: string) => unknown;
  inTransaction: boolean;
}
const sqliteConnection = (dataSource: DataSource) =>
  (dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;

const insertProject = 'INSERT INTO flagwright_projects (id, name, created_at) VALUES (:id, :name, :now)';

/**
 * How `Database` sends statements: on PostgreSQL as named prepared statements of the connection (fixed texts only),
 * and in a transaction without waiting for the answers before them (`submit` not even for its own).
 */
describe('database statements', () => {
  let db: Database;
  let dataSource: DataSource;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, dataSource, close } = await createTestDataLayer());
  });

  const projectIds = async (prefix: string) =>
    (
      await db.query<{ id: string }>('SELECT id FROM flagwright_projects WHERE id LIKE :pattern ORDER BY id', { pattern: `${prefix}%` })
    ).map(({ id }) => id);

  afterAll(async () => {
    await close?.();
  });

  it.runIf(postgresRequested())(
    'prepares a fixed text once per connection and a text with a list parameter never (PostgreSQL)',
    async () => {
      await db.transaction(async () => {
        const fixed = 'SELECT name FROM flagwright_projects WHERE id = :id';
        const listed = 'SELECT name FROM flagwright_projects WHERE id IN (:...ids)';
        await db.query(fixed, { id: 'default' });
        await db.query(fixed, { id: 'other' });
        await db.query(listed, { ids: ['default', 'other'] });
        const prepared = await db.query<{ statement: string }>(
          `SELECT statement FROM pg_prepared_statements WHERE statement LIKE :pattern ORDER BY statement`,
          { pattern: 'SELECT name FROM flagwright_projects WHERE id %' },
        );
        expect(prepared).toEqual([{ statement: 'SELECT name FROM flagwright_projects WHERE id = $1' }]);
      });
    },
  );

  it('answers rows and counts, and fails with a QueryFailedError that names the driver error', async () => {
    const now = db.toTimestamp(new Date());
    const insert = `INSERT INTO flagwright_projects (id, name, created_at) VALUES (:id, :name, :now)`;
    expect(await db.execute(insert, { id: 'statements', name: 'Statements', now })).toBe(1);
    expect(await db.query('SELECT name FROM flagwright_projects WHERE id = :id', { id: 'statements' })).toEqual([{ name: 'Statements' }]);
    const failure = await db.execute(insert, { id: 'statements', name: 'Again', now }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(isUniqueViolation(failure)).toBe(true);
    expect((failure as QueryFailedError).query).toContain('INSERT INTO flagwright_projects');
  });

  it('rolls a failed transaction back whole, and the next one runs', async () => {
    const now = db.toTimestamp(new Date());
    const insert = 'INSERT INTO flagwright_projects (id, name, created_at) VALUES (:id, :name, :now)';
    const failure = await db
      .transaction(async () => {
        await db.execute(insert, { id: 'rolled-back', name: 'Rolled back', now });
        await db.execute(insert, { id: 'rolled-back', name: 'Twice', now });
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(await db.query('SELECT id FROM flagwright_projects WHERE id = :id', { id: 'rolled-back' })).toEqual([]);
    await db.transaction(() => db.execute(insert, { id: 'after-rollback', name: 'After', now }));
    expect(await db.query('SELECT id FROM flagwright_projects WHERE id = :id', { id: 'after-rollback' })).toEqual([
      { id: 'after-rollback' },
    ]);
  });

  it('runs a submitted write before the statements after it, and keeps it with the transaction', async () => {
    const now = db.toTimestamp(new Date());
    const seen = await db.transaction(async () => {
      await db.submit(insertProject, { id: 'submitted-1', name: 'Submitted', now });
      await db.submit(insertProject, { id: 'submitted-2', name: 'Submitted', now });
      return projectIds('submitted-');
    });
    expect(seen).toEqual(['submitted-1', 'submitted-2']);
    expect(await projectIds('submitted-')).toEqual(['submitted-1', 'submitted-2']);
  });

  it('fails a transaction with the error of a submitted write that failed, in every statement after it, and keeps nothing', async () => {
    const now = db.toTimestamp(new Date());
    await db.execute(insertProject, { id: 'taken', name: 'Taken', now });
    const failures: unknown[] = [];
    const failure = await db
      .transaction(async () => {
        await db.submit(insertProject, { id: 'kept-not-1', name: 'Not kept', now });
        await db.submit(insertProject, { id: 'taken', name: 'Again', now });
        await db.submit(insertProject, { id: 'kept-not-2', name: 'Not kept', now });
        await db.query('SELECT id FROM flagwright_projects').catch((error: unknown) => failures.push(error));
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect((failure as QueryFailedError).query).toContain('INSERT INTO flagwright_projects');
    // On SQLite the failing submit itself threw, so nothing ran after it.
    for (const later of failures) expect(later).toBe(failure);
    expect(await projectIds('kept-not-')).toEqual([]);
  });

  it.runIf(postgresRequested())(
    'fails a transaction whose work went on after a failed statement instead of letting COMMIT roll it back unseen (PostgreSQL)',
    async () => {
      const now = db.toTimestamp(new Date());
      await db.execute(insertProject, { id: 'swallowed-taken', name: 'Taken', now });
      const failure = await db
        .transaction(async () => {
          await db.execute(insertProject, { id: 'swallowed-new', name: 'New', now });
          await db.execute(insertProject, { id: 'swallowed-taken', name: 'Again', now }).catch(() => undefined);
          return 'done';
        })
        .catch((error: unknown) => error);
      expect(isUniqueViolation(failure)).toBe(true);
      expect(await projectIds('swallowed-new')).toEqual([]);
    },
  );

  it.runIf(postgresRequested())('fails a transaction with an error raised at COMMIT, and keeps nothing (PostgreSQL)', async () => {
    await db.execute('CREATE TABLE deferred_unique (id INTEGER UNIQUE DEFERRABLE INITIALLY DEFERRED)');
    const failure = await db
      .transaction(async () => {
        await db.submit('INSERT INTO deferred_unique (id) VALUES (1)');
        await db.submit('INSERT INTO deferred_unique (id) VALUES (1)');
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect((failure as QueryFailedError).query).toBe('COMMIT');
    expect(await db.query('SELECT id FROM deferred_unique')).toEqual([]);
    await db.transaction(() => db.submit('INSERT INTO deferred_unique (id) VALUES (2)'));
    expect(await db.query('SELECT id FROM deferred_unique')).toEqual([{ id: 2 }]);
  });

  it.skipIf(postgresRequested())(
    'rolls back a transaction whose COMMIT failed, keeps nothing of it, and the next one runs (SQLite)',
    async () => {
      await db.execute('CREATE TABLE deferred_parent (id INTEGER PRIMARY KEY)');
      await db.execute('CREATE TABLE deferred_child (parent_id INTEGER REFERENCES deferred_parent (id) DEFERRABLE INITIALLY DEFERRED)');
      const failure = await db
        .transaction(() => db.submit('INSERT INTO deferred_child (parent_id) VALUES (1)'))
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(QueryFailedError);
      expect((failure as QueryFailedError).query).toBe('COMMIT');
      expect((failure as { driverError: { code: string } }).driverError.code).toBe('SQLITE_CONSTRAINT_FOREIGNKEY');
      expect(sqliteConnection(dataSource).inTransaction).toBe(false);
      expect(await db.query('SELECT parent_id FROM deferred_child')).toEqual([]);
      await db.transaction(async () => {
        await db.submit('INSERT INTO deferred_parent (id) VALUES (2)');
        await db.submit('INSERT INTO deferred_child (parent_id) VALUES (2)');
      });
      expect(await db.query('SELECT parent_id FROM deferred_child')).toEqual([{ parent_id: 2 }]);
    },
  );

  it.skipIf(postgresRequested())(
    'prepares a statement once, and keeps the ones in use however many others ran since (SQLite)',
    async () => {
      const connection = sqliteConnection(dataSource);
      const prepared: string[] = [];
      const prepare = connection.prepare;
      connection.prepare = (text: string) => {
        prepared.push(text);
        return prepare.call(connection, text);
      };
      try {
        const inUse = 'SELECT name AS kept FROM flagwright_projects WHERE id = :id';
        // Numbers are written into the text (TypeORM's SQLite translation), so each of these is a text of its own.
        for (let other = 0; other < SQLITE_STATEMENT_CACHE_SIZE * 2; other++) {
          await db.query(inUse, { id: 'default' });
          await db.query(`SELECT ${other} AS other`);
        }
        expect(prepared.filter((text) => text.startsWith('SELECT name AS kept'))).toHaveLength(1);
        expect(prepared).toHaveLength(1 + SQLITE_STATEMENT_CACHE_SIZE * 2);
        await db.query('SELECT 0 AS other');
        expect(prepared.at(-1)).toBe('SELECT 0 AS other');
      } finally {
        connection.prepare = prepare;
      }
    },
  );

  it.runIf(postgresRequested())(
    'sends the statements asked for in one tick in one write, and hands the connection back out of pipeline mode (PostgreSQL)',
    async () => {
      let writes = 0;
      await db.transaction(async () => {
        const [client] = pooledClients(dataSource).filter((pooled) => pooled.pipeline);
        const stream = client.connection.stream;
        const count =
          <A extends unknown[]>(write: (...args: A) => void) =>
          (...args: A) => {
            writes++;
            write.apply(stream, args);
          };
        stream._write = count(stream._write);
        if (stream._writev) stream._writev = count(stream._writev);
        try {
          await db.submit('SELECT 1');
          await db.submit('SELECT 2');
          await db.query('SELECT 3');
        } finally {
          delete (stream as { _write?: unknown })._write;
          delete (stream as { _writev?: unknown })._writev;
        }
      });
      expect(writes).toBe(1);
      expect(pooledClients(dataSource).some((pooled) => pooled.pipeline)).toBe(false);
    },
  );
});
