import type { FeatureDefinition } from '../../features.js';
import { ClientFeaturesController } from './client-features.controller.js';
import { ClientFeaturesReadModel } from './client-features.read-model.js';
import { SdkScopeResolver } from './sdk-scope.resolver.js';
import { SdkSnapshots } from './sdk-snapshots.service.js';
import { SdkStreams } from './sdk-streams.service.js';

export const clientApiFeature: FeatureDefinition = {
  controllers: [ClientFeaturesController],
  providers: [ClientFeaturesReadModel, SdkScopeResolver, SdkSnapshots, SdkStreams],
};
