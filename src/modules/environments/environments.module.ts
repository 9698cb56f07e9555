import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { FeaturesModule } from '../features/index.js';
import { RolesModule } from '../roles/index.js';
import { EnvironmentController } from './environment.controller.js';
import { EnvironmentReadModel } from './environment.read-model.js';
import { EnvironmentSeeder } from './environment.seeder.js';
import { EnvironmentService } from './environment.service.js';
import { EnvironmentStore, SqlEnvironmentStore } from './environment.store.js';
import { ProjectEnvironmentController } from './project-environment.controller.js';

@FeatureModule({
  imports: [EventsModule, FeaturesModule, RolesModule],
  controllers: [EnvironmentController, ProjectEnvironmentController],
  providers: [EnvironmentService, EnvironmentReadModel, EnvironmentSeeder, { provide: EnvironmentStore, useClass: SqlEnvironmentStore }],
  exports: [EnvironmentService],
})
export class EnvironmentsModule {}
