import type { QueryRunner } from 'typeorm';

/** Column types that differ between the two databases, so one migration text serves both. */
export interface Ddl {
  /** An auto-incrementing integer primary key column definition. */
  serial: string;
  /** A point in time: timestamptz on PostgreSQL, UTC text on SQLite. */
  timestamp: string;
  bool: string;
  /** A JSON document, kept as text so both databases read it back the same. */
  json: string;
  isPostgres: boolean;
}

export function ddlFor(queryRunner: QueryRunner): Ddl {
  const isPostgres = queryRunner.connection.options.type === 'postgres';
  return isPostgres
    ? { serial: 'SERIAL PRIMARY KEY', timestamp: 'TIMESTAMPTZ', bool: 'BOOLEAN', json: 'TEXT', isPostgres }
    : { serial: 'INTEGER PRIMARY KEY AUTOINCREMENT', timestamp: 'DATETIME', bool: 'BOOLEAN', json: 'TEXT', isPostgres };
}

/**
 * What every name of ours in the database's namespace starts with: tables, and on PostgreSQL their indexes,
 * constraints, sequences, triggers and trigger functions, on SQLite their indexes, triggers and the FTS5 table. A host
 * shares that namespace: its `users` or `events` must never meet ours.
 */
export const TABLE_PREFIX = 'flagwright_';

/**
 * A SQLite trigger's name, schema-wide: what it moves (prefixed: `flagwright_change_sdk`), then the table without
 * its prefix and the event (`flagwright_change_sdk_features_insert`), the name migration 1700000013000 gives the
 * triggers created before it.
 */
export function triggerName(moves: string, table: string, event: string): string {
  return `${moves}_${table.slice(TABLE_PREFIX.length)}_${event.split(' ')[0].toLowerCase()}`;
}

export async function runAll(queryRunner: QueryRunner, statements: string[]): Promise<void> {
  for (const statement of statements) await queryRunner.query(statement);
}

/**
 * How triggers replace a row of `flagwright_search_generation` with a random value (so a value seen in a rolled-back
 * transaction never comes back): a PostgreSQL trigger function (created, or given this body), and the statement a
 * SQLite trigger runs.
 */
export function generationBumpFunction(name: string, id: number): string {
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${searchGenerationMove(id)}
      RETURN NULL;
    END $$`;
}

/** The PL/pgSQL statement that replaces row `id` of `flagwright_search_generation`. */
export function searchGenerationMove(id: number): string {
  return `UPDATE flagwright_search_generation SET generation = floor(random() * 9007199254740991)::bigint WHERE id = ${id};`;
}

export function sqliteGenerationBump(id: number): string {
  return `UPDATE flagwright_search_generation SET generation = abs(random() % 9007199254740991) WHERE id = ${id};`;
}
