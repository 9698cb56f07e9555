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

export async function runAll(queryRunner: QueryRunner, statements: string[]): Promise<void> {
  for (const statement of statements) await queryRunner.query(statement);
}

/**
 * How triggers replace a row of `search_generation` with a random value (so a value seen in a rolled-back
 * transaction never comes back): a PostgreSQL trigger function, and the statement a SQLite trigger runs.
 */
export function generationBumpFunction(name: string, id: number): string {
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${searchGenerationMove(id)}
      RETURN NULL;
    END $$`;
}

/** The PL/pgSQL statement that replaces row `id` of `search_generation`. */
export function searchGenerationMove(id: number): string {
  return `UPDATE search_generation SET generation = floor(random() * 9007199254740991)::bigint WHERE id = ${id};`;
}

export function sqliteGenerationBump(id: number): string {
  return `UPDATE search_generation SET generation = abs(random() % 9007199254740991) WHERE id = ${id};`;
}
