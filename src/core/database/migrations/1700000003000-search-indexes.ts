import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, generationBumpFunction, runAll, sqliteGenerationBump, TABLE_PREFIX, triggerName } from './ddl.js';

/**
 * What feature search needs to answer a page at a cost that follows the page, not the table:
 * - ordered partial indexes over active features, one per sort (and per direction: ties are always broken by
 *   created_at then name ascending, which a backward scan of an ascending index would reverse);
 * - substring search over names, descriptions and tags through an index: on SQLite an FTS5 trigram table over
 *   `flagwright_feature_search_keys.text` (name, description and tags, one per line, lower-cased by SQLite's lower()), kept in
 *   sync by triggers, keyed by the keys table because VACUUM may renumber implicit rowids, and matching
 *   case-sensitively so that it agrees exactly with instr() on the same text, which searches walking the features
 *   in order use; pg_trgm GIN indexes on PostgreSQL;
 * - `flagwright_search_generation`, a value triggers replace on every change a search filter or a result's configuration
 *   can see, so totals and the configuration part of results can be cached safely (last-seen times and metrics
 *   do not change it: SDK traffic must not invalidate the caches). It becomes a random value rather than the next
 *   number, so a value seen inside a transaction that is rolled back never comes back. PostgreSQL changes it once
 *   per statement: a bulk insert in one transaction must not update the row once per inserted row.
 * Name, type and project order is byte order on both databases (COLLATE "C" on PostgreSQL).
 */
export class SearchIndexes1700000003000 implements MigrationInterface {
  name = 'SearchIndexes1700000003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    const c = isPostgres ? ' COLLATE "C"' : '';
    const active = 'WHERE archived_at IS NULL';
    await runAll(queryRunner, [
      `CREATE INDEX flagwright_features_search_created_idx ON flagwright_features (created_at, name${c}) ${active}`,
      `CREATE INDEX flagwright_features_search_created_desc_idx ON flagwright_features (created_at DESC, name${c}) ${active}`,
      `CREATE INDEX flagwright_features_search_name_idx ON flagwright_features (name${c}) ${active}`,
      // stale rides along in the one-type and one-project indexes, which searches filtering by state walk.
      `CREATE INDEX flagwright_features_search_type_idx ON flagwright_features (type${c}, created_at, name${c}, stale) ${active}`,
      `CREATE INDEX flagwright_features_search_type_desc_idx ON flagwright_features (type${c} DESC, created_at, name${c}) ${active}`,
      `CREATE INDEX flagwright_features_search_project_idx ON flagwright_features (project${c}, created_at, name${c}, stale) ${active}`,
      `CREATE INDEX flagwright_features_search_project_desc_idx ON flagwright_features (project${c} DESC, created_at, name${c}) ${active}`,
      `CREATE INDEX flagwright_features_search_stale_idx ON flagwright_features (stale, created_at, name${c}) ${active}`,
      `CREATE INDEX flagwright_features_search_stale_desc_idx ON flagwright_features (stale DESC, created_at, name${c}) ${active}`,
      `CREATE INDEX flagwright_features_search_seen_idx ON flagwright_features (last_seen_at, created_at, name${c}) ${active}`,
      `CREATE INDEX flagwright_features_search_seen_desc_idx ON flagwright_features (last_seen_at DESC, created_at, name${c}) ${active}`,
      `CREATE INDEX flagwright_features_search_archived_created_idx ON flagwright_features (created_at, name${c}) WHERE archived_at IS NOT NULL`,
      `CREATE INDEX flagwright_feature_lifecycles_latest_idx ON flagwright_feature_lifecycles (feature_name, created_at)`,
      // A result's last-seen times, read on every search, from the index alone.
      `CREATE INDEX flagwright_features_seen_idx ON flagwright_features (name, last_seen_at) WHERE last_seen_at IS NOT NULL`,
      `CREATE INDEX flagwright_feature_environments_seen_idx ON flagwright_feature_environments (feature_name, environment, last_seen_at) WHERE last_seen_at IS NOT NULL`,
      // Whether a feature is enabled in an environment (status filter, environment sort), from the index alone.
      `CREATE INDEX flagwright_feature_environments_state_idx ON flagwright_feature_environments (feature_name, environment, enabled)`,
      `CREATE TABLE flagwright_search_generation (id INTEGER PRIMARY KEY, generation BIGINT NOT NULL)`,
      `INSERT INTO flagwright_search_generation (id, generation) VALUES (1, 0)`,
    ]);
    if (isPostgres) await this.upPostgres(queryRunner);
    else await this.upSqlite(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    if (isPostgres) {
      for (const [table] of GENERATION_TRIGGERS)
        await queryRunner.query(`DROP TRIGGER IF EXISTS flagwright_search_generation_bump ON ${table}`);
      await runAll(queryRunner, [
        'DROP FUNCTION IF EXISTS flagwright_search_generation_bump()',
        'DROP INDEX IF EXISTS flagwright_features_name_trgm_idx',
        'DROP INDEX IF EXISTS flagwright_features_description_trgm_idx',
        'DROP INDEX IF EXISTS flagwright_feature_tags_trgm_idx',
      ]);
    } else {
      for (const [table, events] of GENERATION_TRIGGERS) {
        for (const event of events) await queryRunner.query(`DROP TRIGGER IF EXISTS ${triggerName(GENERATION, table, event)}`);
      }
      for (const trigger of SQLITE_FTS_TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
      await runAll(queryRunner, ['DROP TABLE flagwright_feature_search_fts', 'DROP TABLE flagwright_feature_search_keys']);
    }
    await runAll(queryRunner, [
      'DROP TABLE flagwright_search_generation',
      'DROP INDEX flagwright_feature_environments_state_idx',
      'DROP INDEX flagwright_feature_environments_seen_idx',
      'DROP INDEX flagwright_features_seen_idx',
      'DROP INDEX flagwright_feature_lifecycles_latest_idx',
      'DROP INDEX flagwright_features_search_archived_created_idx',
      'DROP INDEX flagwright_features_search_seen_desc_idx',
      'DROP INDEX flagwright_features_search_seen_idx',
      'DROP INDEX flagwright_features_search_stale_desc_idx',
      'DROP INDEX flagwright_features_search_stale_idx',
      'DROP INDEX flagwright_features_search_project_desc_idx',
      'DROP INDEX flagwright_features_search_project_idx',
      'DROP INDEX flagwright_features_search_type_desc_idx',
      'DROP INDEX flagwright_features_search_type_idx',
      'DROP INDEX flagwright_features_search_name_idx',
      'DROP INDEX flagwright_features_search_created_desc_idx',
      'DROP INDEX flagwright_features_search_created_idx',
    ]);
  }

  private async upPostgres(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm ships with PostgreSQL and is a trusted extension, but a locked-down server may refuse it; search then
    // stays correct and scans instead of using trigram indexes.
    await queryRunner.query('SAVEPOINT search_trgm');
    try {
      await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      // Without a pending list (fastupdate): lookups never scan a backlog of recent inserts, so they stay as cheap as
      // the planner expects.
      await runAll(queryRunner, [
        'CREATE INDEX flagwright_features_name_trgm_idx ON flagwright_features USING gin (name gin_trgm_ops) WITH (fastupdate = off)',
        'CREATE INDEX flagwright_features_description_trgm_idx ON flagwright_features USING gin (description gin_trgm_ops) WITH (fastupdate = off)',
        `CREATE INDEX flagwright_feature_tags_trgm_idx ON flagwright_feature_tags USING gin ((tag_type || ':' || tag_value) gin_trgm_ops) WITH (fastupdate = off)`,
      ]);
      await queryRunner.query('RELEASE SAVEPOINT search_trgm');
    } catch {
      await queryRunner.query('ROLLBACK TO SAVEPOINT search_trgm');
    }
    await queryRunner.query(generationBumpFunction('flagwright_search_generation_bump', 1));
    for (const [table, events] of GENERATION_TRIGGERS) {
      const on = events
        .map((event) => (event === 'UPDATE' && UPDATE_COLUMNS[table] ? `UPDATE OF ${UPDATE_COLUMNS[table]}` : event))
        .join(' OR ');
      await queryRunner.query(
        `CREATE TRIGGER flagwright_search_generation_bump AFTER ${on} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION flagwright_search_generation_bump()`,
      );
    }
  }

  private async upSqlite(queryRunner: QueryRunner): Promise<void> {
    const bump = sqliteGenerationBump(1);
    // What a term is looked for in: name, description and `type:value` tags, one per line, lower-cased by lower().
    const textOf = (name: string, description: string) =>
      `lower(${name} || char(10) || COALESCE(${description}, '') || char(10) ||
         COALESCE((SELECT group_concat(tag_type || ':' || tag_value, char(10)) FROM flagwright_feature_tags WHERE feature_name = ${name}), ''))`;
    const keyOf = (feature: string) => `(SELECT id FROM flagwright_feature_search_keys WHERE feature_name = ${feature})`;
    const syncIndex = (feature: string) =>
      `UPDATE flagwright_feature_search_fts SET text = (SELECT text FROM flagwright_feature_search_keys WHERE feature_name = ${feature}) WHERE rowid = ${keyOf(feature)};`;
    // A feature's tags are also deleted by the cascade of deleting the feature, when its row is already gone.
    const refresh = (feature: string) =>
      `UPDATE flagwright_feature_search_keys SET text = (SELECT ${textOf('f.name', 'f.description')} FROM flagwright_features f WHERE f.name = ${feature})
         WHERE feature_name = ${feature} AND EXISTS (SELECT 1 FROM flagwright_features f WHERE f.name = ${feature});
       ${syncIndex(feature)}`;
    await runAll(queryRunner, [
      // `text` is also what a search walking the features in order checks, one index lookup per feature.
      'CREATE TABLE flagwright_feature_search_keys (id INTEGER PRIMARY KEY, feature_name VARCHAR(255) NOT NULL UNIQUE, text TEXT NOT NULL)',
      'CREATE INDEX flagwright_feature_search_keys_text_idx ON flagwright_feature_search_keys (feature_name, text)',
      `CREATE VIRTUAL TABLE flagwright_feature_search_fts USING fts5(text, tokenize = 'trigram case_sensitive 1')`,
      `INSERT INTO flagwright_feature_search_keys (feature_name, text) SELECT f.name, ${textOf('f.name', 'f.description')} FROM flagwright_features f`,
      'INSERT INTO flagwright_feature_search_fts (rowid, text) SELECT id, text FROM flagwright_feature_search_keys',
      `CREATE TRIGGER flagwright_feature_search_fts_insert AFTER INSERT ON flagwright_features BEGIN
         INSERT INTO flagwright_feature_search_keys (feature_name, text) VALUES (new.name, ${textOf('new.name', 'new.description')});
         INSERT INTO flagwright_feature_search_fts (rowid, text) SELECT id, text FROM flagwright_feature_search_keys WHERE feature_name = new.name;
       END`,
      `CREATE TRIGGER flagwright_feature_search_fts_update AFTER UPDATE OF name, description ON flagwright_features BEGIN
         UPDATE flagwright_feature_search_keys SET feature_name = new.name, text = ${textOf('new.name', 'new.description')} WHERE feature_name = old.name;
         ${syncIndex('new.name')}
       END`,
      `CREATE TRIGGER flagwright_feature_search_fts_delete AFTER DELETE ON flagwright_features BEGIN
         DELETE FROM flagwright_feature_search_fts WHERE rowid = ${keyOf('old.name')};
         DELETE FROM flagwright_feature_search_keys WHERE feature_name = old.name;
       END`,
      `CREATE TRIGGER flagwright_feature_search_fts_tag_insert AFTER INSERT ON flagwright_feature_tags BEGIN ${refresh('new.feature_name')} END`,
      `CREATE TRIGGER flagwright_feature_search_fts_tag_delete AFTER DELETE ON flagwright_feature_tags BEGIN ${refresh('old.feature_name')} END`,
      `CREATE TRIGGER flagwright_feature_search_fts_tag_update AFTER UPDATE ON flagwright_feature_tags BEGIN ${refresh('old.feature_name')} ${refresh('new.feature_name')} END`,
    ]);
    for (const [table, events] of GENERATION_TRIGGERS) {
      for (const event of events) {
        const on = event === 'UPDATE' && UPDATE_COLUMNS[table] ? `UPDATE OF ${UPDATE_COLUMNS[table]}` : event;
        await queryRunner.query(`CREATE TRIGGER ${triggerName(GENERATION, table, event)} AFTER ${on} ON ${table} BEGIN ${bump} END`);
      }
    }
  }
}

/** Tables whose changes can change which features a search filter matches, or what a result shows. */
const GENERATION_TRIGGERS: [string, ('INSERT' | 'UPDATE' | 'DELETE')[]][] = [
  ['flagwright_features', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_feature_environments', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_feature_tags', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_feature_strategies', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_feature_strategy_segments', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_segments', ['UPDATE', 'DELETE']],
  ['flagwright_favorite_features', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_feature_lifecycles', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_feature_dependencies', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_tag_types', ['UPDATE', 'DELETE']],
  ['flagwright_environments', ['UPDATE', 'DELETE']],
  ['flagwright_users', ['INSERT', 'UPDATE', 'DELETE']],
];

/** Updates of other columns (last-seen times, strategy parameters, login bookkeeping) change no search answer. */
const UPDATE_COLUMNS: Record<string, string> = {
  flagwright_features:
    'name, project, type, description, stale, potentially_stale, impression_data, created_by_user_id, created_at, archived_at',
  flagwright_feature_environments: 'feature_name, environment, enabled, variants',
  flagwright_feature_strategies: 'feature_name, environment, disabled',
  flagwright_segments: 'name',
  flagwright_tag_types: 'name, color',
  flagwright_environments: 'name, type, sort_order',
  flagwright_users: 'id, name, username, email',
};

const SQLITE_FTS_TRIGGERS = [
  'flagwright_feature_search_fts_insert',
  'flagwright_feature_search_fts_update',
  'flagwright_feature_search_fts_delete',
  'flagwright_feature_search_fts_tag_insert',
  'flagwright_feature_search_fts_tag_delete',
  'flagwright_feature_search_fts_tag_update',
];

/** What the SQLite triggers of GENERATION_TRIGGERS are named after (see triggerName). */
const GENERATION = `${TABLE_PREFIX}search_generation`;
