import type { FeatureDefinition } from '../../features.js';
import { ProjectController } from './project.controller.js';
import { ProjectReadModel } from './project.read-model.js';
import { ProjectService } from './project.service.js';
import { ProjectStore, SqlProjectStore } from './project.store.js';

export const projectsFeature: FeatureDefinition = {
  controllers: [ProjectController],
  providers: [ProjectService, ProjectReadModel, { provide: ProjectStore, useClass: SqlProjectStore }],
};
