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
