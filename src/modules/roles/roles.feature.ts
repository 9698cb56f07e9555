import type { FeatureDefinition } from '../../features.js';
import { PermissionCatalogueController, RoleController } from './role.controller.js';
import { RoleReadModel } from './role.read-model.js';
import { RoleService } from './role.service.js';
import { RoleStore, SqlRoleStore } from './role.store.js';

export const rolesFeature: FeatureDefinition = {
  controllers: [RoleController, PermissionCatalogueController],
  providers: [RoleService, RoleReadModel, { provide: RoleStore, useClass: SqlRoleStore }],
};
