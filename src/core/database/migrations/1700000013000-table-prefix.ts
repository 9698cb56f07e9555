import type { MigrationInterface, QueryRunner } from 'typeorm';
import { changeGenerationFunction } from './1700000008000-change-generations.js';
import { CREDENTIALS_GENERATION } from './1700000011000-credential-generation.js';
import { rebuildSqliteTables } from './1700000012000-sqlite-named-constraints.js';
import { ddlFor, generationBumpFunction, TABLE_PREFIX } from './ddl.js';

/**
 * Every table the migrations created before they prefixed their names, under its plain name, with the columns it
 * had when an earlier release created it (later migrations only added columns). A table of a host's that bears one
 * of these names has other columns: it is not ours, and nothing here touches it. The FTS5 tables: SQLite only.
 */
export const EARLIER_TABLE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  roles: ['id', 'name', 'description', 'type', 'built_in', 'created_at'],
  role_permissions: ['role_id', 'permission', 'environment'],
  users: [
    'id',
    'name',
    'username',
    'email',
    'image_url',
    'password_hash',
    'login_attempts',
    'email_sent',
    'root_role_id',
    'is_service',
    'scim_id',
    'seen_at',
    'created_at',
    'created_by_user_id',
  ],
  user_groups: ['id', 'name', 'description', 'mappings_sso', 'root_role_id', 'scim_id', 'created_by', 'created_at'],
  group_users: ['group_id', 'user_id', 'created_by', 'created_at'],
  personal_access_tokens: ['id', 'user_id', 'secret_hash', 'description', 'expires_at', 'seen_at', 'created_at'],
  api_tokens: [
    'id',
    'token_name',
    'secret_hash',
    'secret_prefix',
    'type',
    'environment',
    'expires_at',
    'seen_at',
    'created_by',
    'created_at',
  ],
  api_token_projects: ['token_id', 'project'],
  sessions: ['id_hash', 'user_id', 'created_at', 'expires_at'],
  login_failures: ['login_name', 'failed_count', 'lock_count', 'locked_until', 'updated_at'],
  projects: ['id', 'name', 'description', 'default_stickiness', 'created_at', 'updated_at'],
  environments: ['name', 'type', 'sort_order', 'enabled', 'protected', 'created_at'],
  project_environments: ['project_id', 'environment_name'],
  role_users: ['user_id', 'role_id', 'project', 'created_at'],
  group_roles: ['group_id', 'role_id', 'project', 'created_by', 'created_at'],
  features: [
    'name',
    'project',
    'type',
    'description',
    'stale',
    'potentially_stale',
    'impression_data',
    'created_by_user_id',
    'created_at',
    'archived_at',
    'last_seen_at',
  ],
  feature_environments: ['feature_name', 'environment', 'enabled', 'variants', 'last_seen_at'],
  strategy_types: ['name', 'display_name', 'description', 'parameters', 'built_in', 'editable', 'deprecated', 'sort_order', 'created_at'],
  feature_strategies: [
    'id',
    'feature_name',
    'project_name',
    'environment',
    'strategy_name',
    'title',
    'disabled',
    'parameters',
    'constraints',
    'variants',
    'sort_order',
    'created_by_user_id',
    'created_at',
  ],
  segments: ['id', 'name', 'description', 'project', 'constraints', 'created_by', 'created_at'],
  feature_strategy_segments: ['strategy_id', 'segment_id', 'created_at'],
  tag_types: ['name', 'description', 'icon', 'color', 'created_at'],
  feature_tags: ['feature_name', 'tag_type', 'tag_value', 'created_by_user_id', 'created_at'],
  favorite_features: ['user_id', 'feature_name', 'created_at'],
  feature_lifecycles: ['feature_name', 'stage', 'status', 'created_at'],
  feature_dependencies: ['child', 'parent', 'enabled', 'variants'],
  client_applications: ['app_name', 'description', 'strategies', 'created_at', 'seen_at'],
  client_instances: ['app_name', 'instance_id', 'environment', 'sdk_version', 'client_ip', 'created_at', 'seen_at'],
  client_metrics_hourly: ['feature_name', 'environment', 'hour_start', 'yes_count', 'no_count'],
  client_metrics_variants_hourly: ['feature_name', 'environment', 'hour_start', 'app_name', 'variant', 'count'],
  events: [
    'id',
    'type',
    'created_by',
    'created_by_user_id',
    'created_at',
    'project',
    'feature_name',
    'environment',
    'data',
    'pre_data',
    'tags',
    'ip',
  ],
  search_generation: ['id', 'generation'],
  change_generations: ['name', 'generation'],
  feature_search_keys: ['id', 'feature_name', 'text'],
  feature_search_fts: ['text'],
};

/** The tables the first migration created: a database holding our earlier history holds all of them. */
export const FIRST_MIGRATION_TABLES = Object.keys(EARLIER_TABLE_COLUMNS).filter(
  (table) =>
    !['client_metrics_variants_hourly', 'search_generation', 'change_generations', 'feature_search_keys', 'feature_search_fts'].includes(
      table,
    ),
);

/** The columns of a table of the data source's schema (none when it does not exist). */
export async function columnsOf(queryRunner: QueryRunner, table: string): Promise<string[]> {
  const rows = (await (ddlFor(queryRunner).isPostgres
    ? queryRunner.query(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
        [table],
      )
    : queryRunner.query('SELECT name FROM pragma_table_info(?)', [table]))) as { name: string }[];
  return rows.map((row) => row.name);
}

/** Whether `table` is one of ours as an earlier release made it (`plain` names which): it has every column ours had. */
export async function isEarlierTableOfOurs(queryRunner: QueryRunner, table: string, plain: string): Promise<boolean> {
  const expected = EARLIER_TABLE_COLUMNS[plain];
  if (!expected) return false;
  const columns = new Set(await columnsOf(queryRunner, table));
  return expected.every((column) => columns.has(column));
}

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
 * rows, id counters and what the triggers do. A table of a host's that bears a plain name of ours but not our columns
 * stays as it is, with all that is named after it. The migrations before this one were rewritten to create the prefixed
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
  const moved: string[] = [];
  for (const plain of Object.keys(EARLIER_TABLE_COLUMNS)) {
    if (!(await isEarlierTableOfOurs(queryRunner, plain, plain))) continue;
    const table = TABLE_PREFIX + plain;
    await queryRunner.query(`ALTER TABLE "${plain}" RENAME TO "${table}"`);
    moved.push(plain);
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
  // A trigger function is ours when its body writes one of the tables just moved (a host's function of the same name
  // writes none of them).
  const writesMovedTable = new RegExp(`\\b(${moved.join('|')})\\b`);
  for (const [plain, definition] of PLAIN_FUNCTIONS) {
    const [{ body }] = (await queryRunner.query('SELECT (SELECT prosrc FROM pg_proc WHERE oid = to_regprocedure($1)) AS body', [
      `${plain}()`,
    ])) as { body: string | null }[];
    if (body === null || moved.length === 0 || !writesMovedTable.test(body)) continue;
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
  const plainTables: string[] = [];
  for (const plain of Object.keys(EARLIER_TABLE_COLUMNS)) {
    if (await isEarlierTableOfOurs(queryRunner, plain, plain)) plainTables.push(plain);
  }
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
