import { type INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import supertest from 'supertest';
import { DataSource } from 'typeorm';
import { flagwrightMigrations, FlagwrightModule } from '../../src/index.js';
import { createTestDatabase, hostDataSourceOptions } from '../helpers/test-app.js';

const HOST_ADMIN_TOKEN = '*:*.host-tables-admin-secret-0123456789abcdef';

/**
 * The tables a typical host already has, named as ours were before they took the `flagwright_` prefix, with what a
 * SERIAL id and a UNIQUE column make on PostgreSQL (`users_pkey`, `users_email_key`, `users_id_seq`), an index named
 * like one of ours was (`events_project_idx`), and TypeORM's `migrations` table with a migration of the host's.
 */
function hostSchema(isPostgres: boolean, migrations: string[]): string[] {
  const id = isPostgres ? 'SERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT';
  return [
    `CREATE TABLE users (id ${id}, email VARCHAR(255) NOT NULL UNIQUE)`,
    `CREATE TABLE roles (id ${id}, name VARCHAR(255) NOT NULL)`,
    `CREATE TABLE sessions (id VARCHAR(64) PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id))`,
    `CREATE TABLE events (id ${id}, project VARCHAR(100), kind VARCHAR(100) NOT NULL)`,
    'CREATE INDEX events_project_idx ON events (project, id)',
    `CREATE TABLE projects (id ${id}, title VARCHAR(255) NOT NULL)`,
    `CREATE TABLE migrations (id ${id}, timestamp BIGINT NOT NULL, name VARCHAR(255) NOT NULL)`,
    "INSERT INTO users (email) VALUES ('ada@host.example'), ('bob@host.example')",
    "INSERT INTO roles (name) VALUES ('host-admin')",
    "INSERT INTO sessions (id, user_id) VALUES ('host-session', 1)",
    "INSERT INTO events (project, kind) VALUES ('shop', 'signup')",
    "INSERT INTO projects (title) VALUES ('The host project')",
    ...migrations.map((name) => `INSERT INTO migrations (timestamp, name) VALUES (${name.slice(-13)}, '${name}')`),
    ...(isPostgres
      ? [
          'CREATE SEQUENCE roles_seq',
          "CREATE FUNCTION search_generation_bump() RETURNS integer LANGUAGE sql AS 'SELECT 1'",
          `CREATE FUNCTION host_touch() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END'`,
          'CREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION host_touch()',
        ]
      : ['CREATE TRIGGER users_touch AFTER UPDATE ON users BEGIN SELECT 1; END']),
  ];
}

const HOST_TABLES = ['users', 'roles', 'sessions', 'events', 'projects', 'migrations'];

/** The host's tables with their rows, and every other name of the host's in the schema (indexes, sequences, constraints). */
async function hostState(dataSource: DataSource): Promise<{ rows: Record<string, unknown[]>; names: string[] }> {
  const rows: Record<string, unknown[]> = {};
  for (const table of HOST_TABLES) rows[table] = await dataSource.query(`SELECT * FROM ${table} ORDER BY id`);
  const names: { name: string }[] =
    dataSource.options.type === 'postgres'
      ? await dataSource.query(
          `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace
           UNION ALL SELECT conname FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
           UNION ALL SELECT tgname FROM pg_trigger WHERE NOT tgisinternal
           UNION ALL SELECT proname || ':' || md5(prosrc) FROM pg_proc p WHERE pronamespace = current_schema()::regnamespace
             AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
        )
      : await dataSource.query(`SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'`);
  return {
    rows,
    names: names
      .map((row) => row.name)
      .filter((name) => !name.startsWith('flagwright_') && !name.startsWith('PK_'))
      .sort(),
  };
}

describe.each([
  { history: 'a migration of its own', migrations: ['HostUsers1600000000000'] },
  // Hand-written round timestamps are common: names that are also our first migrations' do not make them ours.
  { history: 'its first migration named like our first', migrations: ['InitialSchema1700000000000', 'HostRoles1750000000000'] },
  {
    history: 'migrations named like our first two, in our order',
    migrations: ['InitialSchema1700000000000', 'SearchIndexes1700000003000'],
  },
])('beside a host’s own tables, with $history', ({ migrations }) => {
  it('migrates next to the host’s users, roles, sessions, events, projects and migrations, leaving them as they were, and works', async () => {
    const database = await createTestDatabase({ empty: true });
    const host = new DataSource(hostDataSourceOptions(database));
    await host.initialize();
    let app: INestApplication | undefined;
    try {
      for (const statement of hostSchema(host.options.type === 'postgres', migrations)) await host.query(statement);
      const before = await hostState(host);
      expect(before.names).toEqual(
        expect.arrayContaining(
          host.options.type === 'postgres'
            ? ['users_pkey', 'users_email_key', 'users_id_seq', 'events_project_idx', 'roles_seq', 'users_touch']
            : ['events_project_idx', 'users_touch'],
        ),
      );

      @Module({
        imports: [
          TypeOrmModule.forRoot(hostDataSourceOptions(database)),
          FlagwrightModule.forRoot({
            session: { secret: 'host-session-secret-0123456789' },
            bootstrap: { adminApiTokens: [HOST_ADMIN_TOKEN] },
          }),
        ],
      })
      class HostModule {}
      app = (await Test.createTestingModule({ imports: [HostModule] }).compile()).createNestApplication({ logger: false });
      await app.init();

      const http = supertest(app.getHttpServer());
      await http
        .post('/api/admin/projects/default/features')
        .set('Authorization', HOST_ADMIN_TOKEN)
        .send({ name: 'beside-the-host' })
        .expect(201);
      await http.get('/api/admin/projects/default/features/beside-the-host').set('Authorization', HOST_ADMIN_TOKEN).expect(200);
      expect(await host.query(`SELECT name, project FROM flagwright_features`)).toEqual([{ name: 'beside-the-host', project: 'default' }]);
      expect(await host.query(`SELECT type FROM flagwright_events WHERE feature_name = 'beside-the-host'`)).toEqual([
        { type: 'feature-created' },
      ]);
      expect(await hostState(host)).toEqual(before);
      expect((await host.query(`SELECT name FROM migrations ORDER BY id`)).map((row: { name: string }) => row.name)).toEqual(migrations);
      expect(await host.query(`SELECT count(*) AS count FROM flagwright_migrations`)).toEqual([
        { count: host.options.type === 'postgres' ? String(flagwrightMigrations.length) : flagwrightMigrations.length },
      ]);
    } finally {
      await app?.close();
      await host.destroy();
      await database.drop();
    }
  });
});
