import { Injectable } from '@nestjs/common';
import { Database, parseJson, toBool, toIso } from '../../core/database/database.js';
import { MetricsWriter } from '../client-metrics/index.js';
import { STRATEGY_COLUMNS, type StrategyRow, toFeatureStrategy, toStoredStrategy } from '../strategies/index.js';
import type {
  ArchivedFeature,
  FeatureDependency,
  FeatureEnvironmentSummary,
  FeatureEnvironmentView,
  FeatureListItem,
  FeatureRecord,
  FeatureTag,
  FeatureVariant,
  FeatureView,
  LifecycleStage,
  LifecycleStageName,
} from './feature.model.js';
import { LIFECYCLE_STAGES } from './feature.model.js';

interface FeatureRow {
  name: string;
  project: string;
  type: string;
  description: string | null;
  stale: unknown;
  impression_data: unknown;
  created_at: unknown;
  archived_at: unknown;
  last_seen_at: unknown;
}

const FEATURE_COLUMNS = 'f.name, f.project, f.type, f.description, f.stale, f.impression_data, f.created_at, f.archived_at, f.last_seen_at';

/** What exists of a feature URL (project, feature anywhere, environment, the feature's state there), in one read. */
export interface FeatureLocation {
  projectExists: boolean;
  /** The feature of that name, in whatever project it is. */
  feature?: FeatureRecord;
  environment?: { name: string; type: string };
  /** The feature has its state row for the environment (the environment is enabled in its project). */
  featureHasEnvironment: boolean;
}

/** When stages tie (e.g. entered together), the later one in the lifecycle is the current one, as in Unleash. */
const STAGE_RANK: Record<LifecycleStageName, number> = { initial: 0, 'pre-live': 1, live: 2, completed: 3, archived: 4 };

/** Flags of a type older than `createdBefore` are potentially stale. */
export interface StalenessCutoff {
  type: string;
  createdBefore: Date;
}

/** A flag whose potential staleness is about to change. */
export interface StalenessChange {
  name: string;
  project: string;
  potentiallyStale: boolean;
}

/** Feature views and listings, and the questions other modules ask about features. */
@Injectable()
export class FeatureReadModel {
  constructor(
    private readonly db: Database,
    /** Views show last-seen times and lifecycle stages that SDK metrics move: pending metrics are written first. */
    private readonly metrics: MetricsWriter,
  ) {}

  /**
   * The active flags not marked stale whose potential staleness differs from what the cutoffs say (older than their
   * type's cutoff; a type without a cutoff never): one indexed pass over the features, whatever their number.
   */
  async stalenessChanges(cutoffs: StalenessCutoff[]): Promise<StalenessChange[]> {
    const params: Record<string, unknown> = {};
    const outlived = cutoffs.map(({ type, createdBefore }, index) => {
      params[`type${index}`] = type;
      params[`before${index}`] = this.db.toTimestamp(createdBefore);
      return `(f.type = :type${index} AND f.created_at < :before${index})`;
    });
    const due = outlived.length ? `(${outlived.join(' OR ')})` : 'false';
    const rows = await this.db.query<{ name: string; project: string; potentially_stale: unknown }>(
      `SELECT f.name, f.project, f.potentially_stale FROM flagwright_features f
        WHERE f.archived_at IS NULL AND f.stale = false
          AND ((f.potentially_stale = false AND ${due}) OR (f.potentially_stale = true AND NOT ${due}))
        ORDER BY f.name`,
      params,
    );
    return rows.map((row) => ({ name: row.name, project: row.project, potentiallyStale: !toBool(row.potentially_stale) }));
  }

  async locate(projectId: string, featureName: string, environment?: string): Promise<FeatureLocation> {
    const row = await this.db.one<
      Partial<FeatureRow> & {
        project_id: string | null;
        environment_name: string | null;
        environment_type: string | null;
        linked: string | null;
      }
    >(
      `SELECT p.id AS project_id, ${FEATURE_COLUMNS}, e.name AS environment_name, e.type AS environment_type, fe.environment AS linked
         FROM (SELECT 1 AS here) x
         LEFT JOIN flagwright_projects p ON p.id = :projectId
         LEFT JOIN flagwright_features f ON f.name = :featureName
         LEFT JOIN flagwright_environments e ON e.name = :environment
         LEFT JOIN flagwright_feature_environments fe ON fe.feature_name = :featureName AND fe.environment = :environment`,
      { projectId, featureName, environment: environment ?? null },
    );
    return {
      projectExists: row?.project_id != null,
      feature: row?.name != null ? toRecord(row as FeatureRow) : undefined,
      environment: row?.environment_name != null ? { name: row.environment_name, type: row.environment_type! } : undefined,
      featureHasEnvironment: row?.linked != null,
    };
  }

  async find(featureName: string): Promise<FeatureRecord | undefined> {
    const row = await this.db.one<FeatureRow>(`SELECT ${FEATURE_COLUMNS} FROM flagwright_features f WHERE f.name = :featureName`, {
      featureName,
    });
    return row && toRecord(row);
  }

  async findMany(names: string[]): Promise<FeatureRecord[]> {
    if (names.length === 0) return [];
    const rows = await this.db.query<FeatureRow>(
      `SELECT ${FEATURE_COLUMNS} FROM flagwright_features f WHERE f.name IN (:...names) ORDER BY f.name`,
      {
        names,
      },
    );
    return rows.map(toRecord);
  }

  async projectExists(projectId: string): Promise<boolean> {
    return Boolean(await this.db.one('SELECT id FROM flagwright_projects WHERE id = :projectId', { projectId }));
  }

  /** The whole feature: one query per table (environments, strategies, segment links, tags, dependencies, stages). */
  async view(featureName: string, userId?: number): Promise<FeatureView | undefined> {
    await this.metrics.flushPending();
    const params = { featureName, userId: userId ?? null };
    const [features, environments, strategies, segmentLinks, tags, parents, children, stages] = await Promise.all([
      this.db.query<FeatureRow & { favorite: unknown }>(
        `SELECT ${FEATURE_COLUMNS}, CASE WHEN ff.user_id IS NULL THEN false ELSE true END AS favorite
           FROM flagwright_features f LEFT JOIN flagwright_favorite_features ff ON ff.feature_name = f.name AND ff.user_id = :userId
          WHERE f.name = :featureName`,
        params,
      ),
      this.db.query<{
        environment: string;
        enabled: unknown;
        variants: unknown;
        last_seen_at: unknown;
        type: string;
        sort_order: number | string;
      }>(
        `SELECT fe.environment, fe.enabled, fe.variants, fe.last_seen_at, e.type, e.sort_order
           FROM flagwright_feature_environments fe JOIN flagwright_environments e ON e.name = fe.environment
          WHERE fe.feature_name = :featureName
          ORDER BY e.sort_order, e.name`,
        params,
      ),
      this.db.query<StrategyRow>(
        `SELECT ${STRATEGY_COLUMNS} FROM flagwright_feature_strategies s WHERE s.feature_name = :featureName ORDER BY s.sort_order, s.created_at, s.id`,
        params,
      ),
      this.db.query<{ strategy_id: string; segment_id: number | string }>(
        `SELECT fss.strategy_id, fss.segment_id FROM flagwright_feature_strategy_segments fss
           JOIN flagwright_feature_strategies s ON s.id = fss.strategy_id WHERE s.feature_name = :featureName`,
        params,
      ),
      this.tagsOf(featureName),
      this.db.query<{ parent: string; enabled: unknown; variants: unknown }>(
        'SELECT parent, enabled, variants FROM flagwright_feature_dependencies WHERE child = :featureName',
        params,
      ),
      this.db.query<{ child: string }>(
        'SELECT child FROM flagwright_feature_dependencies WHERE parent = :featureName ORDER BY child',
        params,
      ),
      this.lifecycle(featureName),
    ]);
    const [row] = features;
    if (!row) return undefined;
    const segments = groupBy(segmentLinks, (link) => link.strategy_id);
    const byEnvironment = groupBy(
      strategies.map((strategy) =>
        toStoredStrategy({ ...strategy, segment_ids: (segments.get(strategy.id) ?? []).map((link) => Number(link.segment_id)) }),
      ),
      (strategy) => strategy.environment,
    );
    const envViews: FeatureEnvironmentView[] = environments.map((env) => ({
      name: env.environment,
      type: env.type,
      enabled: toBool(env.enabled),
      sortOrder: Number(env.sort_order),
      strategies: (byEnvironment.get(env.environment) ?? []).map(toFeatureStrategy),
      variants: parseJson<FeatureVariant[]>(env.variants, []),
      lastSeenAt: toIso(env.last_seen_at),
    }));
    const merged = new Map<string, FeatureVariant>();
    for (const env of envViews) for (const variant of env.variants) merged.set(variant.name, variant);
    const record = toRecord(row);
    return {
      ...record,
      archived: record.archivedAt !== null,
      favorite: toBool(row.favorite),
      dependencies: parents.map(toDependency),
      children: children.map((c) => c.child),
      lifecycle: currentStage(stages),
      environments: envViews,
      variants: [...merged.values()],
      tags,
    };
  }

  /** The active features of a project, oldest first, each with its environments and tags (one query per table). */
  async listInProject(projectId: string, userId?: number): Promise<FeatureListItem[]> {
    await this.metrics.flushPending();
    const params = { projectId, userId: userId ?? null };
    const active = 'f.project = :projectId AND f.archived_at IS NULL';
    const [features, environments, tags, dependencies] = await Promise.all([
      this.db.query<FeatureRow & { favorite: unknown }>(
        `SELECT ${FEATURE_COLUMNS}, CASE WHEN ff.user_id IS NULL THEN false ELSE true END AS favorite
           FROM flagwright_features f LEFT JOIN flagwright_favorite_features ff ON ff.feature_name = f.name AND ff.user_id = :userId
          WHERE ${active} ORDER BY f.created_at, f.name`,
        params,
      ),
      this.db.query<{
        feature_name: string;
        environment: string;
        enabled: unknown;
        variants: unknown;
        last_seen_at: unknown;
        type: string;
        sort_order: number | string;
        has_strategies: unknown;
        has_enabled_strategies: unknown;
      }>(
        `SELECT fe.feature_name, fe.environment, fe.enabled, fe.variants, fe.last_seen_at, e.type, e.sort_order,
                EXISTS (SELECT 1 FROM flagwright_feature_strategies s WHERE s.feature_name = fe.feature_name AND s.environment = fe.environment) AS has_strategies,
                EXISTS (SELECT 1 FROM flagwright_feature_strategies s WHERE s.feature_name = fe.feature_name AND s.environment = fe.environment
                          AND s.disabled = false) AS has_enabled_strategies
           FROM flagwright_feature_environments fe
           JOIN flagwright_features f ON f.name = fe.feature_name
           JOIN flagwright_environments e ON e.name = fe.environment
          WHERE ${active}
          ORDER BY e.sort_order, e.name`,
        params,
      ),
      this.db.query<{ feature_name: string; tag_type: string; tag_value: string }>(
        `SELECT ft.feature_name, ft.tag_type, ft.tag_value FROM flagwright_feature_tags ft JOIN flagwright_features f ON f.name = ft.feature_name
          WHERE ${active} ORDER BY ft.tag_type, ft.tag_value`,
        params,
      ),
      this.db.query<{ child: string; parent: string }>(
        `SELECT d.child, d.parent FROM flagwright_feature_dependencies d JOIN flagwright_features f ON f.name = d.child WHERE f.project = :projectId`,
        params,
      ),
    ]);
    const envsOf = groupBy(environments, (e) => e.feature_name);
    const tagsOf = groupBy(tags, (t) => t.feature_name);
    const children = new Set(dependencies.map((d) => d.child));
    const parents = new Set(dependencies.map((d) => d.parent));
    return features.map((row) => ({
      ...toRecord(row),
      favorite: toBool(row.favorite),
      dependencyType: children.has(row.name) ? 'child' : parents.has(row.name) ? 'parent' : null,
      environments: (envsOf.get(row.name) ?? []).map((env): FeatureEnvironmentSummary => ({
        name: env.environment,
        type: env.type,
        enabled: toBool(env.enabled),
        sortOrder: Number(env.sort_order),
        variantCount: parseJson<unknown[]>(env.variants, []).length,
        lastSeenAt: toIso(env.last_seen_at),
        hasStrategies: toBool(env.has_strategies),
        hasEnabledStrategies: toBool(env.has_enabled_strategies),
      })),
      tags: (tagsOf.get(row.name) ?? []).map((t) => ({ type: t.tag_type, value: t.tag_value })),
    }));
  }

  /** Archived features, most recently archived first; of one project when `projectId` is given. */
  async listArchived(projectId?: string): Promise<ArchivedFeature[]> {
    await this.metrics.flushPending();
    const rows = await this.db.query<FeatureRow>(
      `SELECT ${FEATURE_COLUMNS} FROM flagwright_features f WHERE f.archived_at IS NOT NULL${projectId ? ' AND f.project = :projectId' : ''}
        ORDER BY f.archived_at DESC, f.name`,
      { projectId: projectId ?? null },
    );
    return rows.map((row) => ({ ...toRecord(row), archived: true as const }));
  }

  async variantsOf(featureName: string, environment: string): Promise<FeatureVariant[]> {
    const row = await this.db.one<{ variants: unknown }>(
      'SELECT variants FROM flagwright_feature_environments WHERE feature_name = :featureName AND environment = :environment',
      {
        featureName,
        environment,
      },
    );
    return parseJson<FeatureVariant[]>(row?.variants, []);
  }

  /** The names of the feature's variants, its strategies' and its environments', each once, in code-point order. */
  async variantNamesOf(featureName: string): Promise<string[]> {
    const rows = await this.db.query<{ variants: unknown }>(
      `SELECT variants FROM flagwright_feature_strategies WHERE feature_name = :featureName
       UNION ALL
       SELECT variants FROM flagwright_feature_environments WHERE feature_name = :featureName`,
      { featureName },
    );
    const names = new Set(rows.flatMap((row) => parseJson<{ name: string }[]>(row.variants, []).map((variant) => variant.name)));
    return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async tagsOf(featureName: string): Promise<FeatureTag[]> {
    const rows = await this.db.query<{ tag_type: string; tag_value: string }>(
      'SELECT tag_type, tag_value FROM flagwright_feature_tags WHERE feature_name = :featureName ORDER BY tag_type, tag_value',
      { featureName },
    );
    return rows.map((row) => ({ type: row.tag_type, value: row.tag_value }));
  }

  async tagsOfMany(names: string[]): Promise<Map<string, FeatureTag[]>> {
    if (names.length === 0) return new Map();
    const rows = await this.db.query<{ feature_name: string; tag_type: string; tag_value: string }>(
      'SELECT feature_name, tag_type, tag_value FROM flagwright_feature_tags WHERE feature_name IN (:...names) ORDER BY tag_type, tag_value',
      { names },
    );
    const tags = groupBy(rows, (row) => row.feature_name);
    return new Map([...tags].map(([name, list]) => [name, list.map((row) => ({ type: row.tag_type, value: row.tag_value }))]));
  }

  /** Every stage the feature reached, in the order it reached them. */
  async lifecycle(featureName: string): Promise<LifecycleStage[]> {
    await this.metrics.flushPending();
    const rows = await this.db.query<{ stage: LifecycleStageName; status: string | null; created_at: unknown }>(
      'SELECT stage, status, created_at FROM flagwright_feature_lifecycles WHERE feature_name = :featureName',
      { featureName },
    );
    return rows
      .map((row) => ({ stage: row.stage, ...(row.status ? { status: row.status } : {}), enteredStageAt: toIso(row.created_at)! }))
      .sort((a, b) => a.enteredStageAt.localeCompare(b.enteredStageAt) || STAGE_RANK[a.stage] - STAGE_RANK[b.stage]);
  }

  /** Features per current stage (the furthest reached), archived ones included; every stage named, 0 when none. */
  async stageCounts(): Promise<Record<LifecycleStageName, number>> {
    await this.metrics.flushPending();
    const rows = await this.db.query<{ stage_rank: number | string; count: number | string }>(
      `SELECT stage_rank, COUNT(*) AS count FROM (
         SELECT feature_name, MAX(CASE stage WHEN 'initial' THEN 0 WHEN 'pre-live' THEN 1 WHEN 'live' THEN 2 WHEN 'completed' THEN 3 ELSE 4 END) AS stage_rank
           FROM flagwright_feature_lifecycles GROUP BY feature_name
       ) latest GROUP BY stage_rank`,
    );
    const counts: Record<LifecycleStageName, number> = { initial: 0, 'pre-live': 0, live: 0, completed: 0, archived: 0 };
    for (const row of rows) counts[LIFECYCLE_STAGES[Number(row.stage_rank)]] = Number(row.count);
    return counts;
  }

  async parentOf(child: string): Promise<FeatureDependency | undefined> {
    const row = await this.db.one<{ parent: string; enabled: unknown; variants: unknown }>(
      'SELECT parent, enabled, variants FROM flagwright_feature_dependencies WHERE child = :child',
      { child },
    );
    return row && toDependency(row);
  }

  async childrenOf(parent: string): Promise<string[]> {
    const rows = await this.db.query<{ child: string }>(
      'SELECT child FROM flagwright_feature_dependencies WHERE parent = :parent ORDER BY child',
      {
        parent,
      },
    );
    return rows.map((row) => row.child);
  }

  /** Active features of the project that `child` could depend on: not itself and not children themselves. */
  async possibleParents(projectId: string, child: string): Promise<string[]> {
    const rows = await this.db.query<{ name: string }>(
      `SELECT f.name FROM flagwright_features f
        WHERE f.project = :projectId AND f.archived_at IS NULL AND f.name <> :child
          AND NOT EXISTS (SELECT 1 FROM flagwright_feature_dependencies d WHERE d.child = f.name)
        ORDER BY f.name`,
      { projectId, child },
    );
    return rows.map((row) => row.name);
  }

  async projectHasDependencies(projectId: string): Promise<boolean> {
    return Boolean(
      await this.db.one(
        'SELECT d.child FROM flagwright_feature_dependencies d JOIN flagwright_features f ON f.name = d.child WHERE f.project = :projectId LIMIT 1',
        { projectId },
      ),
    );
  }
}

/**
 * The stage a feature is in: the furthest stage it reached, as Unleash decides (archived, completed, live,
 * pre-live, initial), with the time it entered it.
 */
export function currentStage(stages: LifecycleStage[]): LifecycleStage | undefined {
  return stages.reduce<LifecycleStage | undefined>(
    (best, stage) => (!best || STAGE_RANK[stage.stage] > STAGE_RANK[best.stage] ? stage : best),
    undefined,
  );
}

export function toRecord(row: FeatureRow): FeatureRecord {
  return {
    name: row.name,
    type: row.type,
    description: row.description,
    project: row.project,
    stale: toBool(row.stale),
    impressionData: toBool(row.impression_data),
    createdAt: toIso(row.created_at)!,
    archivedAt: toIso(row.archived_at),
    lastSeenAt: toIso(row.last_seen_at),
  };
}

function toDependency(row: { parent: string; enabled: unknown; variants: unknown }): FeatureDependency {
  return { feature: row.parent, enabled: toBool(row.enabled), variants: parseJson<string[]>(row.variants, []) };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
