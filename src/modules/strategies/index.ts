/** The public entry of the strategies module: what other modules and hosts may use. */
export { StrategiesModule } from './strategies.module.js';
export type { FeatureEnvironmentSwitch } from './feature-environment-switch.js';
export { FeatureStrategyService } from './feature-strategy.service.js';
export { applyPatch, PatchFailure, type PatchOperation, toPatchOperations } from './json-patch.js';
export { FeatureStrategySchema, JsonPatchBody, PatchOperationSchema, StrategyVariantSchema } from './strategy.dto.js';
export { STRATEGY_COLUMNS, type StrategyRow, toFeatureStrategy, toStoredStrategy } from './strategy.mapper.js';
export type { FeatureStrategy, StoredStrategy, StrategyVariant } from './strategy.model.js';
export { checkVariantNameAndWeight, distributeWeights, parseVariantList, parseVariantPayload, TOTAL_WEIGHT } from './variant.parser.js';
export * from './strategies.entities.js';
