import type { FeatureDefinition } from '../../features.js';
import { ClientMetricsController } from './client-metrics.controller.js';
import { ClientMetricsService } from './client-metrics.service.js';
import { ClientMetricsStore, SqlClientMetricsStore } from './client-metrics.store.js';
import { FrontendMetricsController } from './frontend-metrics.controller.js';
import { MetricsRetention } from './metrics-retention.js';
import { MetricsWriter } from './metrics-writer.js';
import { ReportingEnvironments } from './reporting-environments.js';

/** SDK traffic: backend and frontend metrics and registrations. */
export const clientMetricsFeature: FeatureDefinition = {
  controllers: [ClientMetricsController, FrontendMetricsController],
  providers: [
    ClientMetricsService,
    MetricsWriter,
    MetricsRetention,
    ReportingEnvironments,
    { provide: ClientMetricsStore, useClass: SqlClientMetricsStore },
  ],
};
