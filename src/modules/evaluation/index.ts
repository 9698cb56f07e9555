/** The public entry of the evaluation module: what other modules and hosts may use. */
export { EvaluationModule } from './evaluation.module.js';
export { FeatureFlags, type FlagContext } from './feature-flags.service.js';
export { contextOfRequest, type FlagRequest, RequireFlag, RequireFlagGuard } from './require-flag.decorator.js';
