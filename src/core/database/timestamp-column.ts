import { Column, type ColumnOptions, type DataSource } from 'typeorm';

/** The entity properties declared with TimestampColumn, per entity class. */
const timestampProperties = new WeakMap<object, Set<string>>();

/**
 * A point in time, as the migrations create it (`ddl.ts`): DATETIME (UTC text) on SQLite, TIMESTAMPTZ on
 * PostgreSQL. TypeORM accepts neither type name on the other database, so the column is declared as `Date` (which
 * TypeORM maps to DATETIME on SQLite) and `describeTimestampsWithTimeZone` corrects it on PostgreSQL.
 */
export function TimestampColumn(options: Omit<ColumnOptions, 'type'> = {}): PropertyDecorator {
  const column = Column({ ...options, type: Date });
  return (target, propertyName) => {
    const properties = timestampProperties.get(target.constructor) ?? new Set<string>();
    properties.add(String(propertyName));
    timestampProperties.set(target.constructor, properties);
    column(target, propertyName);
  };
}

/**
 * Makes a PostgreSQL DataSource's metadata say TIMESTAMPTZ for every TimestampColumn, so that its schema builder (and
 * `migration:generate`) sees the columns the migrations created. Only the entities' description changes: reads and
 * writes go through `Database`, which never depended on it.
 */
export function describeTimestampsWithTimeZone(dataSource: DataSource): void {
  if (dataSource.options.type !== 'postgres') return;
  for (const entity of dataSource.entityMetadatas) {
    const properties = timestampProperties.get(entity.target as object);
    if (!properties) continue;
    for (const column of entity.columns) if (properties.has(column.propertyName)) column.type = 'timestamptz';
  }
}
