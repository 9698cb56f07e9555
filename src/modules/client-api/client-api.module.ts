import { FeatureModule } from '../../core/feature-module.js';
import { ClientFeaturesController } from './client-features.controller.js';
import { ClientFeaturesReadModel } from './client-features.read-model.js';
import { SdkScopeResolver } from './sdk-scope.resolver.js';
import { SdkSnapshots } from './sdk-snapshots.service.js';
import { SdkStreams } from './sdk-streams.service.js';

@FeatureModule({
  controllers: [ClientFeaturesController],
  providers: [ClientFeaturesReadModel, SdkScopeResolver, SdkSnapshots, SdkStreams],
  exports: [SdkScopeResolver, SdkSnapshots],
})
export class ClientApiModule {}
