import type { MigrationInterface, QueryRunner } from 'typeorm';
import { changeGenerationFunction } from './1700000008000-change-generations.js';
import { CREDENTIALS_GENERATION } from './1700000011000-credential-generation.js';
import { rebuildSqliteTables } from './1700000012000-sqlite-named-constraints.js';
import { ddlFor, generationBumpFunction, TABLE_PREFIX } from './ddl.js';

/** Every table the migrations created before they prefixed their names, under its plain name (the last two: SQLite). */
const PLAIN_TABLES = [
  'roles',
  'role_permissions',
  'users',
  'user_groups',
  'group_users',
  'personal_access_tokens',
  'api_tokens',
  'api_token_projects',
  'sessions',
  'login_failures',
  'projects',
  'environments',
  'project_environments',
  'role_users',
  'group_roles',
  'features',
  'feature_environments',
  'strategy_types',
  'feature_strategies',
  'segments',
  'feature_strategy_segments',
  'tag_types',
  'feature_tags',
  'favorite_features',
  'feature_lifecycles',
  'feature_dependencies',
  'client_applications',
  'client_instances',
  'client_metrics_hourly',
  'client_metrics_variants_hourly',
  'events',
  'search_generation',
  'change_generations',
  'feature_search_keys',
  'feature_search_fts',
];

/** PostgreSQL's trigger functions under their plain names, and their definitions under the prefixed ones. */
const PLAIN_FUNCTIONS: [plain: string, definition: string][] = [
  ['search_generation_bump', generationBumpFunction(`${TABLE_PREFIX}search_generation_bump`, 1)],
  ['search_activity_bump', generationBumpFunction(`${TABLE_PREFIX}search_activity_bump`, 2)],
  ...['sdk', CREDENTIALS_GENERATION].map((name): [string, string] => [`change_generation_${name}`, changeGenerationFunction(name)]),
];

/**
 * Moves a database created before our names had the `flagwright_` prefix (issue 12: a host's `users` or `events`
 * collided with ours) to the prefixed names, at whatever migration it stopped: every table of ours that exists, and
 * everything named after it (indexes, constraints, sequences, triggers, trigger functions, the FTS5 table), keeping
 * rows, id counters and what the triggers do. The migrations before this one were rewritten to create the prefixed
 * names, so the migration runner runs this one before them on such a database (see movePlainNamesFirst); on a
 * database they created, it finds the prefixed tables and has nothing to do.
 */
export class TablePrefix1700000013000 implements MigrationInterface {
  name = 'TablePrefix1700000013000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The first migration creates it: here on a database the rewritten migrations built (this one runs last there),
    // absent only on an earlier release's database, whose plain-named tables are all ours.
    if (await queryRunner.hasTable(`${TABLE_PREFIX}roles`)) return;
    const { isPostgres } = ddlFor(queryRunner);
    if (isPostgres) await movePostgres(queryRunner);
    else await moveSqlite(queryRunner);
  }

  /** The earlier migrations now create and drop the prefixed names: their `down`s need this shape, so it stays. */
  async down(): Promise<void> {}
}

/**
 * PostgreSQL renames in place: foreign keys, column defaults and triggers refer to tables, sequences and functions by
 * identity, so they follow. Function bodies name tables in text: they are given the prefixed names.
 */
async function movePostgres(queryRunner: QueryRunner): Promise<void> {
  const names = async (sql: string, table: string): Promise<string[]> =>
    ((await queryRunner.query(sql, [table])) as { name: string }[]).map((row) => row.name).filter((name) => !name.startsWith(TABLE_PREFIX));
  for (const plain of PLAIN_TABLES) {
    const [{ found }] = (await queryRunner.query('SELECT to_regclass($1) IS NOT NULL AS found', [plain])) as { found: boolean }[];
    if (!found) continue;
    const table = TABLE_PREFIX + plain;
    await queryRunner.query(`ALTER TABLE "${plain}" RENAME TO "${table}"`);
    // Constraints first: a primary key or unique constraint renames its index with it.
    for (const name of await names('SELECT conname AS name FROM pg_constraint WHERE conrelid = $1::regclass', table)) {
      await queryRunner.query(`ALTER TABLE "${table}" RENAME CONSTRAINT "${name}" TO "${TABLE_PREFIX}${name}"`);
    }
    for (const name of await names(
      'SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = $1::regclass',
      table,
    )) {
      await queryRunner.query(`ALTER INDEX "${name}" RENAME TO "${TABLE_PREFIX}${name}"`);
    }
    for (const name of await names(
      `SELECT s.relname AS name FROM pg_depend d JOIN pg_class s ON s.oid = d.objid
        WHERE d.refobjid = $1::regclass AND d.classid = 'pg_class'::regclass AND s.relkind = 'S'`,
      table,
    )) {
      await queryRunner.query(`ALTER SEQUENCE "${name}" RENAME TO "${TABLE_PREFIX}${name}"`);
    }
    for (const name of await names('SELECT tgname AS name FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal', table)) {
      await queryRunner.query(`ALTER TRIGGER "${name}" ON "${table}" RENAME TO "${TABLE_PREFIX}${name}"`);
    }
  }
  for (const [plain, definition] of PLAIN_FUNCTIONS) {
    const [{ found }] = (await queryRunner.query('SELECT to_regprocedure($1) IS NOT NULL AS found', [`${plain}()`])) as {
      found: boolean;
    }[];
    if (!found) continue;
    await queryRunner.query(`ALTER FUNCTION "${plain}"() RENAME TO "${TABLE_PREFIX}${plain}"`);
    await queryRunner.query(definition);
  }
}

/**
 * SQLite renames tables in place, and with them the references to them in other tables' foreign keys, in triggers,
 * in indexes, in `sqlite_sequence` (id counters) and the FTS5 table's own tables. Indexes and triggers cannot be
 * renamed: each is created again under the prefixed name from its definition, which already names the prefixed
 * tables. Constraint names live inside a table's definition: tables that have them (those migration 1700000012000
 * rebuilt) are rebuilt again, naming them after the prefixed table.
 */
async function moveSqlite(queryRunner: QueryRunner): Promise<void> {
  const existing = new Set(
    ((await queryRunner.query(`SELECT name FROM sqlite_master WHERE type = 'table'`)) as { name: string }[]).map((row) => row.name),
  );
  const plainTables = PLAIN_TABLES.filter((table) => existing.has(table));
  for (const plain of plainTables) await queryRunner.query(`ALTER TABLE "${plain}" RENAME TO "${TABLE_PREFIX}${plain}"`);
  const tables = plainTables.map((plain) => TABLE_PREFIX + plain);
  const inTables = tables.map(() => '?').join(', ');
  const objects = (await queryRunner.query(
    `SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${inTables}) ORDER BY rowid`,
    tables,
  )) as { type: 'index' | 'trigger'; name: string; sql: string }[];
  const renamed = objects.filter((object) => !object.name.startsWith(TABLE_PREFIX));
  for (const { type, name } of renamed) await queryRunner.query(`DROP ${type.toUpperCase()} "${name}"`);
  for (const { type, name, sql } of renamed) {
    const definition = new RegExp(`^(CREATE\\s+(?:UNIQUE\\s+)?${type}\\s+)"?${name}"?`, 'i');
    if (!definition.test(sql)) throw new Error(`Cannot rename the ${type} ${name}: its definition does not start with its name`);
    await queryRunner.query(sql.replace(definition, `$1"${TABLE_PREFIX}${name}"`));
  }
  const named = (await queryRunner.query(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${inTables}) AND sql LIKE '%CONSTRAINT "%' ORDER BY rowid`,
    tables,
  )) as { name: string }[];
  if (named.length > 0) {
    await rebuildSqliteTables(
      queryRunner,
      named.map((row) => row.name),
    );
  }
}
