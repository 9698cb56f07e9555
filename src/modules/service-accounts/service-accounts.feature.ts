import type { FeatureDefinition } from '../../features.js';
import { ServiceAccountController } from './service-account.controller.js';
import { ServiceAccountService } from './service-account.service.js';
import { ServiceAccountStore, SqlServiceAccountStore } from './service-account.store.js';
import { ServiceAccountsReadModel } from './service-accounts.read-model.js';

export const serviceAccountsFeature: FeatureDefinition = {
  controllers: [ServiceAccountController],
  providers: [ServiceAccountService, ServiceAccountsReadModel, { provide: ServiceAccountStore, useClass: SqlServiceAccountStore }],
};
