import { FeatureModule } from '../../core/feature-module.js';
import { UiConfigController } from './ui-config.controller.js';
import { UiConfigService } from './ui-config.service.js';

@FeatureModule({
  controllers: [UiConfigController],
  providers: [UiConfigService],
})
export class UiConfigModule {}
