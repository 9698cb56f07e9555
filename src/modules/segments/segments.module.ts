import { FeatureModule } from '../../core/feature-module.js';
import { ContextFieldsModule } from '../context-fields/index.js';
import { EventsModule } from '../events/index.js';
import { SegmentController } from './segment.controller.js';
import { SegmentReadModel } from './segment.read-model.js';
import { SegmentService } from './segment.service.js';
import { SegmentStore, SqlSegmentStore } from './segment.store.js';

@FeatureModule({
  imports: [EventsModule, ContextFieldsModule],
  controllers: [SegmentController],
  providers: [SegmentService, SegmentReadModel, { provide: SegmentStore, useClass: SqlSegmentStore }],
  exports: [SegmentReadModel],
})
export class SegmentsModule {}
