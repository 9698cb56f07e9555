import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { SessionsModule } from '../sessions/index.js';
import { FirstAdminSeeder } from './first-admin.seeder.js';
import { HostUserService } from './host-user.service.js';
import { InactiveUserService } from './inactive-user.service.js';
import { InactiveUsersController } from './inactive-users.controller.js';
import { UserDirectoryReadModel } from './user-directory.read-model.js';
import { UserDirectoryService } from './user-directory.service.js';
import { UserAdminController } from './user-admin.controller.js';
import { UserController } from './user.controller.js';
import { UserReadModel } from './user.read-model.js';
import { UserService } from './user.service.js';
import { ServiceAccountUserStore, SqlServiceAccountUserStore } from './service-account-user.store.js';
import { ServiceAccountUsers } from './service-account-users.js';
import { SqlUserStore, UserStore } from './user.store.js';

@FeatureModule({
  imports: [EventsModule, SessionsModule],
  controllers: [InactiveUsersController, UserAdminController, UserController],
  providers: [
    UserService,
    UserReadModel,
    UserDirectoryService,
    UserDirectoryReadModel,
    InactiveUserService,
    FirstAdminSeeder,
    ServiceAccountUsers,
    HostUserService,
    { provide: UserStore, useClass: SqlUserStore },
    { provide: ServiceAccountUserStore, useClass: SqlServiceAccountUserStore },
  ],
  exports: [UserService, UserReadModel, ServiceAccountUsers],
})
export class UsersModule {}
