import type { FeatureDefinition } from '../../features.js';
import { EdgeController } from './edge.controller.js';
import { EdgeTokensReadModel } from './edge-tokens.read-model.js';
import { EdgeService } from './edge.service.js';

export const edgeFeature: FeatureDefinition = {
  controllers: [EdgeController],
  providers: [EdgeService, EdgeTokensReadModel],
};
