import type { FeatureDefinition } from '../../features.js';
import { ApiTokenReferencesReadModel } from './api-token-references.read-model.js';
import { ApiTokenController } from './api-token.controller.js';
import { ApiTokenService } from './api-token.service.js';
import { ApiTokenStore, SqlApiTokenStore } from './api-token.store.js';

export const apiTokensFeature: FeatureDefinition = {
  controllers: [ApiTokenController],
  providers: [ApiTokenService, ApiTokenReferencesReadModel, { provide: ApiTokenStore, useClass: SqlApiTokenStore }],
};
