import { DataSource } from 'typeorm';
import { Database } from '../../src/core/database/database.js';
import { InitialSchema1700000000000 } from '../../src/core/database/migrations/1700000000000-initial-schema.js';
import { flagwrightMigrations } from '../../src/core/database/migrations/index.js';
import { dataSourceOptions } from '../../src/standalone/data-source-options.js';
import { createTestDatabase } from '../helpers/test-app.js';

describe('search migration on a database that already has features', () => {
  it('indexes the existing features and tags, and keeps the index in step afterwards', async () => {
    const database = await createTestDatabase();
    const options = dataSourceOptions({ databaseUrl: database.url, databaseFile: database.file });
    const full = new DataSource(options);
    await full.initialize();
    // The PostgreSQL test database is a clone of the fully migrated template: start from nothing.
    if (database.url) for (let i = 0; i < flagwrightMigrations.length; i++) await full.undoLastMigration({ transaction: 'each' });
    const dataSource = new DataSource({ ...options, migrations: [InitialSchema1700000000000] });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const db = new Database(dataSource);
    try {
      const now = db.toTimestamp(new Date('2024-01-01T00:00:00Z'));
      await db.execute(`INSERT INTO flagwright_projects (id, name, created_at) VALUES ('default', 'Default', :now)`, { now });
      await db.execute(`INSERT INTO flagwright_tag_types (name, created_at) VALUES ('simple', :now)`, { now });
      await db.execute(
        `INSERT INTO flagwright_features (name, project, description, created_at) VALUES ('Old-One', 'default', 'Legacy Checkout', :now), ('plain', 'default', NULL, :now)`,
        { now },
      );
      await db.execute(
        `INSERT INTO flagwright_feature_tags (feature_name, tag_type, tag_value, created_at) VALUES ('plain', 'simple', 'Beta', :now)`,
        { now },
      );

      await full.runMigrations({ transaction: 'each' });

      const generation = await db.one<{ generation: unknown }>('SELECT generation FROM flagwright_search_generation WHERE id = 1');
      expect(generation).toBeDefined();
      if (!db.isPostgres) {
        const text = async () =>
          await db.query<{ feature_name: string; text: string }>(
            'SELECT feature_name, text FROM flagwright_feature_search_keys ORDER BY feature_name',
          );
        expect(await text()).toEqual([
          { feature_name: 'Old-One', text: 'old-one\nlegacy checkout\n' },
          { feature_name: 'plain', text: 'plain\n\nsimple:beta' },
        ]);
        const match = (term: string) =>
          db.query<{ name: string }>(
            'SELECT k.feature_name AS name FROM flagwright_feature_search_fts s JOIN flagwright_feature_search_keys k ON k.id = s.rowid WHERE flagwright_feature_search_fts MATCH :term ORDER BY 1',
            { term },
          );
        expect(await match('"checkout"')).toEqual([{ name: 'Old-One' }]);
        expect(await match('"e:be"')).toEqual([{ name: 'plain' }]);

        await db.execute(`UPDATE flagwright_features SET description = 'Now described' WHERE name = 'plain'`);
        await db.execute(`DELETE FROM flagwright_feature_tags WHERE feature_name = 'plain'`);
        await db.execute(
          `INSERT INTO flagwright_feature_tags (feature_name, tag_type, tag_value, created_at) VALUES ('Old-One', 'simple', 'gone', :now)`,
          { now },
        );
        await db.execute(`DELETE FROM flagwright_features WHERE name = 'Old-One'`);
        expect(await text()).toEqual([{ feature_name: 'plain', text: 'plain\nnow described\n' }]);
        expect(await match('"described"')).toEqual([{ name: 'plain' }]);
        expect(await match('"checkout"')).toEqual([]);
        expect(await match('"beta"')).toEqual([]);
      } else {
        const indexes = await db.query<{ indexname: string }>(
          "SELECT indexname FROM pg_indexes WHERE indexname LIKE 'flagwright_features_search_%' ORDER BY 1",
        );
        expect(indexes.length).toBeGreaterThanOrEqual(12);
      }
      const before = String(
        (await db.one<{ generation: unknown }>('SELECT generation FROM flagwright_search_generation WHERE id = 1'))?.generation,
      );
      await db.execute(`UPDATE flagwright_features SET stale = true WHERE name = 'plain'`);
      const after = String(
        (await db.one<{ generation: unknown }>('SELECT generation FROM flagwright_search_generation WHERE id = 1'))?.generation,
      );
      expect(after).not.toBe(before);
      await db.execute(`UPDATE flagwright_features SET last_seen_at = :now WHERE name = 'plain'`, { now });
      expect(
        String((await db.one<{ generation: unknown }>('SELECT generation FROM flagwright_search_generation WHERE id = 1'))?.generation),
      ).toBe(after);
    } finally {
      await dataSource.destroy();
      await full.destroy();
      await database.drop();
    }
  });
});
