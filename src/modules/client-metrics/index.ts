/** The public entry of the client-metrics module: what other modules and hosts may use. */
export { ClientMetricsModule } from './client-metrics.module.js';
export type { FeatureUsageRecorder, StageEntry } from './feature-usage.js';
export type { SeenFeature } from './metrics-batch.js';
export { MetricsWriter } from './metrics-writer.js';
export * from './client-metrics.entities.js';
