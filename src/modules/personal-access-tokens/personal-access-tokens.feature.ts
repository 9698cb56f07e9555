import type { FeatureDefinition } from '../../features.js';
import { PatService } from './pat.service.js';
import { PatStore, SqlPatStore } from './pat.store.js';
import { UserPatController } from './user-pat.controller.js';

export const personalAccessTokensFeature: FeatureDefinition = {
  controllers: [UserPatController],
  providers: [PatService, { provide: PatStore, useClass: SqlPatStore }],
};
