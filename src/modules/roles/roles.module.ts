import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { EnvironmentPermissions } from './environment-permissions.js';
import { PermissionCatalogueController, RoleController } from './role.controller.js';
import { RoleReadModel } from './role.read-model.js';
import { RoleSeeder } from './role.seeder.js';
import { RoleService } from './role.service.js';
import { RoleStore, SqlRoleStore } from './role.store.js';

@FeatureModule({
  imports: [EventsModule],
  controllers: [RoleController, PermissionCatalogueController],
  providers: [RoleService, EnvironmentPermissions, RoleReadModel, RoleSeeder, { provide: RoleStore, useClass: SqlRoleStore }],
  exports: [RoleReadModel, EnvironmentPermissions],
})
export class RolesModule {}
