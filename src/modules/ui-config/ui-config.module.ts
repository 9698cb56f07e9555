import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { SettingStore, SqlSettingStore } from './setting.store.js';
import { UiConfigController } from './ui-config.controller.js';
import { UiConfigService } from './ui-config.service.js';

@FeatureModule({
  imports: [EventsModule],
  controllers: [UiConfigController],
  providers: [UiConfigService, { provide: SettingStore, useClass: SqlSettingStore }],
})
export class UiConfigModule {}
