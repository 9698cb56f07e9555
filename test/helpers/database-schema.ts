import type { Database } from '../../src/core/database/database.js';

/** Every table of the database and its columns, as the schema lists them now (whatever the migrations made). */
export type Schema = Record<string, string[]>;

export async function databaseSchema(db: Database): Promise<Schema> {
  const rows = db.isPostgres
    ? await db.query<{ table: string; column: string }>(
        `SELECT c.table_name AS "table", c.column_name AS "column" FROM information_schema.columns c
           JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
      )
    : await db.query<{ table: string; column: string }>(
        `SELECT m.name AS "table", p.name AS "column" FROM sqlite_master m, pragma_table_info(m.name) p
          WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid`,
      );
  const schema: Schema = {};
  for (const { table, column } of rows) (schema[table] ??= []).push(column);
  return schema;
}
