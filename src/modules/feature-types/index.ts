/** The public entry of the feature-types module: what other modules and hosts may use. */
export { FeatureTypesModule } from './feature-types.module.js';
export type { FeatureType } from './feature-type.model.js';
export { FeatureTypeService } from './feature-type.service.js';
export * from './feature-types.entities.js';
