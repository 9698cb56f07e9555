import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { RolesModule } from '../roles/index.js';
import { UsersModule } from '../users/index.js';
import { GroupController } from './group.controller.js';
import { GroupReadModel } from './group.read-model.js';
import { GroupService } from './group.service.js';
import { GroupStore, SqlGroupStore } from './group.store.js';

@FeatureModule({
  imports: [EventsModule, RolesModule, UsersModule],
  controllers: [GroupController],
  providers: [GroupService, GroupReadModel, { provide: GroupStore, useClass: SqlGroupStore }],
  exports: [GroupReadModel, GroupService],
})
export class GroupsModule {}
