import { FeatureModule } from '../../core/feature-module.js';
import { ClientMetricsController, EdgeMetricsController } from './client-metrics.controller.js';
import { ClientMetricsService } from './client-metrics.service.js';
import { ClientMetricsStore, SqlClientMetricsStore } from './client-metrics.store.js';
import { FrontendMetricsController } from './frontend-metrics.controller.js';
import { MetricsRetention } from './metrics-retention.js';
import { ApplicationMetricsController, FeatureMetricsController } from './metrics-read.controller.js';
import { MetricsReadService } from './metrics-read.service.js';
import { MetricsReadModel, SqlMetricsReadModel } from './metrics.read-model.js';
import { MetricsWriter } from './metrics-writer.js';
import { ReportingEnvironments } from './reporting-environments.js';

/** SDK traffic: backend and frontend metrics and registrations. */
@FeatureModule({
  controllers: [
    ClientMetricsController,
    EdgeMetricsController,
    FrontendMetricsController,
    FeatureMetricsController,
    ApplicationMetricsController,
  ],
  providers: [
    ClientMetricsService,
    MetricsWriter,
    MetricsRetention,
    ReportingEnvironments,
    MetricsReadService,
    { provide: MetricsReadModel, useClass: SqlMetricsReadModel },
    { provide: ClientMetricsStore, useClass: SqlClientMetricsStore },
  ],
  exports: [MetricsWriter],
})
export class ClientMetricsModule {}
