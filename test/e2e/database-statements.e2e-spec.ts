import { QueryFailedError } from 'typeorm';
import { Database, isUniqueViolation } from '../../src/core/database/database.js';
import { postgresRequested } from '../helpers/database.js';
import { createTestDataLayer } from '../helpers/test-app.js';

/** How `Database` sends statements: on PostgreSQL as named prepared statements of the connection (fixed texts only). */
describe('database statements', () => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await createTestDataLayer());
  });

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
});
