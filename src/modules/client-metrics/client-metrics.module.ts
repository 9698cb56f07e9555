import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { ApplicationService } from './application.service.js';
import { ApplicationStore, SqlApplicationStore } from './application.store.js';
import { ClientMetricsController, EdgeMetricsController } from './client-metrics.controller.js';
import { ClientMetricsService } from './client-metrics.service.js';
import { ClientMetricsStore, SqlClientMetricsStore } from './client-metrics.store.js';
import { FrontendMetricsController } from './frontend-metrics.controller.js';
import { MetricsRetention } from './metrics-retention.js';
import {
  ApplicationMetricsController,
  FeatureMetricsController,
  ProjectApplicationsController,
  UnknownFlagsController,
} from './metrics-read.controller.js';
import { MetricsReadService } from './metrics-read.service.js';
import { MetricsReadModel, SqlMetricsReadModel } from './metrics.read-model.js';
import { MetricsWriter } from './metrics-writer.js';
import { ReportingEnvironments } from './reporting-environments.js';

/** SDK traffic: backend and frontend metrics and registrations. */
@FeatureModule({
  imports: [EventsModule],
  controllers: [
    ClientMetricsController,
    EdgeMetricsController,
    FrontendMetricsController,
    FeatureMetricsController,
    ApplicationMetricsController,
    ProjectApplicationsController,
    UnknownFlagsController,
  ],
  providers: [
    ClientMetricsService,
    MetricsWriter,
    MetricsRetention,
    ReportingEnvironments,
    MetricsReadService,
    ApplicationService,
    { provide: ApplicationStore, useClass: SqlApplicationStore },
    { provide: MetricsReadModel, useClass: SqlMetricsReadModel },
    { provide: ClientMetricsStore, useClass: SqlClientMetricsStore },
  ],
  exports: [MetricsWriter],
})
export class ClientMetricsModule {}
