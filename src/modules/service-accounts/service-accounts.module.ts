import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { PersonalAccessTokensModule } from '../personal-access-tokens/index.js';
import { RolesModule } from '../roles/index.js';
import { UsersModule } from '../users/index.js';
import { ServiceAccountController } from './service-account.controller.js';
import { ServiceAccountService } from './service-account.service.js';
import { ServiceAccountsReadModel } from './service-accounts.read-model.js';

@FeatureModule({
  imports: [EventsModule, PersonalAccessTokensModule, RolesModule, UsersModule],
  controllers: [ServiceAccountController],
  providers: [ServiceAccountService, ServiceAccountsReadModel],
})
export class ServiceAccountsModule {}
