import { Injectable } from '@nestjs/common';
import { Database, parseJson, toBool } from '../../core/database/database.js';
import { type Constraint, withConstraintDefaults } from '../../core/constraints/constraint.js';
import type { FeatureVariant } from '../features/index.js';
import { STRATEGY_COLUMNS, type StrategyRow, toStoredStrategy } from '../strategies/index.js';
import type {
  ClientDependency,
  ClientFeature,
  ClientFeatureSet,
  ClientSegment,
  ClientStrategy,
  DisabledStrategies,
  DisabledStrategy,
  SdkScope,
} from './client-features.model.js';

interface FeatureRow {
  name: string;
  type: string;
  description: string | null;
  project: string;
  stale: unknown;
  impression_data: unknown;
  enabled: unknown;
  variants: unknown;
}

/**
 * The feature configuration SDKs fetch: every active (not archived) feature of the scope's projects with its
 * enabled flag, enabled strategies and variants in the scope's environment, and the segments those strategies use.
 * A fixed number of queries whatever the number of features: features, strategies, segment links, segments,
 * dependencies.
 */
@Injectable()
export class ClientFeaturesReadModel {
  constructor(private readonly db: Database) {}

  async load(scope: SdkScope): Promise<ClientFeatureSet> {
    if (scope.projects !== 'all' && scope.projects.length === 0) return { features: [], segments: [] };
    const { where, params } = this.filter(scope);
    const [featureRows, strategyRows, links, dependencyRows] = await Promise.all([
      this.db.query<FeatureRow>(
        `SELECT f.name, f.type, f.description, f.project, f.stale, f.impression_data, fe.enabled, fe.variants
           FROM flagwright_features f LEFT JOIN flagwright_feature_environments fe ON fe.feature_name = f.name AND fe.environment = :environment
          WHERE ${where} ORDER BY f.name`,
        params,
      ),
      this.strategyRows(where, params, false),
      this.segmentLinks(where, params, false),
      this.db.query<{ child: string; parent: string; enabled: unknown; variants: unknown }>(
        `SELECT d.child, d.parent, d.enabled, d.variants FROM flagwright_feature_dependencies d JOIN flagwright_features f ON f.name = d.child
          WHERE ${where} ORDER BY d.parent`,
        params,
      ),
    ]);

    const segmentsOf = groupBy(
      links,
      (link) => link.strategy_id,
      (link) => Number(link.segment_id),
    );
    const strategiesOf = groupBy(
      strategyRows,
      (row) => row.feature_name,
      (row) => toClientStrategy(row, segmentsOf.get(row.id) ?? []),
    );
    const dependenciesOf = groupBy(
      dependencyRows,
      (row) => row.child,
      (row) => toDependency(row),
    );
    const features = featureRows.map((row): ClientFeature => {
      const dependencies = dependenciesOf.get(row.name);
      return {
        name: row.name,
        type: row.type,
        description: row.description ?? null,
        project: row.project,
        enabled: toBool(row.enabled),
        stale: toBool(row.stale),
        impressionData: toBool(row.impression_data),
        strategies: strategiesOf.get(row.name) ?? [],
        variants: parseJson<FeatureVariant[]>(row.variants, []),
        ...(dependencies ? { dependencies } : {}),
      };
    });
    return { features, segments: await this.segments([...new Set(links.map((link) => Number(link.segment_id)))]) };
  }

  /**
   * The disabled strategies of the scope's features, which SDKs never receive (the playground shows them as not
   * evaluated), per feature in evaluation order, and the segments they use.
   */
  async disabledStrategies(scope: SdkScope): Promise<DisabledStrategies> {
    if (scope.projects !== 'all' && scope.projects.length === 0) return { strategies: new Map(), segments: [] };
    const { where, params } = this.filter(scope);
    const [strategyRows, links] = await Promise.all([this.strategyRows(where, params, true), this.segmentLinks(where, params, true)]);
    const segmentsOf = groupBy(
      links,
      (link) => link.strategy_id,
      (link) => Number(link.segment_id),
    );
    const strategies = groupBy(
      strategyRows,
      (row) => row.feature_name,
      (row): DisabledStrategy => ({ ...toClientStrategy(row, segmentsOf.get(row.id) ?? []), disabled: true }),
    );
    return { strategies, segments: await this.segments([...new Set(links.map((link) => Number(link.segment_id)))]) };
  }

  private strategyRows(where: string, params: Record<string, unknown>, disabled: boolean): Promise<StrategyRow[]> {
    return this.db.query<StrategyRow>(
      `SELECT ${STRATEGY_COLUMNS} FROM flagwright_feature_strategies s JOIN flagwright_features f ON f.name = s.feature_name
        WHERE s.environment = :environment AND s.disabled = ${disabled ? 'true' : 'false'} AND ${where}
        ORDER BY s.feature_name, s.sort_order, s.created_at, s.id`,
      params,
    );
  }

  private segmentLinks(
    where: string,
    params: Record<string, unknown>,
    disabled: boolean,
  ): Promise<{ strategy_id: string; segment_id: number }[]> {
    return this.db.query<{ strategy_id: string; segment_id: number }>(
      `SELECT fss.strategy_id, fss.segment_id FROM flagwright_feature_strategy_segments fss
         JOIN flagwright_feature_strategies s ON s.id = fss.strategy_id JOIN flagwright_features f ON f.name = s.feature_name
        WHERE s.environment = :environment AND s.disabled = ${disabled ? 'true' : 'false'} AND ${where}
        ORDER BY fss.segment_id`,
      params,
    );
  }

  private async segments(ids: number[]): Promise<ClientSegment[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{ id: number; name: string; constraints: unknown }>(
      'SELECT id, name, constraints FROM flagwright_segments WHERE id IN (:...ids) ORDER BY id',
      { ids },
    );
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      constraints: parseJson<Partial<Constraint>[]>(row.constraints, []).map(withConstraintDefaults),
    }));
  }

  /** The conditions on `features f` shared by every query. */
  private filter(scope: SdkScope): { where: string; params: Record<string, unknown> } {
    const conditions = ['f.archived_at IS NULL'];
    const params: Record<string, unknown> = { environment: scope.environment };
    if (scope.projects !== 'all') {
      conditions.push('f.project IN (:...projects)');
      params.projects = scope.projects;
    }
    if (scope.namePrefix) {
      // SUBSTR compares exactly on both databases, where LIKE would ignore case on SQLite.
      conditions.push('SUBSTR(f.name, 1, :prefixLength) = :namePrefix');
      params.namePrefix = scope.namePrefix;
      params.prefixLength = scope.namePrefix.length;
    }
    return { where: conditions.join(' AND '), params };
  }
}

function toClientStrategy(row: StrategyRow, segments: number[]): ClientStrategy {
  const strategy = toStoredStrategy(row);
  return {
    id: strategy.id,
    name: strategy.name,
    ...(strategy.title ? { title: strategy.title } : {}),
    constraints: strategy.constraints,
    parameters: strategy.parameters,
    variants: strategy.variants,
    segments,
    sortOrder: strategy.sortOrder,
    disabled: false,
  };
}

function toDependency(row: { parent: string; enabled: unknown; variants: unknown }): ClientDependency {
  const variants = parseJson<string[]>(row.variants, []);
  return { feature: row.parent, enabled: toBool(row.enabled), ...(variants.length > 0 ? { variants } : {}) };
}

function groupBy<T, V>(items: T[], key: (item: T) => string, value: (item: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(value(item));
    else groups.set(k, [value(item)]);
  }
  return groups;
}
