import { FeatureModule } from '../../core/feature-module.js';
import { ClientMetricsModule } from '../client-metrics/index.js';
import { SearchController } from './search.controller.js';
import { SearchItemsReadModel } from './search-items.read-model.js';
import { SearchReadModel } from './search.read-model.js';
import { SearchService } from './search.service.js';

@FeatureModule({
  imports: [ClientMetricsModule],
  controllers: [SearchController],
  providers: [SearchService, SearchReadModel, SearchItemsReadModel],
})
export class SearchModule {}
