import { type INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { flagwrightMigrations } from '../../src/core/database/migrations/index.js';
import { FlagwrightModule } from '../../src/index.js';
import { createTestApp, createTestDatabase, hostDataSourceOptions } from '../helpers/test-app.js';

/** A migration of the host's own, in the data source it shares with Flagwright. */
class HostOrders1800000000000 implements MigrationInterface {
  name = 'HostOrders1800000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE host_orders (id INTEGER PRIMARY KEY)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE host_orders');
  }
}

const OURS = flagwrightMigrations.map((migration) => new migration().name);

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

async function startHost(database: Database): Promise<INestApplication> {
  @Module({
    imports: [
      TypeOrmModule.forRoot({ ...hostDataSourceOptions(database), migrations: [HostOrders1800000000000] }),
      FlagwrightModule.forRoot({ session: { secret: 'host-session-secret-0123456789' } }),
    ],
  })
  class HostModule {}
  const app = (await Test.createTestingModule({ imports: [HostModule] }).compile()).createNestApplication({ logger: false });
  await app.init();
  return app;
}

async function hasTable(dataSource: DataSource, table: string): Promise<boolean> {
  const runner = dataSource.createQueryRunner();
  try {
    return await runner.hasTable(table);
  } finally {
    await runner.release();
  }
}

const namesIn = async (dataSource: DataSource, table: string): Promise<string[]> =>
  (await dataSource.query<{ name: string }[]>(`SELECT name FROM ${table} ORDER BY id`)).map((row) => row.name);

/** A database as Flagwright left it before its migrations had their own table: every one recorded in TypeORM's `migrations`. */
async function migrateTheOldWay(database: Database, hostMigrations: (typeof HostOrders1800000000000)[] = []): Promise<void> {
  const dataSource = new DataSource({ ...hostDataSourceOptions(database), migrations: [...flagwrightMigrations, ...hostMigrations] });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await namesIn(dataSource, 'migrations')).toEqual([...OURS, ...hostMigrations.map((migration) => new migration().name)]);
  } finally {
    await dataSource.destroy();
  }
}

describe('our migrations, in a table of our own', () => {
  it('runs only ours when embedded: the host migration of the same data source stays the host’s to run', async () => {
    const database = await createTestDatabase({ empty: true });
    const app = await startHost(database);
    try {
      const dataSource = app.get(DataSource);
      expect(await namesIn(dataSource, 'flagwright_migrations')).toEqual(OURS);
      expect(await hasTable(dataSource, 'host_orders')).toBe(false);
      expect(await hasTable(dataSource, 'migrations')).toBe(false);

      // The host runs its own: TypeORM's table gets the host's migration only, ours stays as it was.
      expect((await dataSource.runMigrations()).map((migration) => migration.name)).toEqual(['HostOrders1800000000000']);
      expect(await namesIn(dataSource, 'migrations')).toEqual(['HostOrders1800000000000']);
      expect(await hasTable(dataSource, 'host_orders')).toBe(true);
      expect(await namesIn(dataSource, 'flagwright_migrations')).toEqual(OURS);
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('moves an embedded database’s old history to our table once, leaving the host’s rows, and re-runs nothing', async () => {
    const database = await createTestDatabase({ empty: true });
    await migrateTheOldWay(database, [HostOrders1800000000000]);
    // Any of ours run a second time would fail on its tables, which exist.
    for (let start = 0; start < 2; start++) {
      const app = await startHost(database);
      try {
        const dataSource = app.get(DataSource);
        expect(await namesIn(dataSource, 'flagwright_migrations')).toEqual(OURS);
        expect(await namesIn(dataSource, 'migrations')).toEqual(['HostOrders1800000000000']);
        expect(await dataSource.query('SELECT id FROM flagwright_roles ORDER BY id LIMIT 1')).toEqual([{ id: 1 }]);
      } finally {
        await app.close();
      }
    }
    await database.drop();
  });

  it('moves a standalone database’s history to our table, dropping the table it leaves empty', async () => {
    const database = await createTestDatabase({ empty: true });
    await migrateTheOldWay(database);
    const t = await createTestApp({}, database);
    try {
      const dataSource = t.db.dataSource;
      expect(await namesIn(dataSource, 'flagwright_migrations')).toEqual(OURS);
      expect(await hasTable(dataSource, 'migrations')).toBe(false);
      await t.http().get('/api/admin/projects').set('Authorization', t.env.initAdminApiTokens[0]).expect(200);
    } finally {
      await t.close();
      await database.drop();
    }
  });
});
