/**
 * The one mapping of a `feature_strategies` row (plus its segment ids) to the strategy JSON the API shows
 * (`{id, name, title, disabled, featureName, sortOrder, segments, constraints, variants, parameters}`, constraints
 * with `caseInsensitive`/`inverted` false and `values` [] by default). It lives with the strategies module, which
 * writes those rows; features read it from here.
 */
export {
  STRATEGY_COLUMNS,
  type StrategyRow,
  toFeatureStrategy,
  toStoredStrategy,
  withConstraintDefaults,
} from '../strategies/strategy.mapper.js';
export type { FeatureStrategy, StoredStrategy } from '../strategies/strategy.model.js';
