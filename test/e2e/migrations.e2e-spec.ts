import { DataSource } from 'typeorm';
import { flagwrightMigrations } from '../../src/core/database/migrations/index.js';
import { dataSourceOptions } from '../../src/standalone/data-source-options.js';
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
      expect(built).toEqual(expect.arrayContaining(['features', 'feature_strategies', 'users', 'events', 'sessions', 'api_tokens']));

      for (let i = 0; i < flagwrightMigrations.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
      expect(await tables(dataSource)).toEqual([]);

      await dataSource.runMigrations({ transaction: 'each' });
      expect(await tables(dataSource)).toEqual(built);
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });
});
