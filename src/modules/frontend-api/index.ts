/** The public entry of the frontend-api module: what other modules and hosts may use. */
export { FrontendApiModule } from './frontend-api.module.js';
export type {
  EvaluationContext,
  ExplainedConstraint,
  ExplainedSegment,
  FeatureEvaluator,
  FeatureExplanation,
  StrategyOutcome,
  ToggleVariant,
} from './evaluate.js';
export { FrontendService } from './frontend.service.js';
