import { FeatureModule } from '../../core/feature-module.js';
import { ClientApiModule } from '../client-api/index.js';
import { FrontendApiModule } from '../frontend-api/index.js';
import { PlaygroundController } from './playground.controller.js';
import { PlaygroundService } from './playground.service.js';

/** The playground: flags evaluated for a context, with why each is on or off. */
@FeatureModule({
  imports: [ClientApiModule, FrontendApiModule],
  controllers: [PlaygroundController],
  providers: [PlaygroundService],
})
export class PlaygroundModule {}
