import { Injectable } from '@nestjs/common';
import { Database, parseJson, toBool } from '../../core/database/database.js';
import { STRATEGY_COLUMNS, type StoredStrategy, type StrategyRow, toStoredStrategy } from '../strategies/index.js';
import type {
  ExportedContextField,
  ExportedDependency,
  ExportedFeature,
  ExportedFeatureEnvironment,
  ExportedFeatureTag,
  ExportedTagType,
  KnownContextField,
  KnownSegment,
  KnownStrategyType,
} from './export-import.model.js';

interface FeatureRow {
  name: string;
  project: string;
  type: string;
  description: string | null;
  stale: unknown;
  impression_data: unknown;
  archived_at: unknown;
}

/**
 * What an export reads and what an import's checks ask, each in one query over the features named (never one
 * query per feature). It reads the tables of features, strategies, tags, context fields and segments; it writes none.
 */
@Injectable()
export class ExportImportReadModel {
  constructor(private readonly db: Database) {}

  /** The active features of a project, or of every project, by name. */
  async activeFeatureNames(projectId?: string): Promise<string[]> {
    const rows = projectId
      ? await this.db.query<{ name: string }>(
          'SELECT name FROM flagwright_features WHERE project = :projectId AND archived_at IS NULL ORDER BY name',
          { projectId },
        )
      : await this.db.query<{ name: string }>('SELECT name FROM flagwright_features WHERE archived_at IS NULL ORDER BY name');
    return rows.map((row) => row.name);
  }

  /** The features carrying a tag of this value, whatever its type, as Unleash selects an export by tag. */
  async featureNamesTagged(value: string): Promise<string[]> {
    const rows = await this.db.query<{ feature_name: string }>(
      'SELECT DISTINCT feature_name FROM flagwright_feature_tags WHERE tag_value = :value ORDER BY feature_name',
      { value },
    );
    return rows.map((row) => row.feature_name);
  }

  /** The features of these names, archived ones included, by name. */
  async features(names: string[]): Promise<ExportedFeature[]> {
    if (names.length === 0) return [];
    const rows = await this.db.query<FeatureRow>(
      `SELECT name, project, type, description, stale, impression_data, archived_at
         FROM flagwright_features WHERE name IN (:...names) ORDER BY name`,
      { names },
    );
    return rows.map((row) => ({
      name: row.name,
      description: row.description,
      type: row.type,
      project: row.project,
      stale: toBool(row.stale),
      impressionData: toBool(row.impression_data),
      archived: row.archived_at !== null && row.archived_at !== undefined,
    }));
  }

  async featureEnvironments(names: string[], environment: string): Promise<ExportedFeatureEnvironment[]> {
    if (names.length === 0) return [];
    const rows = await this.db.query<{ feature_name: string; enabled: unknown; variants: unknown }>(
      `SELECT feature_name, enabled, variants FROM flagwright_feature_environments
        WHERE feature_name IN (:...names) AND environment = :environment ORDER BY feature_name`,
      { names, environment },
    );
    return rows.map((row) => ({
      enabled: toBool(row.enabled),
      featureName: row.feature_name,
      environment,
      variants: parseJson(row.variants, []),
      name: row.feature_name,
    }));
  }

  /** The strategies of the features in the environment, with their segment ids, in each feature's order. */
  async strategies(names: string[], environment: string): Promise<StoredStrategy[]> {
    if (names.length === 0) return [];
    const params = { names, environment };
    const [rows, links] = await Promise.all([
      this.db.query<StrategyRow>(
        `SELECT ${STRATEGY_COLUMNS} FROM flagwright_feature_strategies s
          WHERE s.feature_name IN (:...names) AND s.environment = :environment
          ORDER BY s.feature_name, s.sort_order, s.created_at, s.id`,
        params,
      ),
      this.db.query<{ strategy_id: string; segment_id: number | string }>(
        `SELECT l.strategy_id, l.segment_id FROM flagwright_feature_strategy_segments l
           JOIN flagwright_feature_strategies s ON s.id = l.strategy_id
          WHERE s.feature_name IN (:...names) AND s.environment = :environment
          ORDER BY l.segment_id`,
        params,
      ),
    ]);
    const segments = new Map<string, number[]>();
    for (const link of links) segments.set(link.strategy_id, [...(segments.get(link.strategy_id) ?? []), Number(link.segment_id)]);
    return rows.map((row) => toStoredStrategy({ ...row, segment_ids: segments.get(row.id) ?? [] }));
  }

  async featureTags(names: string[]): Promise<ExportedFeatureTag[]> {
    if (names.length === 0) return [];
    const rows = await this.db.query<{ feature_name: string; tag_type: string; tag_value: string; created_by_user_id: unknown }>(
      `SELECT feature_name, tag_type, tag_value, created_by_user_id FROM flagwright_feature_tags
        WHERE feature_name IN (:...names) ORDER BY feature_name, tag_type, tag_value`,
      { names },
    );
    return rows.map((row) => ({
      featureName: row.feature_name,
      tagType: row.tag_type,
      tagValue: row.tag_value,
      createdByUserId: row.created_by_user_id === null ? null : Number(row.created_by_user_id),
    }));
  }

  async dependencies(names: string[]): Promise<ExportedDependency[]> {
    if (names.length === 0) return [];
    const rows = await this.db.query<{ child: string; parent: string; enabled: unknown; variants: unknown }>(
      'SELECT child, parent, enabled, variants FROM flagwright_feature_dependencies WHERE child IN (:...names) ORDER BY child, parent',
      { names },
    );
    return rows.map((row) => ({
      feature: row.child,
      dependencies: [{ feature: row.parent, enabled: toBool(row.enabled), variants: parseJson<string[]>(row.variants, []) }],
    }));
  }

  async tagTypes(): Promise<ExportedTagType[]> {
    return this.db.query<ExportedTagType>('SELECT name, description, icon, color FROM flagwright_tag_types ORDER BY name');
  }

  async contextFields(): Promise<KnownContextField[]> {
    const rows = await this.db.query<{
      name: string;
      description: string | null;
      stickiness: unknown;
      sort_order: number | string;
      legal_values: unknown;
      project: string | null;
    }>('SELECT name, description, stickiness, sort_order, legal_values, project FROM flagwright_context_fields ORDER BY sort_order, name');
    return rows.map((row) => {
      const field: ExportedContextField = {
        name: row.name,
        description: row.description,
        stickiness: toBool(row.stickiness),
        sortOrder: Number(row.sort_order),
        legalValues: parseJson(row.legal_values, []),
      };
      return row.project === null ? field : { ...field, project: row.project };
    });
  }

  async segments(): Promise<KnownSegment[]> {
    return (await this.db.query<KnownSegment>('SELECT id, name, project FROM flagwright_segments ORDER BY id')).map((row) => ({
      ...row,
      id: Number(row.id),
    }));
  }

  /** Every strategy type; a custom one is editable. */
  async strategyTypes(): Promise<KnownStrategyType[]> {
    const rows = await this.db.query<{ name: string; editable: unknown }>(
      'SELECT name, editable FROM flagwright_strategy_types ORDER BY name',
    );
    return rows.map((row) => ({ name: row.name, editable: toBool(row.editable) }));
  }

  /** Whether any of the features has a strategy in the environment (an import would delete it). */
  async anyStrategy(names: string[], environment: string): Promise<boolean> {
    if (names.length === 0) return false;
    const row = await this.db.one<{ id: string }>(
      'SELECT id FROM flagwright_feature_strategies WHERE feature_name IN (:...names) AND environment = :environment LIMIT 1',
      { names, environment },
    );
    return row !== undefined;
  }

  async environmentExists(environment: string): Promise<boolean> {
    return (await this.db.one('SELECT name FROM flagwright_environments WHERE name = :environment', { environment })) !== undefined;
  }

  async projectExists(projectId: string): Promise<boolean> {
    return (await this.db.one('SELECT id FROM flagwright_projects WHERE id = :projectId', { projectId })) !== undefined;
  }
}
