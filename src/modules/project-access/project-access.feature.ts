import type { FeatureDefinition } from '../../features.js';
import { ProjectAccessController } from './project-access.controller.js';
import { ProjectAccessReadModel } from './project-access.read-model.js';
import { ProjectAccessService } from './project-access.service.js';
import { ProjectAccessStore, SqlProjectAccessStore } from './project-access.store.js';

export const projectAccessFeature: FeatureDefinition = {
  controllers: [ProjectAccessController],
  providers: [ProjectAccessService, ProjectAccessReadModel, { provide: ProjectAccessStore, useClass: SqlProjectAccessStore }],
};
