import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { FeatureTypeController } from './feature-type.controller.js';
import { FeatureTypeService } from './feature-type.service.js';
import { FeatureTypeStore, SqlFeatureTypeStore } from './feature-type.store.js';

/** Flag types and their lifetimes. */
@FeatureModule({
  imports: [EventsModule],
  controllers: [FeatureTypeController],
  providers: [FeatureTypeService, { provide: FeatureTypeStore, useClass: SqlFeatureTypeStore }],
  exports: [FeatureTypeService],
})
export class FeatureTypesModule {}
