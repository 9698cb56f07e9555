import { FeatureModule } from '../../core/feature-module.js';
import { ClientMetricsModule } from '../client-metrics/index.js';
import { EventsModule } from '../events/index.js';
import { EnvironmentsModule } from '../environments/index.js';
import { FeaturesModule } from '../features/index.js';
import { ProjectAccessModule } from '../project-access/index.js';
import { ProjectController } from './project.controller.js';
import { FlagCreatorsController, ProjectInsightsController } from './project-insights.controller.js';
import { ProjectInsightsReadModel } from './project-insights.read-model.js';
import { ProjectInsightsService } from './project-insights.service.js';
import { ProjectReadModel } from './project.read-model.js';
import { ProjectSeeder } from './project.seeder.js';
import { ProjectService } from './project.service.js';
import { ProjectStore, SqlProjectStore } from './project.store.js';

@FeatureModule({
  imports: [ClientMetricsModule, EventsModule, EnvironmentsModule, FeaturesModule, ProjectAccessModule],
  controllers: [ProjectController, ProjectInsightsController, FlagCreatorsController],
  providers: [
    ProjectService,
    ProjectReadModel,
    ProjectInsightsService,
    ProjectInsightsReadModel,
    ProjectSeeder,
    { provide: ProjectStore, useClass: SqlProjectStore },
  ],
})
export class ProjectsModule {}
