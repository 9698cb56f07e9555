import type { FeatureDefinition } from '../../features.js';
import { ClientMetricsController } from './client-metrics.controller.js';
import { ClientMetricsService } from './client-metrics.service.js';
import { ClientMetricsStore, SqlClientMetricsStore } from './client-metrics.store.js';

export const clientMetricsFeature: FeatureDefinition = {
  controllers: [ClientMetricsController],
  providers: [ClientMetricsService, { provide: ClientMetricsStore, useClass: SqlClientMetricsStore }],
};
