import type { FeatureDefinition } from '../../features.js';
import { FrontendController } from './frontend.controller.js';
import { FrontendService } from './frontend.service.js';

export const frontendApiFeature: FeatureDefinition = {
  controllers: [FrontendController],
  providers: [FrontendService],
};
