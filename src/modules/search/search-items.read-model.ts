import { Injectable } from '@nestjs/common';
import { ADMIN_TOKEN_USER_ID, SYSTEM_USER_ID, SYSTEM_USER_NAME } from '../../core/access/principal.js';
import { Database, toBool, toIso } from '../../core/database/database.js';
import { imageUrlFor } from '../users/index.js';
import { readGenerations, type SearchGenerations } from './search-generations.js';
import {
  LIFECYCLE_STAGES,
  type SearchCreatedBy,
  type SearchCriteria,
  type SearchLifecycle,
  type Searcher,
  type SearchTag,
} from './search.model.js';
import {
  type Activity,
  type ConfiguredEnvironment,
  type ConfiguredFeature,
  type FeatureActivity,
  fill,
  present,
  type Template,
  templateOf,
} from './search-item.serializer.js';

/** Accounts that act without a users row, named as Unleash names them. */
const BUILT_IN_ACCOUNTS = new Map<number, { name: string; username: string }>([
  [ADMIN_TOKEN_USER_ID, { name: 'Unleash Admin Token User', username: 'unleash_admin_token' }],
  [SYSTEM_USER_ID, { name: 'Unleash System', username: SYSTEM_USER_NAME }],
]);

/** Features whose configuration is kept in memory, least recently used dropped first (about 2 kB each). */
const ITEM_CACHE_CAPACITY = 5000;
const HOUR_MS = 3_600_000;

interface FeatureRow {
  name: string;
  type: string;
  description: string | null;
  project: string;
  stale: unknown;
  impression_data: unknown;
  created_at: unknown;
  archived_at: unknown;
  created_by_user_id: number | string | null;
  user_id: number | string | null;
  user_name: string | null;
  username: string | null;
  email: string | null;
  dependency_type: 'parent' | 'child' | null;
}

interface EnvironmentRow {
  feature_name: string;
  environment: string;
  enabled: unknown;
  variant_count: number | string | null;
  type: string;
  sort_order: number | string;
  /** NULL: no strategy; 0: some enabled; 1: only disabled ones. */
  strategy_state: unknown;
}

/**
 * The result items of a page. Their configuration (fields, environments, strategies, segments, tags, lifecycle,
 * creator) is loaded for just the page's features, one query each, and kept per configuration generation, which
 * every configuration change moves; their activity (last-seen times, evaluations of the last hour) is loaded in one
 * query and kept per configuration generation, activity generation (which SDK traffic moves) and hour window; the
 * caller's favorites among them are read on every request.
 */
@Injectable()
export class SearchItemsReadModel {
  private readonly configured = new Map<string, { generation: string; feature: ConfiguredFeature; template?: Template }>();
  /** Per feature, its activity (undefined: none) and the key it was read at. */
  private readonly recentActivity = new Map<string, { key: string; activity: FeatureActivity | undefined }>();
  private readonly imageUrls = new Map<string, string>();

  constructor(private readonly db: Database) {}

  /** The page's result items, each serialized as JSON, in the order of `names`. */
  async load(
    names: string[],
    generations: SearchGenerations,
    status: SearchCriteria['status'],
    searcher: Searcher,
    now: Date,
  ): Promise<string[]> {
    if (!names.length) return [];
    const [configured, seen, favorites] = await Promise.all([
      this.configuration(names, generations.configuration),
      this.activity(names, generations, now),
      this.favorites(names, searcher),
    ]);
    const activity: Activity = { seen, favorites };
    return names.flatMap((name) => {
      const entry = configured.get(name);
      if (!entry) return []; // Deleted since the page was found.
      return [entry.template ? fill(entry.template, name, activity, status) : JSON.stringify(present(entry.feature, activity, status))];
    });
  }

  private async configuration(
    names: string[],
    generation: string,
  ): Promise<Map<string, { feature: ConfiguredFeature; template?: Template }>> {
    const found = new Map<string, { feature: ConfiguredFeature; template?: Template }>();
    const missing: string[] = [];
    for (const name of names) {
      const entry = this.configured.get(name);
      if (entry?.generation === generation) {
        this.configured.delete(name);
        this.configured.set(name, entry);
        found.set(name, entry);
      } else {
        missing.push(name);
      }
    }
    if (!missing.length) return found;
    // In a transaction: on SQLite's single connection, reads outside one could see another request's uncommitted
    // writes, and those must not be remembered if they are rolled back.
    await this.db.transaction(async () => {
      const { configuration: generation } = await readGenerations(this.db);
      const loaded = await this.loadConfiguration(missing);
      for (const [name, feature] of loaded) {
        const entry = { generation, feature, template: templateOf(feature) };
        found.set(name, entry);
        this.configured.delete(name);
        this.configured.set(name, entry);
      }
    });
    while (this.configured.size > ITEM_CACHE_CAPACITY) this.configured.delete(this.configured.keys().next().value!);
    return found;
  }

  private async loadConfiguration(names: string[]): Promise<Map<string, ConfiguredFeature>> {
    // One after the other: inside a transaction they share one connection.
    const features = await this.features(names);
    const environments = await this.environments(names);
    const lifecycles = await this.lifecycles(names);
    const segments = await this.segments(names);
    const tags = await this.tags(names);
    for (const [name, feature] of features) {
      feature.environments = environments.get(name) ?? [];
      feature.segments = segments.get(name) ?? [];
      feature.tags = tags.get(name) ?? [];
      const lifecycle = feature.archivedAt ? archivedStage(feature.archivedAt, lifecycles.get(name)) : lifecycles.get(name);
      if (lifecycle) feature.lifecycle = lifecycle;
    }
    return features;
  }

  private async features(names: string[]): Promise<Map<string, ConfiguredFeature>> {
    const rows = await this.db.query<FeatureRow>(
      `SELECT f.name, f.type, f.description, f.project, f.stale, f.impression_data, f.created_at, f.archived_at,
              f.created_by_user_id, u.id AS user_id, u.name AS user_name, u.username, u.email,
              CASE WHEN EXISTS (SELECT 1 FROM flagwright_feature_dependencies d WHERE d.parent = f.name) THEN 'parent'
                   WHEN EXISTS (SELECT 1 FROM flagwright_feature_dependencies d WHERE d.child = f.name) THEN 'child' END AS dependency_type
         FROM flagwright_features f LEFT JOIN flagwright_users u ON u.id = f.created_by_user_id
        WHERE f.name IN (:...names)`,
      { names },
    );
    return new Map(
      rows.map((row): [string, ConfiguredFeature] => [
        row.name,
        {
          name: row.name,
          type: row.type,
          description: row.description ?? null,
          dependencyType: row.dependency_type ?? null,
          archived: row.archived_at !== null && row.archived_at !== undefined,
          project: row.project,
          stale: toBool(row.stale),
          impressionData: toBool(row.impression_data),
          createdAt: toIso(row.created_at)!,
          archivedAt: toIso(row.archived_at),
          environments: [],
          segments: [],
          tags: [],
          createdBy: this.createdBy(row),
        },
      ]),
    );
  }

  /** As Unleash: the name, else the username, else the email; a creator without a users row is "unknown". */
  private createdBy(row: FeatureRow): SearchCreatedBy {
    const id = row.created_by_user_id === null ? 0 : Number(row.created_by_user_id);
    const builtIn = BUILT_IN_ACCOUNTS.get(id);
    const account =
      row.user_id !== null
        ? { id, name: row.user_name || row.username || row.email || 'unknown', email: row.email, username: row.username }
        : builtIn
          ? { id, name: builtIn.name, email: null, username: builtIn.username }
          : { id, name: 'unknown', email: null, username: null };
    const key = String(account.email || account.username || account.id);
    let imageUrl = this.imageUrls.get(key);
    if (!imageUrl) {
      if (this.imageUrls.size >= 10_000) this.imageUrls.clear();
      imageUrl = imageUrlFor(account);
      this.imageUrls.set(key, imageUrl);
    }
    return { id, name: account.name, imageUrl };
  }

  /** Environments sorted by sortOrder then name. */
  private async environments(names: string[]): Promise<Map<string, ConfiguredEnvironment[]>> {
    const variantCount = this.db.isPostgres ? 'json_array_length(fe.variants::json)' : 'json_array_length(fe.variants)';
    const rows = await this.db.query<EnvironmentRow>(
      `SELECT fe.feature_name, fe.environment, fe.enabled, ${variantCount} AS variant_count, e.type, e.sort_order,
              (SELECT MIN(CASE WHEN s.disabled THEN 1 ELSE 0 END) FROM flagwright_feature_strategies s
                WHERE s.feature_name = fe.feature_name AND s.environment = fe.environment) AS strategy_state
         FROM flagwright_feature_environments fe JOIN flagwright_environments e ON e.name = fe.environment
        WHERE fe.feature_name IN (:...names)`,
      { names },
    );
    const byFeature = groupBy(
      rows,
      (row) => row.feature_name,
      (row): ConfiguredEnvironment => {
        const state = row.strategy_state === null || row.strategy_state === undefined ? null : Number(row.strategy_state);
        return {
          name: row.environment,
          type: row.type,
          enabled: toBool(row.enabled),
          sortOrder: Number(row.sort_order),
          variantCount: Number(row.variant_count ?? 0),
          hasStrategies: state !== null,
          hasEnabledStrategies: state === 0,
        };
      },
    );
    for (const list of byFeature.values()) list.sort((a, b) => a.sortOrder - b.sortOrder || compare(a.name, b.name));
    return byFeature;
  }

  /** The current stage: the latest entered (on a tie, the later stage). */
  private async lifecycles(names: string[]): Promise<Map<string, SearchLifecycle>> {
    const rows = await this.db.query<{ feature_name: string; stage: string; status: string | null; created_at: unknown }>(
      'SELECT feature_name, stage, status, created_at FROM flagwright_feature_lifecycles WHERE feature_name IN (:...names)',
      { names },
    );
    const rank = (stage: string) => (LIFECYCLE_STAGES as readonly string[]).indexOf(stage);
    const latest = new Map<string, { stage: string; status: string | null; at: string }>();
    for (const row of rows) {
      const at = toIso(row.created_at)!;
      const current = latest.get(row.feature_name);
      if (!current || at > current.at || (at === current.at && rank(row.stage) > rank(current.stage))) {
        latest.set(row.feature_name, { stage: row.stage, status: row.status ?? null, at });
      }
    }
    return new Map([...latest].map(([name, l]) => [name, { stage: l.stage, status: l.status, enteredStageAt: l.at }]));
  }

  /** Distinct names of the segments the feature's strategies use, in any environment, sorted. */
  private async segments(names: string[]): Promise<Map<string, string[]>> {
    const rows = await this.db.query<{ feature_name: string; name: string }>(
      `SELECT DISTINCT s.feature_name, sg.name FROM flagwright_feature_strategies s
         JOIN flagwright_feature_strategy_segments fss ON fss.strategy_id = s.id
         JOIN flagwright_segments sg ON sg.id = fss.segment_id
        WHERE s.feature_name IN (:...names)`,
      { names },
    );
    return groupBy(
      rows.sort((a, b) => compare(a.name, b.name)),
      (row) => row.feature_name,
      (row) => row.name,
    );
  }

  /** Tags sorted by type then value, each with its type's colour. */
  private async tags(names: string[]): Promise<Map<string, SearchTag[]>> {
    const rows = await this.db.query<{ feature_name: string; tag_type: string; tag_value: string; color: string | null }>(
      `SELECT ft.feature_name, ft.tag_type, ft.tag_value, tt.color FROM flagwright_feature_tags ft LEFT JOIN flagwright_tag_types tt ON tt.name = ft.tag_type
        WHERE ft.feature_name IN (:...names)`,
      { names },
    );
    return groupBy(
      rows.sort((a, b) => compare(a.tag_type, b.tag_type) || compare(a.tag_value, b.tag_value)),
      (row) => row.feature_name,
      (row) => ({ value: row.tag_value, type: row.tag_type, color: row.color ?? null }),
    );
  }

  /**
   * The page's activity, from memory where it was read at the current generations and hour window. The rest is read
   * in a transaction, with the generations it belongs to (as the configuration is): on SQLite's single connection a
   * read outside one could see another request's uncommitted writes, which must not be remembered.
   */
  private async activity(names: string[], generations: SearchGenerations, now: Date): Promise<Map<string, FeatureActivity>> {
    const since = windowStart(now);
    const key = itemsValidity(generations, now);
    const found = new Map<string, FeatureActivity>();
    const missing: string[] = [];
    for (const name of names) {
      const entry = this.recentActivity.get(name);
      if (entry?.key !== key) {
        missing.push(name);
        continue;
      }
      this.recentActivity.delete(name);
      this.recentActivity.set(name, entry);
      if (entry.activity) found.set(name, entry.activity);
    }
    if (!missing.length) return found;
    await this.db.transaction(async () => {
      const readAt = itemsValidity(await readGenerations(this.db), now);
      const loaded = await this.loadActivity(missing, since);
      for (const name of missing) {
        const activity = loaded.get(name);
        if (activity) found.set(name, activity);
        this.recentActivity.delete(name);
        this.recentActivity.set(name, { key: readAt, activity });
      }
    });
    while (this.recentActivity.size > ITEM_CACHE_CAPACITY) this.recentActivity.delete(this.recentActivity.keys().next().value!);
    return found;
  }

  /**
   * One statement, JSON lists (parsed natively, much cheaper than a row per environment; times already as ISO text):
   * the features SDKs have seen, their environments SDKs have seen (both from partial indexes), and their
   * evaluations in the hours since `since`.
   */
  private async loadActivity(names: string[], since: Date): Promise<Map<string, FeatureActivity>> {
    const pg = this.db.isPostgres;
    const among = (column: string) => (pg ? `${column} = ANY(:names)` : `${column} IN (SELECT name FROM page)`);
    const list = (items: string, from: string) =>
      pg
        ? `(SELECT COALESCE(json_agg(json_build_array(${items})), '[]')::text ${from})`
        : `(SELECT json_group_array(json_array(${items})) ${from})`;
    const row = await this.db.one<{ features: string; environments: string; evaluations: string }>(
      `${pg ? '' : 'WITH page(name) AS (SELECT value FROM json_each(:names)) '}
       SELECT ${list(`f.name, ${isoText('f.last_seen_at', pg)}`, `FROM flagwright_features f WHERE ${among('f.name')} AND f.last_seen_at IS NOT NULL`)} AS features,
              ${list(
                `fe.feature_name, fe.environment, ${isoText('fe.last_seen_at', pg)}`,
                `FROM flagwright_feature_environments fe WHERE ${among('fe.feature_name')} AND fe.last_seen_at IS NOT NULL`,
              )} AS environments,
              ${list(
                'm.feature_name, m.environment, m.yes, m.no',
                `FROM (SELECT feature_name, environment, SUM(yes_count) AS yes, SUM(no_count) AS no FROM flagwright_client_metrics_hourly
                        WHERE ${among('feature_name')} AND hour_start >= :since GROUP BY feature_name, environment) m`,
              )} AS evaluations`,
      { names: pg ? names : JSON.stringify(names), since: this.db.toTimestamp(since) },
    );
    const activity = new Map<string, FeatureActivity>();
    const of = (name: string) => {
      let feature = activity.get(name);
      if (!feature) activity.set(name, (feature = { environments: new Map() }));
      return feature;
    };
    const environmentOf = (name: string, environment: string) => {
      const environments = of(name).environments;
      let state = environments.get(environment);
      if (!state) environments.set(environment, (state = { yes: 0, no: 0 }));
      return state;
    };
    for (const [name, seen] of JSON.parse(row?.features ?? '[]') as [string, string][]) of(name).lastSeenAt = seen;
    for (const [name, environment, seen] of JSON.parse(row?.environments ?? '[]') as [string, string, string][])
      environmentOf(name, environment).lastSeenAt = seen;
    for (const [name, environment, yes, no] of JSON.parse(row?.evaluations ?? '[]') as [
      string,
      string,
      number | string,
      number | string,
    ][]) {
      Object.assign(environmentOf(name, environment), { yes: Number(yes), no: Number(no) });
    }
    return activity;
  }

  /**
   * Which of the features the caller favours (API tokens have no favorites). In a transaction, as the rest: the
   * answer is kept (SearchReadModel), so it must not show another request's uncommitted favorite on SQLite.
   */
  private async favorites(names: string[], searcher: Searcher): Promise<Set<string>> {
    const userId = searcher.userId;
    if (userId === undefined) return new Set();
    const rows = await this.db.transaction(() =>
      this.db.query<{ feature_name: string }>(
        'SELECT feature_name FROM flagwright_favorite_features WHERE user_id = :userId AND feature_name IN (:...names)',
        { userId, names },
      ),
    );
    return new Set(rows.map((row) => row.feature_name));
  }
}

/** A timestamp column as ISO 8601 text in UTC with milliseconds, as `Date.toISOString()` writes it. */
function isoText(column: string, postgres: boolean): string {
  if (postgres) return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // SQLite keeps `YYYY-MM-DD HH:MM:SS.SSS` (Database.toTimestamp); strftime() covers any other form.
  return `CASE WHEN length(${column}) = 23 THEN substr(${column}, 1, 10) || 'T' || substr(${column}, 12) || 'Z' ELSE strftime('%Y-%m-%dT%H:%M:%fZ', ${column}) END`;
}

/** An archived flag is in stage `archived`, entered when it was archived (unless a stage row says when). */
function archivedStage(archivedAt: string, latest: SearchLifecycle | undefined): SearchLifecycle {
  return latest?.stage === 'archived' ? latest : { stage: 'archived', status: null, enteredStageAt: archivedAt };
}

/**
 * What the items of a page depend on besides their names and the caller's favorites (which move the configuration
 * generation): both generations and the hour window. Items read at one value are the same at the same value.
 */
export function itemsValidity(generations: SearchGenerations, now: Date): string {
  return `${generations.configuration}:${generations.activity}:${windowStart(now).getTime()}`;
}

/**
 * The first hour whose evaluations count as "the last hour": evaluations are kept per hour, and every hour that
 * overlaps the last 60 minutes counts, so a report of a minute ago counts even when its bucket began in the hour
 * before. The answer depends on nothing else, which lets kept activity be keyed by it.
 */
function windowStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() - HOUR_MS) / HOUR_MS) * HOUR_MS);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function groupBy<T, V>(rows: T[], key: (row: T) => string, value: (row: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}
