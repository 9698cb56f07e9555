import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, TABLE_PREFIX } from './ddl.js';

/**
 * The tables the earlier migrations created on SQLite in a shape TypeORM cannot read back as the entities describe
 * it: foreign keys and unique constraints without names (TypeORM matches them by name), a primary key that SQLite
 * lets be NULL unless it is declared NOT NULL, an unquoted AUTOINCREMENT column TypeORM does not recognise, and
 * boolean defaults spelled `false`/`true` where TypeORM reads `0`/`1`.
 */
const TABLES = [
  'flagwright_roles',
  'flagwright_role_permissions',
  'flagwright_users',
  'flagwright_user_groups',
  'flagwright_group_users',
  'flagwright_personal_access_tokens',
  'flagwright_api_tokens',
  'flagwright_api_token_projects',
  'flagwright_sessions',
  'flagwright_login_failures',
  'flagwright_projects',
  'flagwright_environments',
  'flagwright_project_environments',
  'flagwright_role_users',
  'flagwright_group_roles',
  'flagwright_features',
  'flagwright_feature_environments',
  'flagwright_strategy_types',
  'flagwright_feature_strategies',
  'flagwright_segments',
  'flagwright_feature_strategy_segments',
  'flagwright_tag_types',
  'flagwright_feature_tags',
  'flagwright_favorite_features',
  'flagwright_feature_lifecycles',
  'flagwright_feature_dependencies',
  'flagwright_client_applications',
  'flagwright_events',
  'flagwright_search_generation',
  'flagwright_change_generations',
];

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

interface ForeignKeyInfo {
  id: number;
  table: string;
  from: string;
  to: string;
  on_update: string;
  on_delete: string;
}

interface ForeignKey {
  table: string;
  from: string[];
  to: string[];
  onDelete: string;
  onUpdate: string;
}

/** SQLite reads `false`/`true` as 0/1 and TypeORM's schema builder compares defaults as 0/1. */
const BOOLEAN_LITERALS: Record<string, string> = { false: '0', true: '1' };

/**
 * On SQLite, rebuilds those tables with the same columns, rows, keys and rules, each constraint named as PostgreSQL
 * names it (`<table>_<columns>_fkey`, `<table>_<columns>_key`, the names the entities give), so that TypeORM's schema
 * builder finds nothing to change (`schema-matches-migrations.e2e-spec.ts`). SQLite cannot name or alter a
 * constraint in place: each table is created anew, filled, and put in the old one's place, with its indexes and
 * its AUTOINCREMENT counter. Triggers (change generations, search) are set aside first and created again at the
 * end, since a table's triggers go with it and a rename checks every trigger against the tables that exist
 * (only the triggers on our tables: they are the only ones that name them).
 * PostgreSQL already has these names: nothing to do there.
 */
export class SqliteNamedConstraints1700000012000 implements MigrationInterface {
  name = 'SqliteNamedConstraints1700000012000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (ddlFor(queryRunner).isPostgres) return;
    await rebuildSqliteTables(queryRunner, TABLES);
  }

  /** The rebuilt tables mean what the old ones meant, and every earlier migration's `down` works on either shape. */
  async down(): Promise<void> {}
}

/**
 * Rebuilds each of `tables` (SQLite) with its constraints named after it, keeping rows, indexes, AUTOINCREMENT
 * counters and the triggers on our tables. The host's triggers and tables are not touched.
 */
export async function rebuildSqliteTables(queryRunner: QueryRunner, tables: string[]): Promise<void> {
  // Dropping a table with foreign keys on deletes its rows first, cascading into every table that refers to it.
  const [{ foreign_keys: foreignKeysOn }] = (await queryRunner.query('PRAGMA foreign_keys')) as { foreign_keys: number }[];
  if (foreignKeysOn) throw new Error('Rebuilding SQLite tables must run with foreign keys off, as TypeORM runs migrations');
  const triggers = (await queryRunner.query(
    `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND substr(tbl_name, 1, ${TABLE_PREFIX.length}) = '${TABLE_PREFIX}' ORDER BY rowid`,
  )) as { name: string; sql: string }[];
  for (const { name } of triggers) await queryRunner.query(`DROP TRIGGER "${name}"`);
  for (const table of tables) await rebuild(queryRunner, table);
  for (const { sql } of triggers) await queryRunner.query(sql);
  for (const table of tables) {
    const violations = (await queryRunner.query(`PRAGMA foreign_key_check("${table}")`)) as unknown[];
    if (violations.length > 0) throw new Error(`Rebuilt table ${table} breaks foreign keys: ${JSON.stringify(violations)}`);
  }
}

async function rebuild(queryRunner: QueryRunner, table: string): Promise<void> {
  const next = `${table}_next`;
  const columns = (await queryRunner.query(`PRAGMA table_info("${table}")`)) as ColumnInfo[];
  const [{ sql }] = (await queryRunner.query(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`, [table])) as {
    sql: string;
  }[];
  const indexes = (await queryRunner.query(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`, [
    table,
  ])) as { sql: string }[];
  const primaryKey = columns.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
  const autoIncrement = /AUTOINCREMENT/i.test(sql);

  const definitions = columns.map((column) => {
    const isPrimary = primaryKey.length === 1 && column.pk > 0;
    return [
      `"${column.name}" ${column.type}`,
      isPrimary ? (autoIncrement ? 'PRIMARY KEY AUTOINCREMENT' : 'PRIMARY KEY') : '',
      column.notnull || column.pk ? 'NOT NULL' : '',
      column.dflt_value === null ? '' : `DEFAULT ${BOOLEAN_LITERALS[column.dflt_value.toLowerCase()] ?? column.dflt_value}`,
    ]
      .filter(Boolean)
      .join(' ');
  });
  const uniques = (await uniqueConstraints(queryRunner, table)).map(
    (unique) => `CONSTRAINT "${table}_${unique.join('_')}_key" UNIQUE (${quoted(unique)})`,
  );
  const foreignKeys = groupForeignKeys((await queryRunner.query(`PRAGMA foreign_key_list("${table}")`)) as ForeignKeyInfo[]).map(
    (key) =>
      `CONSTRAINT "${table}_${key.from.join('_')}_fkey" FOREIGN KEY (${quoted(key.from)}) REFERENCES "${key.table}" (${quoted(key.to)})` +
      ` ON DELETE ${key.onDelete} ON UPDATE ${key.onUpdate}`,
  );
  const compositeKey = primaryKey.length > 1 ? [`PRIMARY KEY (${quoted(primaryKey.map((column) => column.name))})`] : [];

  const names = quoted(columns.map((column) => column.name));
  await queryRunner.query(`CREATE TABLE "${next}" (${[...definitions, ...uniques, ...foreignKeys, ...compositeKey].join(', ')})`);
  await queryRunner.query(`INSERT INTO "${next}" (${names}) SELECT ${names} FROM "${table}"`);
  if (autoIncrement) {
    // Ids are never reused: the counter continues from the old table's, which may be past its largest id.
    await queryRunner.query('DELETE FROM sqlite_sequence WHERE name = ?', [next]);
    await queryRunner.query('INSERT INTO sqlite_sequence (name, seq) SELECT ?, seq FROM sqlite_sequence WHERE name = ?', [next, table]);
  }
  await queryRunner.query(`DROP TABLE "${table}"`);
  await queryRunner.query(`ALTER TABLE "${next}" RENAME TO "${table}"`);
  for (const index of indexes) await queryRunner.query(index.sql);
}

/** The columns of each unique constraint (not primary key) of the table, in their order. */
async function uniqueConstraints(queryRunner: QueryRunner, table: string): Promise<string[][]> {
  const indexes = (await queryRunner.query(`PRAGMA index_list("${table}")`)) as { name: string; origin: string }[];
  const uniques: string[][] = [];
  for (const index of indexes.filter((candidate) => candidate.origin === 'u')) {
    const columns = (await queryRunner.query(`PRAGMA index_info("${index.name}")`)) as { seqno: number; name: string }[];
    uniques.push(columns.sort((a, b) => a.seqno - b.seqno).map((column) => column.name));
  }
  return uniques;
}

/** PRAGMA foreign_key_list gives one row per column; a key may span several. */
function groupForeignKeys(rows: ForeignKeyInfo[]): ForeignKey[] {
  const keys = new Map<number, ForeignKey>();
  for (const row of rows) {
    const key = keys.get(row.id) ?? { table: row.table, from: [], to: [], onDelete: row.on_delete, onUpdate: row.on_update };
    key.from.push(row.from);
    key.to.push(row.to);
    keys.set(row.id, key);
  }
  return [...keys.values()];
}

function quoted(names: string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}
