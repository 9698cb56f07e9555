import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { GroupsModule } from '../groups/index.js';
import { RolesModule } from '../roles/index.js';
import { UsersModule } from '../users/index.js';
import { ProjectAccessController } from './project-access.controller.js';
import { ProjectAccessReadModel } from './project-access.read-model.js';
import { ProjectAccessService } from './project-access.service.js';
import { ProjectAccessStore, SqlProjectAccessStore } from './project-access.store.js';

@FeatureModule({
  imports: [EventsModule, GroupsModule, RolesModule, UsersModule],
  controllers: [ProjectAccessController],
  providers: [ProjectAccessService, ProjectAccessReadModel, { provide: ProjectAccessStore, useClass: SqlProjectAccessStore }],
  exports: [ProjectAccessService],
})
export class ProjectAccessModule {}
