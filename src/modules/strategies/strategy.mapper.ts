import { strongEtag } from '../../core/http/entity-tag.js';
import { parseJson, toBool } from '../../core/database/database.js';
import { type Constraint, withConstraintDefaults } from '../../core/constraints/constraint.js';
import type { FeatureStrategy, StoredStrategy, StrategyVariant } from './strategy.model.js';

/** A `flagwright_feature_strategies` row as read by the stores, with the ids of its segments (a list, or comma-separated text). */
export interface StrategyRow {
  id: string;
  feature_name: string;
  project_name: string;
  environment: string;
  strategy_name: string;
  title: string | null;
  disabled: unknown;
  parameters: unknown;
  constraints: unknown;
  variants: unknown;
  sort_order: number | string;
  segment_ids?: unknown;
}

export const STRATEGY_COLUMNS =
  's.id, s.feature_name, s.project_name, s.environment, s.strategy_name, s.title, s.disabled, s.parameters, s.constraints, s.variants, s.sort_order';

/** Maps a row to the strategy the API shows: constraints get their defaults, parameter values are text. */
export function toStoredStrategy(row: StrategyRow): StoredStrategy {
  return {
    id: row.id,
    name: row.strategy_name,
    title: row.title ?? null,
    disabled: toBool(row.disabled),
    featureName: row.feature_name,
    sortOrder: Number(row.sort_order),
    segments: segmentIds(row.segment_ids),
    constraints: parseJson<Partial<Constraint>[]>(row.constraints, []).map(withConstraintDefaults),
    variants: parseJson<StrategyVariant[]>(row.variants, []),
    parameters: Object.fromEntries(
      Object.entries(parseJson<Record<string, unknown>>(row.parameters, {})).map(([key, value]) => [key, String(value)]),
    ),
    projectId: row.project_name,
    environment: row.environment,
  };
}

/** The ETag of a strategy as the API shows it, for `If-Match` on its next change. */
export function strategyEtag(strategy: FeatureStrategy): string {
  return strongEtag(JSON.stringify(strategy));
}

/** The public shape, without where the strategy lives. */
export function toFeatureStrategy(strategy: StoredStrategy | FeatureStrategy): FeatureStrategy {
  const { id, name, title, disabled, featureName, sortOrder, segments, constraints, variants, parameters } = strategy;
  return { id, name, title, disabled, featureName, sortOrder, segments, constraints, variants, parameters };
}

function segmentIds(value: unknown): number[] {
  if (value === null || value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : String(value).split(',');
  return list.map(Number).sort((a, b) => a - b);
}
