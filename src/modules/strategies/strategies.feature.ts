import type { FeatureDefinition } from '../../features.js';
import { FeatureStrategyController } from './feature-strategy.controller.js';
import { FeatureStrategyService } from './feature-strategy.service.js';
import { FeatureStrategyStore, SqlFeatureStrategyStore } from './feature-strategy.store.js';
import { StrategyTypeController } from './strategy-type.controller.js';
import { StrategyTypeService } from './strategy-type.service.js';
import { SqlStrategyTypeStore, StrategyTypeStore } from './strategy-type.store.js';

export const strategiesFeature: FeatureDefinition = {
  controllers: [FeatureStrategyController, StrategyTypeController],
  providers: [
    FeatureStrategyService,
    StrategyTypeService,
    { provide: FeatureStrategyStore, useClass: SqlFeatureStrategyStore },
    { provide: StrategyTypeStore, useClass: SqlStrategyTypeStore },
  ],
};
