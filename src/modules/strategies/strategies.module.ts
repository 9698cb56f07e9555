import { FeatureModule } from '../../core/feature-module.js';
import { ContextFieldsModule } from '../context-fields/index.js';
import { EventsModule } from '../events/index.js';
import { SegmentsModule } from '../segments/index.js';
import { FeatureStrategyController } from './feature-strategy.controller.js';
import { FeatureStrategyService } from './feature-strategy.service.js';
import { FeatureStrategyStore, SqlFeatureStrategyStore } from './feature-strategy.store.js';
import { StrategySegmentsController } from './strategy-segments.controller.js';
import { StrategyTypeController } from './strategy-type.controller.js';
import { StrategyTypeSeeder } from './strategy-type.seeder.js';
import { StrategyTypeService } from './strategy-type.service.js';
import { SqlStrategyTypeStore, StrategyTypeStore } from './strategy-type.store.js';

@FeatureModule({
  imports: [EventsModule, SegmentsModule, ContextFieldsModule],
  controllers: [FeatureStrategyController, StrategyTypeController, StrategySegmentsController],
  providers: [
    FeatureStrategyService,
    StrategyTypeService,
    StrategyTypeSeeder,
    { provide: FeatureStrategyStore, useClass: SqlFeatureStrategyStore },
    { provide: StrategyTypeStore, useClass: SqlStrategyTypeStore },
  ],
  exports: [FeatureStrategyService],
})
export class StrategiesModule {}
