import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { PermissionCatalogueController, RoleController } from './role.controller.js';
import { RoleReadModel } from './role.read-model.js';
import { RoleService } from './role.service.js';
import { RoleStore, SqlRoleStore } from './role.store.js';

@FeatureModule({
  imports: [EventsModule],
  controllers: [RoleController, PermissionCatalogueController],
  providers: [RoleService, RoleReadModel, { provide: RoleStore, useClass: SqlRoleStore }],
  exports: [RoleReadModel],
})
export class RolesModule {}
