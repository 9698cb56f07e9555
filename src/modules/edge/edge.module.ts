import { FeatureModule } from '../../core/feature-module.js';
import { EdgeController } from './edge.controller.js';
import { EdgeTokensReadModel } from './edge-tokens.read-model.js';
import { EdgeService } from './edge.service.js';

@FeatureModule({
  controllers: [EdgeController],
  providers: [EdgeService, EdgeTokensReadModel],
})
export class EdgeModule {}
