import { FeatureModule } from '../../core/feature-module.js';
import { ClientApiModule } from '../client-api/index.js';
import { FrontendController } from './frontend.controller.js';
import { FrontendPreflightController } from './frontend-preflight.controller.js';
import { FrontendService } from './frontend.service.js';

@FeatureModule({
  imports: [ClientApiModule],
  controllers: [FrontendController, FrontendPreflightController],
  providers: [FrontendService],
  exports: [FrontendService],
})
export class FrontendApiModule {}
