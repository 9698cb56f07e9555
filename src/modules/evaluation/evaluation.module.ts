import { FeatureModule } from '../../core/feature-module.js';
import { ClientApiModule } from '../client-api/index.js';
import { FrontendApiModule } from '../frontend-api/index.js';
import { FeatureFlags } from './feature-flags.service.js';

/** In-process evaluation for the host: `FeatureFlags`, which FlagwrightModule exports. */
@FeatureModule({
  imports: [ClientApiModule, FrontendApiModule],
  providers: [FeatureFlags],
  exports: [FeatureFlags],
})
export class EvaluationModule {}
