/** The public entry of the features module: what other modules and hosts may use. */
export { FeaturesModule } from './features.module.js';
export { FeatureCloneService } from './feature-clone.service.js';
export type { FeatureTagCopier } from './feature-tag-copier.js';
export { FeatureDependencyService } from './feature-dependency.service.js';
export { type FeatureEnvironmentAddress, FeatureEnvironmentService } from './feature-environment.service.js';
export { checkFeatureVariants, toFeatureVariants } from './feature-variant.rules.js';
export { FeatureEvents } from './feature-events.js';
export { FeatureLookup } from './feature-lookup.js';
export { CreateFeatureSchema, ProjectFeatureSchema, TagSchema, VariantSchema } from './feature.dto.js';
export type { FeatureListItem, FeatureRecord, FeatureVariant } from './feature.model.js';
export { FeatureReadModel } from './feature.read-model.js';
export { FeatureService } from './feature.service.js';
export * from './features.entities.js';
