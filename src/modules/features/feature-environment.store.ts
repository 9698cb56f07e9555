import { Injectable } from '@nestjs/common';
import { rowValues } from '../../core/database/batch-statements.js';
import { Database, parseJson, toBool } from '../../core/database/database.js';
import { type StoredStrategy, STRATEGY_COLUMNS, type StrategyRow, toStoredStrategy } from '../strategies/index.js';
import type { FeatureEnvironmentView, FeatureVariant } from './feature.model.js';

/** A feature's state in one environment. */
export interface FeatureEnvironmentState {
  enabled: boolean;
  variants: FeatureVariant[];
}

/** The write model of a feature in one environment (`flagwright_feature_environments`). */
export abstract class FeatureEnvironmentStore {
  /** The state, its row held until the transaction ends on PostgreSQL; undefined when the feature has no such row. */
  abstract lock(featureName: string, environment: string): Promise<FeatureEnvironmentState | undefined>;
  /** Answers whether the state changed. */
  abstract setEnabled(featureName: string, environment: string, enabled: boolean): Promise<boolean>;
  abstract setVariants(featureName: string, environment: string, variants: FeatureVariant[]): Promise<void>;
  /** The feature's strategies in the environment, in their order, with their segment ids. */
  abstract strategies(featureName: string, environment: string): Promise<StoredStrategy[]>;
  /** Makes sure the feature has its row for the environment (switched off when new). */
  abstract ensure(featureName: string, environment: string): Promise<void>;
  /** Switches the feature off in the environment if it is on and has no enabled strategy; answers whether it did. */
  abstract disableIfNoEnabledStrategy(featureName: string, environment: string): Promise<boolean>;
  /** Gives every feature of the project its (switched off) state in the environment. */
  abstract addProjectEnvironment(projectId: string, environment: string): Promise<void>;
  /** Deletes the state of the project's features in the environment. */
  abstract deleteProjectEnvironment(projectId: string, environment: string): Promise<void>;
  /** Gives the project's features in environment `to` the state (on or off, variants) they have in `from`. */
  abstract copyProjectEnvironment(projectId: string, from: string, to: string): Promise<void>;
  /**
   * Gives the new feature `to` its (switched off) state in every environment of its project, with the variants
   * feature `from` has there; answers those environments, by sort order, as a feature view shows them.
   */
  abstract connectEnvironmentsLike(from: string, to: string, projectId: string): Promise<FeatureEnvironmentView[]>;
  /** Holds the features' rows for the environment until the transaction ends (PostgreSQL), in name order. */
  abstract lockMany(featureNames: string[], environment: string): Promise<void>;
  /** The features' strategies in the environment, in their order, with their segment ids. */
  abstract strategiesOfMany(featureNames: string[], environment: string): Promise<StoredStrategy[]>;
  /** Switches the features on or off in the environment; answers the names of those whose state changed. */
  abstract setEnabledMany(featureNames: string[], environment: string, enabled: boolean): Promise<string[]>;
}

@Injectable()
export class SqlFeatureEnvironmentStore extends FeatureEnvironmentStore {
  constructor(private readonly db: Database) {
    super();
  }

  async lock(featureName: string, environment: string): Promise<FeatureEnvironmentState | undefined> {
    const row = await this.db.one<{ enabled: unknown; variants: unknown }>(
      `SELECT enabled, variants FROM flagwright_feature_environments WHERE feature_name = :featureName AND environment = :environment${this.db.isPostgres ? ' FOR UPDATE' : ''}`,
      { featureName, environment },
    );
    return row && { enabled: toBool(row.enabled), variants: parseJson<FeatureVariant[]>(row.variants, []) };
  }

  async setEnabled(featureName: string, environment: string, enabled: boolean): Promise<boolean> {
    const changed = await this.db.execute(
      'UPDATE flagwright_feature_environments SET enabled = :enabled WHERE feature_name = :featureName AND environment = :environment AND enabled <> :enabled',
      { featureName, environment, enabled },
    );
    return changed > 0;
  }

  async setVariants(featureName: string, environment: string, variants: FeatureVariant[]): Promise<void> {
    await this.db.execute(
      'UPDATE flagwright_feature_environments SET variants = :variants WHERE feature_name = :featureName AND environment = :environment',
      {
        featureName,
        environment,
        variants: JSON.stringify(variants),
      },
    );
  }

  async strategies(featureName: string, environment: string): Promise<StoredStrategy[]> {
    const params = { featureName, environment };
    const [rows, links] = await Promise.all([
      this.db.query<StrategyRow>(
        `SELECT ${STRATEGY_COLUMNS} FROM flagwright_feature_strategies s
          WHERE s.feature_name = :featureName AND s.environment = :environment ORDER BY s.sort_order, s.created_at, s.id`,
        params,
      ),
      this.db.query<{ strategy_id: string; segment_id: number | string }>(
        `SELECT fss.strategy_id, fss.segment_id FROM flagwright_feature_strategy_segments fss JOIN flagwright_feature_strategies s ON s.id = fss.strategy_id
          WHERE s.feature_name = :featureName AND s.environment = :environment`,
        params,
      ),
    ]);
    return rows.map((row) =>
      toStoredStrategy({ ...row, segment_ids: links.filter((l) => l.strategy_id === row.id).map((l) => Number(l.segment_id)) }),
    );
  }

  async ensure(featureName: string, environment: string): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_feature_environments (feature_name, environment, enabled, variants) VALUES (:featureName, :environment, false, '[]')
       ON CONFLICT (feature_name, environment) DO NOTHING`,
      { featureName, environment },
    );
  }

  async disableIfNoEnabledStrategy(featureName: string, environment: string): Promise<boolean> {
    const changed = await this.db.execute(
      `UPDATE flagwright_feature_environments SET enabled = false
        WHERE feature_name = :featureName AND environment = :environment AND enabled = true
          AND NOT EXISTS (SELECT 1 FROM flagwright_feature_strategies
                           WHERE feature_name = :featureName AND environment = :environment AND disabled = false)`,
      { featureName, environment },
    );
    return changed > 0;
  }

  async addProjectEnvironment(projectId: string, environment: string): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_feature_environments (feature_name, environment, enabled, variants)
       SELECT f.name, :environment, false, '[]' FROM flagwright_features f WHERE f.project = :projectId
       ON CONFLICT DO NOTHING`,
      { projectId, environment },
    );
  }

  async deleteProjectEnvironment(projectId: string, environment: string): Promise<void> {
    await this.db.execute(
      'DELETE FROM flagwright_feature_environments WHERE environment = :environment AND feature_name IN (SELECT name FROM flagwright_features WHERE project = :projectId)',
      { projectId, environment },
    );
  }

  async copyProjectEnvironment(projectId: string, from: string, to: string): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_feature_environments (feature_name, environment, enabled, variants)
       SELECT fe.feature_name, :to, fe.enabled, fe.variants FROM flagwright_feature_environments fe
         JOIN flagwright_features f ON f.name = fe.feature_name
        WHERE fe.environment = :from AND f.project = :projectId
       ON CONFLICT DO NOTHING`,
      { projectId, from, to },
    );
  }

  async connectEnvironmentsLike(from: string, to: string, projectId: string): Promise<FeatureEnvironmentView[]> {
    const rows = await this.db.query<{ name: string; type: string; sort_order: number | string; variants: unknown }>(
      `SELECT e.name, e.type, e.sort_order, source.variants
         FROM flagwright_project_environments pe JOIN flagwright_environments e ON e.name = pe.environment_name
         LEFT JOIN flagwright_feature_environments source ON source.feature_name = :from AND source.environment = pe.environment_name
        WHERE pe.project_id = :projectId ORDER BY e.sort_order, e.name`,
      { from, projectId },
    );
    const environments = rows.map((row) => ({
      name: row.name,
      type: row.type,
      enabled: false,
      sortOrder: Number(row.sort_order),
      strategies: [],
      variants: parseJson<FeatureVariant[]>(row.variants, []),
      lastSeenAt: null,
    }));
    if (environments.length === 0) return environments;
    const { values, params } = rowValues(environments, (environment) => [
      to,
      environment.name,
      false,
      JSON.stringify(environment.variants),
    ]);
    await this.db.submit(
      `INSERT INTO flagwright_feature_environments (feature_name, environment, enabled, variants) VALUES ${values}`,
      params,
    );
    return environments;
  }

  async lockMany(featureNames: string[], environment: string): Promise<void> {
    if (!this.db.isPostgres || featureNames.length === 0) return;
    await this.db.submit(
      `SELECT feature_name FROM flagwright_feature_environments
        WHERE environment = :environment AND feature_name IN (:...featureNames) ORDER BY feature_name FOR UPDATE`,
      { featureNames, environment },
    );
  }

  async strategiesOfMany(featureNames: string[], environment: string): Promise<StoredStrategy[]> {
    if (featureNames.length === 0) return [];
    const params = { featureNames, environment };
    const [rows, links] = await Promise.all([
      this.db.query<StrategyRow>(
        `SELECT ${STRATEGY_COLUMNS} FROM flagwright_feature_strategies s
          WHERE s.feature_name IN (:...featureNames) AND s.environment = :environment ORDER BY s.feature_name, s.sort_order, s.created_at, s.id`,
        params,
      ),
      this.db.query<{ strategy_id: string; segment_id: number | string }>(
        `SELECT fss.strategy_id, fss.segment_id FROM flagwright_feature_strategy_segments fss JOIN flagwright_feature_strategies s ON s.id = fss.strategy_id
          WHERE s.feature_name IN (:...featureNames) AND s.environment = :environment`,
        params,
      ),
    ]);
    return rows.map((row) =>
      toStoredStrategy({ ...row, segment_ids: links.filter((l) => l.strategy_id === row.id).map((l) => Number(l.segment_id)) }),
    );
  }

  async setEnabledMany(featureNames: string[], environment: string, enabled: boolean): Promise<string[]> {
    if (featureNames.length === 0) return [];
    const rows = await this.db.query<{ feature_name: string }>(
      `UPDATE flagwright_feature_environments SET enabled = :enabled
        WHERE environment = :environment AND feature_name IN (:...featureNames) AND enabled <> :enabled
        RETURNING feature_name`,
      { featureNames, environment, enabled },
    );
    return rows.map((row) => row.feature_name);
  }
}
