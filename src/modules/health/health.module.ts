import { TerminusModule } from '@nestjs/terminus';
import { FeatureModule } from '../../core/feature-module.js';
import { HealthController } from './health.controller.js';

@FeatureModule({
  imports: [TerminusModule],
  controllers: [HealthController],
})
export class HealthModule {}
