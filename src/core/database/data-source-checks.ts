import type { DataSource, EntitySchema } from 'typeorm';
import { FLAGWRIGHT_MIGRATIONS_TABLE } from './migration-runner.js';
import { flagwrightMigrations } from './migrations/index.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
type EntityTarget = Function | EntitySchema;

/**
 * A data source Flagwright cannot work with, refused at start with what to do: `synchronize` (TypeORM would create
 * or alter tables behind migrations' back; ours opt out of it, so when this check runs nothing of ours has been
 * written and the next start, with synchronize off, succeeds), `dropSchema` (every start would drop our tables), our
 * entities missing from it (every repository call would fail at the first request), or our migrations listed in it
 * for the host's own table (the host's migration run would run them a second time).
 */
export function checkDataSource(dataSource: DataSource, entities: readonly EntityTarget[]): void {
  if (dataSource.options.synchronize) {
    throw new Error(
      'Flagwright: the data source has `synchronize: true`. Flagwright creates and changes its tables with its own migrations, ' +
        'and has written nothing: turn `synchronize` off for the data source that holds them (use migrations for your own tables too), ' +
        'or give Flagwright a data source of its own (TypeOrmModule.forRoot({ name: "flags", ... }) and FlagwrightModule.forRoot({ dataSourceName: "flags", ... })).',
    );
  }
  if (dataSource.options.dropSchema) {
    throw new Error(
      "Flagwright: the data source has `dropSchema: true`, which drops every table of its schema, Flagwright's included, at each start. " +
        'Turn it off for the data source that holds Flagwright’s tables, or give Flagwright a data source of its own (`dataSourceName`).',
    );
  }
  const migrations = dataSource.options.migrations;
  if (
    Array.isArray(migrations) &&
    dataSource.options.migrationsTableName !== FLAGWRIGHT_MIGRATIONS_TABLE &&
    flagwrightMigrations.some((migration) => migrations.includes(migration))
  ) {
    throw new Error(
      `Flagwright: the data source lists Flagwright's migrations. Flagwright runs them itself and records them in its own table (${FLAGWRIGHT_MIGRATIONS_TABLE}); ` +
        'your migration runs would run them again. Remove flagwrightMigrations from its `migrations`.',
    );
  }
  const missing = entities.filter((entity) => !holds(dataSource, entity));
  if (missing.length > 0) {
    throw new Error(
      `Flagwright: the data source lacks ${missing.length} of Flagwright's entities (${missing.map(nameOf).slice(0, 3).join(', ')}…). ` +
        'Add them to its options: entities: [...flagwrightEntities, ...yours], or let TypeOrmModule add them: autoLoadEntities: true.',
    );
  }
}

function holds(dataSource: DataSource, entity: EntityTarget): boolean {
  if (dataSource.isInitialized) return dataSource.hasMetadata(entity);
  const listed = dataSource.options.entities;
  // Globs and directories can only be resolved by initialising; TypeORM checks those itself.
  if (!Array.isArray(listed) || listed.some((item) => typeof item === 'string')) return true;
  return listed.includes(entity);
}

function nameOf(entity: EntityTarget): string {
  return typeof entity === 'function' ? entity.name : entity.options.name;
}
