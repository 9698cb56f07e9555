import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { Database } from '../../src/core/database/database.js';
import { runFlagwrightMigrations } from '../../src/core/database/migration-runner.js';
import { CREDENTIALS_GENERATION } from '../../src/core/database/migrations/1700000011000-credential-generation.js';
import { SqliteNamedConstraints1700000012000 } from '../../src/core/database/migrations/1700000012000-sqlite-named-constraints.js';
import { TablePrefix1700000013000 } from '../../src/core/database/migrations/1700000013000-table-prefix.js';
import { STRATEGY_TYPES_GENERATION } from '../../src/core/database/migrations/1700000014000-strategy-types-generation.js';
import { SESSIONS_GENERATION } from '../../src/core/database/migrations/1700000016000-session-generation.js';
import { TABLE_PREFIX } from '../../src/core/database/migrations/ddl.js';
import { flagwrightMigrations } from '../../src/core/database/migrations/index.js';
import { dataSourceOptions } from '../../src/standalone/data-source-options.js';
import { postgresRequested, schemaBuilderChanges } from '../helpers/database.js';
import { createTestDatabase } from '../helpers/test-app.js';

async function tables(dataSource: DataSource): Promise<string[]> {
  const rows: { name: string }[] =
    dataSource.options.type === 'postgres'
      ? await dataSource.query(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
        )
      : await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`);
  return rows
    .map((row) => row.name)
    .filter((name) => name !== 'flagwright_migrations' && !name.includes('_fts'))
    .sort();
}

const EARLIER_DATABASES = 'test/fixtures/before-table-prefix';

/**
 * Makes the empty test database what an earlier release left after its migration `stoppedAfter`, before table names
 * were prefixed: a SQLite file, or a pg_dump, made by that release's migrations (see the fixtures' README).
 */
async function restoreEarlierDatabase(database: { url?: string; file: string }, stoppedAfter: string): Promise<void> {
  if (!database.url) {
    writeFileSync(database.file, gunzipSync(readFileSync(`${EARLIER_DATABASES}/sqlite-after-${stoppedAfter}.sqlite.gz`)));
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(gunzipSync(readFileSync(`${EARLIER_DATABASES}/postgres-after-${stoppedAfter}.sql.gz`)).toString('utf8'));
  } finally {
    await client.end();
  }
}

describe('migrations', () => {
  it('build the schema from an empty database, revert completely and build it again', async () => {
    const database = await createTestDatabase();
    const dataSource = new DataSource(dataSourceOptions({ databaseUrl: database.url, databaseFile: database.file }));
    await dataSource.initialize();
    try {
      if (database.url) {
        // The PostgreSQL test database is a clone of the migrated template: start from nothing.
        for (let i = 0; i < flagwrightMigrations.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
      }
      expect(await tables(dataSource)).toEqual([]);
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      expect(applied.map((m) => m.name)).toEqual(flagwrightMigrations.map((m) => new m().name ?? m.name));
      expect(await dataSource.showMigrations()).toBe(false);
      const built = await tables(dataSource);
      expect(built).toEqual(
        expect.arrayContaining([
          'flagwright_features',
          'flagwright_feature_strategies',
          'flagwright_users',
          'flagwright_events',
          'flagwright_sessions',
          'flagwright_api_tokens',
        ]),
      );

      for (let i = 0; i < flagwrightMigrations.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
      expect(await tables(dataSource)).toEqual([]);

      await dataSource.runMigrations({ transaction: 'each' });
      expect(await tables(dataSource)).toEqual(built);
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });

  it('rebuild the SQLite tables of an existing database with named constraints, keeping rows, keys, id counters and triggers', async () => {
    const database = await createTestDatabase();
    const options = dataSourceOptions({ databaseUrl: database.url, databaseFile: database.file });
    const rebuild = flagwrightMigrations.indexOf(SqliteNamedConstraints1700000012000);
    const full = new DataSource(options);
    await full.initialize();
    // The PostgreSQL test database is a clone of the fully migrated template: step back to just before the rebuild.
    if (database.url) for (let i = rebuild; i < flagwrightMigrations.length; i++) await full.undoLastMigration({ transaction: 'each' });
    const earlier = new DataSource({ ...options, migrations: flagwrightMigrations.slice(0, rebuild) });
    await earlier.initialize();
    await earlier.runMigrations({ transaction: 'each' });
    await earlier.destroy();
    const db = new Database(full);
    try {
      const now = db.toTimestamp(new Date('2024-01-01T00:00:00Z'));
      for (const statement of SEED) await db.execute(statement, { now });
      await db.execute(FORGET_GONE);
      const rowsBefore = await everyRow(db);
      expect(Object.keys(rowsBefore).filter((table) => rowsBefore[table].length === 0)).toEqual([]);
      const schemaBefore = await sqliteTriggersAndIndexes(db);

      // Through the rebuild only: later migrations add rows and triggers of their own.
      const throughRebuild = new DataSource({ ...options, migrations: flagwrightMigrations.slice(0, rebuild + 1) });
      await throughRebuild.initialize();
      try {
        await throughRebuild.runMigrations({ transaction: 'each' });
        expect(await throughRebuild.showMigrations()).toBe(false);
      } finally {
        await throughRebuild.destroy();
      }
      expect(await everyRow(db)).toEqual(rowsBefore);
      expect(await sqliteTriggersAndIndexes(db)).toEqual(schemaBefore);
      await db.execute(
        `INSERT INTO flagwright_users (username, root_role_id, created_at) VALUES ('next', (SELECT id FROM flagwright_roles WHERE name = 'Admin'), :now)`,
        {
          now,
        },
      );
      expect(await db.query(`SELECT id, username FROM flagwright_users ORDER BY id`)).toEqual([
        { id: 1, username: 'admin' },
        { id: 3, username: 'next' },
      ]);

      // Before 1700000016000, an ended session moves `credentials`.
      await expectTriggersToMoveGenerations(db, CREDENTIALS_GENERATION);

      // Keys and constraints hold as before: a unique name, a reference to nothing, a cascade.
      await expect(
        db.execute(
          `INSERT INTO flagwright_users (username, root_role_id, created_at) VALUES ('admin', (SELECT id FROM flagwright_roles WHERE name = 'Admin'), :now)`,
          { now },
        ),
      ).rejects.toThrow(/unique/i);
      await expect(
        db.execute(`INSERT INTO flagwright_feature_environments (feature_name, environment) VALUES ('missing', 'production')`),
      ).rejects.toThrow(/foreign key/i);
      await db.execute(`DELETE FROM flagwright_features WHERE name = 'parent'`);
      expect(await db.query(`SELECT feature_name FROM flagwright_feature_environments ORDER BY feature_name`)).toEqual([
        { feature_name: 'child' },
      ]);
      expect(await db.query(`SELECT child FROM flagwright_feature_dependencies`)).toEqual([]);
      expect(await db.query(`SELECT strategy_id FROM flagwright_feature_strategy_segments`)).toEqual([]);
    } finally {
      await full.destroy();
      await database.drop();
    }
  });

  describe.each([
    { stoppedAfter: 'SqliteNamedConstraints1700000012000', seeded: SEED },
    // Before the metrics gained applications (1700000010000): the metrics rows cannot be written in today's shape.
    { stoppedAfter: 'SearchActivity1700000007000', seeded: SEED.filter((statement) => !statement.includes('client_metrics')) },
  ])('on a database an earlier release migrated up to $stoppedAfter, before table names were prefixed', ({ stoppedAfter, seeded }) => {
    const stop = flagwrightMigrations.findIndex((migration) => migration.name === stoppedAfter) + 1;
    const move = flagwrightMigrations.indexOf(TablePrefix1700000013000);
    // The move first, then what the earlier release had not run, then the migrations after the move.
    const pending = [...flagwrightMigrations.slice(stop, move), ...flagwrightMigrations.slice(move + 1)].map((migration) => migration.name);

    it('renames every table and what is named after it first, then runs the rest, keeping rows, id counters and triggers', async () => {
      const database = await createTestDatabase({ empty: true });
      const options = dataSourceOptions({ databaseUrl: database.url, databaseFile: database.file });
      await restoreEarlierDatabase(database, stoppedAfter);
      const earlier = new DataSource(options);
      await earlier.initialize();
      const plain = new Database(earlier);
      const now = plain.toTimestamp(new Date('2024-01-01T00:00:00Z'));
      for (const statement of seeded) await plain.execute(statement.replaceAll(TABLE_PREFIX, ''), { now });
      await plain.execute(FORGET_GONE.replaceAll(TABLE_PREFIX, ''));
      const rowsBefore = await everyRow(plain);
      expect(Object.keys(rowsBefore)).toContain('users');
      await earlier.destroy();

      const current = new DataSource(options);
      await current.initialize();
      const db = new Database(current);
      try {
        const applied = await runFlagwrightMigrations(current);

        expect(applied.map((migration) => migration.name)).toEqual([TablePrefix1700000013000.name, ...pending]);
        expect(await current.showMigrations()).toBe(false);
        expect(await namesWithoutPrefix(db)).toEqual([]);
        const rowsAfter = await everyRow(db);
        // The generations migrations after the move add are new rows, not kept ones.
        rowsAfter[`${TABLE_PREFIX}change_generations`] = rowsAfter[`${TABLE_PREFIX}change_generations`].filter(
          (row) => ![STRATEGY_TYPES_GENERATION, SESSIONS_GENERATION].some((name) => String(row).includes(`"name":"${name}"`)),
        );
        // Columns later migrations add to kept rows are new, and empty (1700000024000: a session's details).
        rowsAfter[`${TABLE_PREFIX}sessions`] = rowsAfter[`${TABLE_PREFIX}sessions`].map((row) => {
          const { last_seen_at: lastSeenAt, address, user_agent: userAgent, ...kept } = JSON.parse(String(row)) as Record<string, unknown>;
          expect([lastSeenAt, address, userAgent]).toEqual([null, null, null]);
          return JSON.stringify(kept);
        });
        // 1700000032000: an application's url, colour and icon.
        rowsAfter[`${TABLE_PREFIX}client_applications`] = rowsAfter[`${TABLE_PREFIX}client_applications`].map((row) => {
          const { url, color, icon, ...kept } = JSON.parse(String(row)) as Record<string, unknown>;
          expect([url, color, icon]).toEqual([null, null, null]);
          return JSON.stringify(kept);
        });
        expect(Object.fromEntries(Object.keys(rowsBefore).map((table) => [table, rowsAfter[TABLE_PREFIX + table]]))).toEqual(rowsBefore);
        await db.execute(
          `INSERT INTO flagwright_users (username, root_role_id, created_at) VALUES ('next', (SELECT id FROM flagwright_roles WHERE name = 'Admin'), :now)`,
          { now },
        );
        expect(await db.query(`SELECT id, username FROM flagwright_users ORDER BY id`)).toEqual([
          { id: 1, username: 'admin' },
          { id: 3, username: 'next' },
        ]);
        await expectTriggersToMoveGenerations(db, SESSIONS_GENERATION);
        const searchGeneration = async () =>
          String((await db.one<{ generation: unknown }>('SELECT generation FROM flagwright_search_generation WHERE id = 1'))?.generation);
        const beforeRename = await searchGeneration();
        await db.execute(`UPDATE flagwright_features SET description = 'Express checkout' WHERE name = 'child'`);
        expect(await searchGeneration()).not.toBe(beforeRename);
        if (!db.isPostgres) {
          expect(
            await db.query(
              `SELECT k.feature_name FROM flagwright_feature_search_fts s JOIN flagwright_feature_search_keys k ON k.id = s.rowid
                WHERE flagwright_feature_search_fts MATCH :term ORDER BY 1`,
              { term: '"checkout"' },
            ),
          ).toEqual([{ feature_name: 'child' }, { feature_name: 'parent' }]);
        }

        expect(await schemaBuilderChanges(current)).toEqual([]);
      } finally {
        await current.destroy();
        await database.drop();
      }
    });

    // A host may have made a table with a plain name of ours that this earlier release had not created yet.
    it.runIf(stoppedAfter === 'SearchActivity1700000007000')(
      'leaves a host’s tables and functions named like ours the earlier release had not made, with their rows and indexes',
      async () => {
        const database = await createTestDatabase({ empty: true });
        const options = dataSourceOptions({ databaseUrl: database.url, databaseFile: database.file });
        await restoreEarlierDatabase(database, stoppedAfter);
        const current = new DataSource(options);
        await current.initialize();
        const db = new Database(current);
        try {
          const isPostgres = db.isPostgres;
          await db.execute(`CREATE TABLE change_generations (id INTEGER PRIMARY KEY, note VARCHAR(100) NOT NULL)`);
          await db.execute(`CREATE INDEX change_generations_note_idx ON change_generations (note)`);
          await db.execute(`INSERT INTO change_generations (id, note) VALUES (7, 'the host''s')`);
          await db.execute(`CREATE TABLE client_metrics_variants_hourly (id INTEGER PRIMARY KEY, variant VARCHAR(100))`);
          if (isPostgres) await db.execute(`CREATE FUNCTION change_generation_sdk() RETURNS integer LANGUAGE sql AS 'SELECT 7'`);
          const hostObjects = async () => ({
            names: (await namesWithoutPrefix(db)).filter((name) => /change_generation|variants_hourly/.test(name)),
            rows: await db.query(`SELECT id, note FROM change_generations`),
            variants: await db.query(`SELECT id, variant FROM client_metrics_variants_hourly`),
          });
          const before = await hostObjects();
          expect(before.names).toEqual(
            isPostgres
              ? [
                  'change_generation_sdk',
                  'change_generations',
                  'change_generations_note_idx',
                  'change_generations_pkey',
                  'change_generations_pkey',
                  'client_metrics_variants_hourly',
                  'client_metrics_variants_hourly_pkey',
                  'client_metrics_variants_hourly_pkey',
                ].sort()
              : ['change_generations', 'change_generations_note_idx', 'client_metrics_variants_hourly'],
          );

          const applied = await runFlagwrightMigrations(current);

          expect(applied.map((migration) => migration.name)).toEqual([TablePrefix1700000013000.name, ...pending]);
          expect(await hostObjects()).toEqual(before);
          expect((await db.query<{ name: string }>(`SELECT name FROM flagwright_change_generations WHERE name = 'sdk'`)).length).toBe(1);
        } finally {
          await current.destroy();
          await database.drop();
        }
      },
    );
  });

  // SQLite only: PostgreSQL alters tables in place, so no migration of ours rebuilds one there.
  it.skipIf(postgresRequested())(
    'refuse to rebuild the SQLite tables with foreign keys on, where dropping a table would cascade',
    async () => {
      const database = await createTestDatabase();
      const options = dataSourceOptions({ databaseFile: database.file });
      const dataSource = new DataSource({
        ...options,
        migrations: flagwrightMigrations.slice(0, flagwrightMigrations.indexOf(SqliteNamedConstraints1700000012000)),
      });
      await dataSource.initialize();
      const queryRunner = dataSource.createQueryRunner();
      try {
        await dataSource.runMigrations({ transaction: 'each' });
        const schema = async () => await dataSource.query(`SELECT name, sql FROM sqlite_master ORDER BY name`);
        const before = await schema();
        await expect(new SqliteNamedConstraints1700000012000().up(queryRunner)).rejects.toThrow(
          'Rebuilding SQLite tables must run with foreign keys off, as TypeORM runs migrations',
        );
        expect(await schema()).toEqual(before);
      } finally {
        await queryRunner.release();
        await dataSource.destroy();
        await database.drop();
      }
    },
  );
});

/** A row in every table, written before the rebuild. */
const SEED = [
  `INSERT INTO flagwright_roles (name, type, created_at) VALUES ('Admin', 'root', :now)`,
  `INSERT INTO flagwright_role_permissions (role_id, permission, environment) VALUES ((SELECT id FROM flagwright_roles WHERE name = 'Admin'), 'ADMIN', '')`,
  `INSERT INTO flagwright_users (username, email, root_role_id, email_sent, created_at) VALUES ('admin', 'admin@example.com', (SELECT id FROM flagwright_roles WHERE name = 'Admin'), true, :now)`,
  `INSERT INTO flagwright_users (username, root_role_id, created_at) VALUES ('gone', (SELECT id FROM flagwright_roles WHERE name = 'Admin'), :now)`,
  `INSERT INTO flagwright_user_groups (name, root_role_id, created_at) VALUES ('ops', (SELECT id FROM flagwright_roles WHERE name = 'Admin'), :now)`,
  `INSERT INTO flagwright_group_users (group_id, user_id, created_at) VALUES ((SELECT id FROM flagwright_user_groups WHERE name = 'ops'), (SELECT id FROM flagwright_users WHERE username = 'admin'), :now)`,
  `INSERT INTO flagwright_personal_access_tokens (user_id, secret_hash, description, expires_at, created_at) VALUES ((SELECT id FROM flagwright_users WHERE username = 'admin'), 'pat-hash', 'cli', :now, :now)`,
  `INSERT INTO flagwright_api_tokens (token_name, secret_hash, secret_prefix, type, environment, created_at) VALUES ('sdk', 'token-hash', 'default:production', 'client', 'production', :now)`,
  `INSERT INTO flagwright_api_token_projects (token_id, project) VALUES ((SELECT id FROM flagwright_api_tokens WHERE token_name = 'sdk'), 'default')`,
  `INSERT INTO flagwright_sessions (id_hash, user_id, created_at, expires_at) VALUES ('session-hash', (SELECT id FROM flagwright_users WHERE username = 'admin'), :now, :now)`,
  `INSERT INTO flagwright_login_failures (login_name, failed_count, updated_at) VALUES ('admin', 2, :now)`,
  `INSERT INTO flagwright_projects (id, name, created_at) VALUES ('default', 'Default', :now)`,
  `INSERT INTO flagwright_environments (name, type, created_at) VALUES ('production', 'production', :now)`,
  `INSERT INTO flagwright_project_environments (project_id, environment_name) VALUES ('default', 'production')`,
  `INSERT INTO flagwright_role_users (user_id, role_id, project, created_at) VALUES ((SELECT id FROM flagwright_users WHERE username = 'admin'), (SELECT id FROM flagwright_roles WHERE name = 'Admin'), 'default', :now)`,
  `INSERT INTO flagwright_group_roles (group_id, role_id, project, created_at) VALUES ((SELECT id FROM flagwright_user_groups WHERE name = 'ops'), (SELECT id FROM flagwright_roles WHERE name = 'Admin'), 'default', :now)`,
  `INSERT INTO flagwright_features (name, project, description, created_at) VALUES ('parent', 'default', 'Checkout', :now), ('child', 'default', NULL, :now)`,
  `INSERT INTO flagwright_feature_environments (feature_name, environment, enabled) VALUES ('parent', 'production', true), ('child', 'production', false)`,
  `INSERT INTO flagwright_strategy_types (name, created_at) VALUES ('default', :now)`,
  `INSERT INTO flagwright_feature_strategies (id, feature_name, project_name, environment, strategy_name, created_at) VALUES ('strategy-1', 'parent', 'default', 'production', 'default', :now)`,
  `INSERT INTO flagwright_segments (name, project, created_at) VALUES ('beta-users', 'default', :now)`,
  `INSERT INTO flagwright_feature_strategy_segments (strategy_id, segment_id, created_at) VALUES ('strategy-1', (SELECT id FROM flagwright_segments WHERE name = 'beta-users'), :now)`,
  `INSERT INTO flagwright_tag_types (name, created_at) VALUES ('simple', :now)`,
  `INSERT INTO flagwright_feature_tags (feature_name, tag_type, tag_value, created_at) VALUES ('parent', 'simple', 'beta', :now)`,
  `INSERT INTO flagwright_favorite_features (user_id, feature_name, created_at) VALUES ((SELECT id FROM flagwright_users WHERE username = 'admin'), 'parent', :now)`,
  `INSERT INTO flagwright_feature_lifecycles (feature_name, stage, created_at) VALUES ('parent', 'initial', :now)`,
  `INSERT INTO flagwright_feature_dependencies (child, parent) VALUES ('child', 'parent')`,
  `INSERT INTO flagwright_client_applications (app_name, created_at) VALUES ('shop', :now)`,
  `INSERT INTO flagwright_client_instances (app_name, instance_id, environment, created_at, seen_at) VALUES ('shop', 'i-1', 'production', :now, :now)`,
  `INSERT INTO flagwright_client_metrics_hourly (feature_name, environment, hour_start, app_name, yes_count) VALUES ('parent', 'production', :now, 'shop', 5)`,
  `INSERT INTO flagwright_client_metrics_variants_hourly (feature_name, environment, hour_start, app_name, variant, count) VALUES ('parent', 'production', :now, 'shop', 'blue', 3)`,
  `INSERT INTO flagwright_events (type, created_by, created_at, feature_name) VALUES ('feature-created', 'admin', :now, 'parent')`,
];

/** Ids are never reused: after this, the next user is number 3 although the largest id left is 1. */
const FORGET_GONE = `DELETE FROM flagwright_users WHERE username = 'gone'`;

/** Every row of every table, each table's rows in a fixed order. */
async function everyRow(db: Database): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of await tables(db.dataSource)) {
    const records = await db.query(`SELECT * FROM ${table}`);
    rows[table] = records.map((record) => JSON.stringify(record)).sort();
  }
  return rows;
}

/**
 * Every change of a feature moves the `sdk` generation and no other; every logout the `credentials` one: the
 * triggers of the change generations work (seeded with SEED).
 */
/** A feature change moves `sdk` alone; an ended session moves `endedSession` alone; a user's change moves `credentials`. */
async function expectTriggersToMoveGenerations(db: Database, endedSession: string): Promise<void> {
  const generations = async () =>
    Object.fromEntries(
      (await db.query<{ name: string; generation: unknown }>('SELECT name, generation FROM flagwright_change_generations')).map((row) => [
        row.name,
        String(row.generation),
      ]),
    );
  const initial = await generations();
  await db.execute(`UPDATE flagwright_features SET stale = true WHERE name = 'parent'`);
  const afterFeatureChange = await generations();
  expect(afterFeatureChange.sdk).not.toBe(initial.sdk);
  expect(afterFeatureChange.credentials).toBe(initial.credentials);
  await db.execute(`DELETE FROM flagwright_sessions WHERE id_hash = 'session-hash'`);
  const afterLogout = await generations();
  expect(afterLogout[endedSession]).not.toBe(initial[endedSession]);
  expect(afterLogout.sdk).toBe(afterFeatureChange.sdk);
  if (endedSession === CREDENTIALS_GENERATION) return;
  expect(afterLogout.credentials).toBe(initial.credentials);
  await db.execute(`UPDATE flagwright_users SET email = 'renamed@example.com' WHERE username = 'admin'`);
  const afterUserChange = await generations();
  expect(afterUserChange.credentials).not.toBe(initial.credentials);
  expect(afterUserChange[endedSession]).toBe(afterLogout[endedSession]);
}

/**
 * What the database holds in the namespace it shares with a host, other than its own bookkeeping, whose name lacks
 * the prefix: tables, indexes, sequences, constraints, triggers and functions (not pg_trgm's) on PostgreSQL; tables,
 * indexes and triggers on SQLite (which names the indexes of unique constraints itself, after their table).
 */
async function namesWithoutPrefix(db: Database): Promise<string[]> {
  const rows = db.isPostgres
    ? await db.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace
         UNION ALL SELECT conname FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
         UNION ALL SELECT tgname FROM pg_trigger WHERE NOT tgisinternal
         UNION ALL SELECT proname FROM pg_proc p WHERE pronamespace = current_schema()::regnamespace
           AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
      )
    : await db.query<{ name: string }>(`SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'`);
  // TypeORM names the primary key of flagwright_migrations itself, with a hash of that table's name.
  return rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith(TABLE_PREFIX) && !name.startsWith('PK_'))
    .sort();
}

/** The SQLite triggers and indexes by name and text (the rebuild leaves PostgreSQL alone). */
async function sqliteTriggersAndIndexes(db: Database): Promise<unknown[]> {
  if (db.isPostgres) return [];
  return await db.query(
    `SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('trigger', 'index') AND sql IS NOT NULL ORDER BY type, name`,
  );
}
