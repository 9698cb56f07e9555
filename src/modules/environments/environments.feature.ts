import type { FeatureDefinition } from '../../features.js';
import { EnvironmentController } from './environment.controller.js';
import { EnvironmentReadModel } from './environment.read-model.js';
import { EnvironmentService } from './environment.service.js';
import { EnvironmentStore, SqlEnvironmentStore } from './environment.store.js';
import { ProjectEnvironmentController } from './project-environment.controller.js';

export const environmentsFeature: FeatureDefinition = {
  controllers: [EnvironmentController, ProjectEnvironmentController],
  providers: [EnvironmentService, EnvironmentReadModel, { provide: EnvironmentStore, useClass: SqlEnvironmentStore }],
};
