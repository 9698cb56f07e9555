import type { FeatureDefinition } from '../../features.js';
import { GroupController } from './group.controller.js';
import { GroupReadModel } from './group.read-model.js';
import { GroupService } from './group.service.js';
import { GroupStore, SqlGroupStore } from './group.store.js';

export const groupsFeature: FeatureDefinition = {
  controllers: [GroupController],
  providers: [GroupService, GroupReadModel, { provide: GroupStore, useClass: SqlGroupStore }],
};
