/** The public entry of the client-metrics module: what other modules and hosts may use. */
export { ClientMetricsModule } from './client-metrics.module.js';
export { MetricsWriter } from './metrics-writer.js';
export * from './client-metrics.entities.js';
