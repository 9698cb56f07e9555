import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/standalone/data-source-options.js';
import { schemaBuilderChanges } from '../helpers/database.js';
import { createTestDatabase } from '../helpers/test-app.js';

/**
 * The entities are the schema's one description for hosts and tools; the migrations are what databases have. On a
 * freshly migrated database, TypeORM's schema builder (what `migration:generate` runs) must find nothing to change,
 * on SQLite (where migration 1700000012000 rebuilds the initial tables with named constraints) and on PostgreSQL.
 */
describe('the entities describe the schema the migrations build', () => {
  it('leaves the schema builder nothing to change on a freshly migrated database', async () => {
    const database = await createTestDatabase();
    const dataSource = new DataSource(dataSourceOptions({ databaseUrl: database.url, databaseFile: database.file }));
    await dataSource.initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
      const changes = await schemaBuilderChanges(dataSource);
      expect(changes, `the entities differ from the migrations; the schema builder would run:\n${changes.join(';\n')}`).toEqual([]);
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });
});
