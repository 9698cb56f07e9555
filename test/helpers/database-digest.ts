import { createHash } from 'node:crypto';
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

/**
 * One digest per table of every row it holds (the columns in `ignored` left out), to tell whether a request changed
 * anything. On PostgreSQL one statement hashes each table's rows in the server; on SQLite (in process) the rows are
 * read and hashed here.
 */
export async function databaseDigest(db: Database, schema: Schema, ignored: string[] = []): Promise<Record<string, string>> {
  const tables = Object.keys(schema).sort();
  const columnsOf = (table: string) =>
    schema[table]
      .filter((column) => !ignored.includes(column))
      .map((column) => `"${column}"`)
      .join(', ');
  if (db.isPostgres) {
    const perTable = tables.map(
      (table, index) =>
        `SELECT ${index} AS position, md5(coalesce(string_agg(r.v, '|' ORDER BY r.v), '')) AS digest
           FROM (SELECT ROW(${columnsOf(table)})::text AS v FROM "${table}") r`,
    );
    const rows = await db.query<{ position: number; digest: string }>(perTable.join(' UNION ALL '));
    return Object.fromEntries(rows.map((row) => [tables[Number(row.position)], row.digest]));
  }
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const rows = (await db.query(`SELECT ${columnsOf(table)} FROM "${table}"`)).map((row) => JSON.stringify(row));
    digests[table] = createHash('sha1').update(rows.sort().join('|')).digest('hex');
  }
  return digests;
}

/** The tables whose digest differs between two digests. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]).sort();
}
