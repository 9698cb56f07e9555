import type { FeatureDefinition } from '../../features.js';
import { UserAdminController } from './user-admin.controller.js';
import { UserController } from './user.controller.js';
import { UserReadModel } from './user.read-model.js';
import { UserService } from './user.service.js';
import { SqlUserStore, UserStore } from './user.store.js';

export const usersFeature: FeatureDefinition = {
  controllers: [UserAdminController, UserController],
  providers: [UserService, UserReadModel, { provide: UserStore, useClass: SqlUserStore }],
};
