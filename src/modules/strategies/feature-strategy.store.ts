import { Injectable } from '@nestjs/common';
import { chunks, rowValues } from '../../core/database/batch-statements.js';
import { Database, parseJson } from '../../core/database/database.js';
import type { EventTag } from '../events/index.js';
import { STRATEGY_COLUMNS, type StrategyRow, toStoredStrategy } from './strategy.mapper.js';
import type { StoredStrategy, StrategyAddress } from './strategy.model.js';

/**
 * What exists of a strategy URL, read in one statement so a request answers its 400s (strategy type) and 404s at
 * once, and a write needs no second read: the strategy itself (with its segments) and the feature's tags come along.
 */
export interface StrategyLocation {
  projectExists: boolean;
  /** The project's default stickiness, for flexibleRollout defaults. */
  defaultStickiness: string;
  /** The feature exists and belongs to the URL's project. */
  featureFound: boolean;
  /** The environment is enabled for the URL's project. */
  environmentFound: boolean;
  /** The strategy of the URL, if it exists under the URL's feature and environment. */
  strategy?: StoredStrategy;
  /** The feature's tags, which events carry (read when asked for). */
  tags: EventTag[];
}

export interface LocateOptions {
  withTags?: boolean;
}

/** The write model of strategies: `flagwright_feature_strategies` and their segment links (`flagwright_feature_strategy_segments`). */
export abstract class FeatureStrategyStore {
  abstract locate(address: StrategyAddress, options?: LocateOptions): Promise<StrategyLocation>;
  /** The feature's strategies in the environment, in their order. */
  abstract list(featureName: string, environment: string): Promise<StoredStrategy[]>;
  /** Where the strategy of this id is: its project, feature and environment. */
  abstract addressOf(strategyId: string): Promise<Required<StrategyAddress> | undefined>;
  abstract insert(strategy: StoredStrategy, createdByUserId: number, createdAt: Date): Promise<void>;
  /** Inserts strategies with their segment links, a few statements for all of them (copies of other strategies). */
  abstract insertMany(strategies: StoredStrategy[], createdByUserId: number, createdAt: Date): Promise<void>;
  /** Every strategy of the feature, by environment and order. */
  abstract listOfFeature(featureName: string): Promise<StoredStrategy[]>;
  /** The strategies of the project's features in the environment, by feature and order. */
  abstract listInProjectEnvironment(projectId: string, environment: string): Promise<StoredStrategy[]>;
  /** Writes `strategy` over `stored`, the row as it was read in the same transaction. */
  abstract update(strategy: StoredStrategy, stored: StoredStrategy): Promise<void>;
  abstract replaceSegments(strategyId: string, segmentIds: number[], createdAt: Date): Promise<void>;
  abstract delete(strategyId: string): Promise<void>;
  abstract setSortOrder(strategyId: string, sortOrder: number): Promise<void>;
  /** How many strategies the feature has in the environment, and the highest sort order among them. */
  abstract countIn(featureName: string, environment: string): Promise<{ count: number; maxSortOrder: number | null }>;
  /** Enables the (disabled) strategies with these ids. */
  abstract enable(strategyIds: string[]): Promise<void>;
  /** Deletes the strategies of the project's features in the environment. */
  abstract deleteInProjectEnvironment(projectId: string, environment: string): Promise<void>;
  /**
   * Holds the feature's row for the environment until the transaction ends (PostgreSQL; SQLite transactions are
   * serial already), so strategy writes of one feature environment apply one after the other and what a write reads
   * afterwards is what it replaces. Switching the feature on or off locks the same row first, so the two never
   * deadlock.
   */
  abstract lockFeatureEnvironment(featureName: string, environment: string): Promise<void>;
}

interface LocationRow extends Partial<StrategyRow> {
  project_id: string | null;
  default_stickiness: string | null;
  feature_project: string | null;
  environment_name: string | null;
  tags?: unknown;
}

@Injectable()
export class SqlFeatureStrategyStore extends FeatureStrategyStore {
  constructor(private readonly db: Database) {
    super();
  }

  async locate(address: StrategyAddress, options: LocateOptions = {}): Promise<StrategyLocation> {
    const row = await this.db.one<LocationRow>(
      `SELECT p.id AS project_id, p.default_stickiness, f.project AS feature_project, pe.environment_name,
              ${STRATEGY_COLUMNS}, ${this.segmentIdsColumn()}${options.withTags ? `, ${this.tagsColumn()}` : ''}
         FROM (SELECT 1 AS here) x
         LEFT JOIN flagwright_projects p ON p.id = :projectId
         LEFT JOIN flagwright_features f ON f.name = :featureName
         LEFT JOIN flagwright_project_environments pe ON pe.project_id = :projectId AND pe.environment_name = :environment
         LEFT JOIN flagwright_feature_strategies s ON s.id = :strategyId AND s.feature_name = :featureName AND s.environment = :environment`,
      { ...address, strategyId: address.strategyId ?? null },
    );
    return {
      projectExists: row?.project_id != null,
      defaultStickiness: row?.default_stickiness || 'default',
      featureFound: row?.feature_project != null && row.feature_project === address.projectId,
      environmentFound: row?.environment_name != null,
      strategy: row?.id != null ? toStoredStrategy(row as StrategyRow) : undefined,
      tags: parseJson<EventTag[]>(row?.tags, []),
    };
  }

  async list(featureName: string, environment: string): Promise<StoredStrategy[]> {
    const rows = await this.db.query<StrategyRow>(
      `SELECT ${STRATEGY_COLUMNS}, ${this.segmentIdsColumn()}
         FROM flagwright_feature_strategies s
        WHERE s.feature_name = :featureName AND s.environment = :environment
        ORDER BY s.sort_order, s.created_at, s.id`,
      { featureName, environment },
    );
    return rows.map(toStoredStrategy);
  }

  async addressOf(strategyId: string): Promise<Required<StrategyAddress> | undefined> {
    const row = await this.db.one<{ project_name: string; feature_name: string; environment: string }>(
      'SELECT project_name, feature_name, environment FROM flagwright_feature_strategies WHERE id = :strategyId',
      { strategyId },
    );
    return row && { projectId: row.project_name, featureName: row.feature_name, environment: row.environment, strategyId };
  }

  async insert(strategy: StoredStrategy, createdByUserId: number, createdAt: Date): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_feature_strategies (id, feature_name, project_name, environment, strategy_name, title, disabled, parameters, constraints,
                                       variants, sort_order, created_by_user_id, created_at)
       VALUES (:id, :featureName, :projectId, :environment, :name, :title, :disabled, :parameters, :constraints, :variants, :sortOrder,
               :createdByUserId, :createdAt)`,
      { ...columnsOf(strategy), createdByUserId, createdAt: this.db.toTimestamp(createdAt) },
    );
  }

  async update(strategy: StoredStrategy, stored: StoredStrategy): Promise<void> {
    // `disabled` and `sort_order` are set only when they change: the search generation's triggers fire on an UPDATE
    // OF `disabled` whenever it is in the SET list (so every edit of a strategy's configuration threw away every
    // kept search answer), and `sort_order` is in an index, whose entry would be rewritten.
    const changed = [
      strategy.disabled !== stored.disabled ? ', disabled = :disabled' : '',
      strategy.sortOrder !== stored.sortOrder ? ', sort_order = :sortOrder' : '',
    ].join('');
    await this.db.submit(
      `UPDATE flagwright_feature_strategies
          SET strategy_name = :name, title = :title, parameters = :parameters, constraints = :constraints, variants = :variants${changed}
        WHERE id = :id`,
      columnsOf(strategy),
    );
  }

  async insertMany(strategies: StoredStrategy[], createdByUserId: number, createdAt: Date): Promise<void> {
    const at = this.db.toTimestamp(createdAt);
    for (const chunk of chunks(strategies, 100)) {
      const { values, params } = rowValues(chunk, (strategy) => {
        const c = columnsOf(strategy);
        const own = [c.id, c.featureName, c.projectId, c.environment, c.name, c.title, c.disabled, c.parameters, c.constraints];
        return [...own, c.variants, c.sortOrder, createdByUserId, at];
      });
      await this.db.submit(
        `INSERT INTO flagwright_feature_strategies (id, feature_name, project_name, environment, strategy_name, title, disabled, parameters,
                                                    constraints, variants, sort_order, created_by_user_id, created_at)
         VALUES ${values}`,
        params,
      );
    }
    const links = strategies.flatMap((strategy) => strategy.segments.map((segmentId) => [strategy.id, segmentId, at]));
    for (const chunk of chunks(links)) {
      const { values, params } = rowValues(chunk, (link) => link);
      await this.db.submit(
        `INSERT INTO flagwright_feature_strategy_segments (strategy_id, segment_id, created_at) VALUES ${values}`,
        params,
      );
    }
  }

  async listOfFeature(featureName: string): Promise<StoredStrategy[]> {
    const rows = await this.db.query<StrategyRow>(
      `SELECT ${STRATEGY_COLUMNS}, ${this.segmentIdsColumn()}
         FROM flagwright_feature_strategies s
        WHERE s.feature_name = :featureName
        ORDER BY s.environment, s.sort_order, s.created_at, s.id`,
      { featureName },
    );
    return rows.map(toStoredStrategy);
  }

  async listInProjectEnvironment(projectId: string, environment: string): Promise<StoredStrategy[]> {
    const rows = await this.db.query<StrategyRow>(
      `SELECT ${STRATEGY_COLUMNS}, ${this.segmentIdsColumn()}
         FROM flagwright_feature_strategies s JOIN flagwright_features f ON f.name = s.feature_name
        WHERE f.project = :projectId AND s.environment = :environment
        ORDER BY s.feature_name, s.sort_order, s.created_at, s.id`,
      { projectId, environment },
    );
    return rows.map(toStoredStrategy);
  }

  async replaceSegments(strategyId: string, segmentIds: number[], createdAt: Date): Promise<void> {
    await this.db.submit('DELETE FROM flagwright_feature_strategy_segments WHERE strategy_id = :strategyId', { strategyId });
    if (segmentIds.length === 0) return;
    const params: Record<string, unknown> = { strategyId, createdAt: this.db.toTimestamp(createdAt) };
    segmentIds.forEach((id, index) => (params[`segment${index}`] = id));
    await this.db.execute(
      `INSERT INTO flagwright_feature_strategy_segments (strategy_id, segment_id, created_at)
       VALUES ${segmentIds.map((_, index) => `(:strategyId, :segment${index}, :createdAt)`).join(', ')}`,
      params,
    );
  }

  async delete(strategyId: string): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_feature_strategies WHERE id = :strategyId', { strategyId });
  }

  async setSortOrder(strategyId: string, sortOrder: number): Promise<void> {
    await this.db.execute('UPDATE flagwright_feature_strategies SET sort_order = :sortOrder WHERE id = :strategyId', {
      strategyId,
      sortOrder,
    });
  }

  async countIn(featureName: string, environment: string): Promise<{ count: number; maxSortOrder: number | null }> {
    const row = await this.db.one<{ count: number | string; max_sort_order: number | string | null }>(
      `SELECT COUNT(*) AS count, MAX(sort_order) AS max_sort_order FROM flagwright_feature_strategies WHERE feature_name = :featureName AND environment = :environment`,
      { featureName, environment },
    );
    return { count: Number(row?.count ?? 0), maxSortOrder: row?.max_sort_order == null ? null : Number(row.max_sort_order) };
  }

  async enable(strategyIds: string[]): Promise<void> {
    await this.db.execute('UPDATE flagwright_feature_strategies SET disabled = false WHERE id IN (:...strategyIds)', { strategyIds });
  }

  async deleteInProjectEnvironment(projectId: string, environment: string): Promise<void> {
    await this.db.execute(
      'DELETE FROM flagwright_feature_strategies WHERE environment = :environment AND feature_name IN (SELECT name FROM flagwright_features WHERE project = :projectId)',
      { projectId, environment },
    );
  }

  async lockFeatureEnvironment(featureName: string, environment: string): Promise<void> {
    if (!this.db.isPostgres) return;
    await this.db.submit(
      'SELECT enabled FROM flagwright_feature_environments WHERE feature_name = :featureName AND environment = :environment FOR UPDATE',
      {
        featureName,
        environment,
      },
    );
  }

  /** The feature's tags as a JSON list in one column. */
  private tagsColumn(): string {
    return this.db.isPostgres
      ? `(SELECT COALESCE(json_agg(json_build_object('type', t.tag_type, 'value', t.tag_value) ORDER BY t.tag_type, t.tag_value), '[]')
            FROM flagwright_feature_tags t WHERE t.feature_name = :featureName) AS tags`
      : `(SELECT json_group_array(json_object('type', t.tag_type, 'value', t.tag_value))
            FROM (SELECT tag_type, tag_value FROM flagwright_feature_tags WHERE feature_name = :featureName ORDER BY tag_type, tag_value) t) AS tags`;
  }

  /** The strategy's segment ids in one column, so a strategy is read in one statement. */
  private segmentIdsColumn(): string {
    const aggregate = this.db.isPostgres ? "string_agg(CAST(l.segment_id AS TEXT), ',')" : 'group_concat(l.segment_id)';
    return `(SELECT ${aggregate} FROM flagwright_feature_strategy_segments l WHERE l.strategy_id = s.id) AS segment_ids`;
  }
}

function columnsOf(strategy: StoredStrategy): Record<string, unknown> {
  return {
    id: strategy.id,
    featureName: strategy.featureName,
    projectId: strategy.projectId,
    environment: strategy.environment,
    name: strategy.name,
    title: strategy.title,
    disabled: strategy.disabled,
    parameters: JSON.stringify(strategy.parameters),
    constraints: JSON.stringify(strategy.constraints),
    variants: JSON.stringify(strategy.variants),
    sortOrder: strategy.sortOrder,
  };
}
