import type { DataSource, EntitySchema } from 'typeorm';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
type EntityTarget = Function | EntitySchema;

/**
 * A data source Flagwright cannot work with, refused at start with what to do: `synchronize` (TypeORM would create
 * or alter our tables behind our migrations' back: on a fresh database they then fail with "table already
 * exists"), or our entities missing from it (every repository call would fail at the first request).
 */
export function checkDataSource(dataSource: DataSource, entities: readonly EntityTarget[]): void {
  if (dataSource.options.synchronize) {
    throw new Error(
      'Flagwright: the data source has `synchronize: true`. Flagwright creates and changes its tables with its own migrations: ' +
        'turn `synchronize` off for the data source that holds them (use migrations for your own tables too).',
    );
  }
  const missing = entities.filter((entity) => !holds(dataSource, entity));
  if (missing.length > 0) {
    throw new Error(
      `Flagwright: the data source lacks ${missing.length} of Flagwright's entities (${missing.map(nameOf).slice(0, 3).join(', ')}…). ` +
        'Add them to its options: entities: [...flagwrightEntities, ...yours].',
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
