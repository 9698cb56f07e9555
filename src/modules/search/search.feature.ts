import type { FeatureDefinition } from '../../features.js';
import { SearchController } from './search.controller.js';
import { SearchItemsReadModel } from './search-items.read-model.js';
import { SearchReadModel } from './search.read-model.js';
import { SearchService } from './search.service.js';

export const searchFeature: FeatureDefinition = {
  controllers: [SearchController],
  providers: [SearchService, SearchReadModel, SearchItemsReadModel],
};
