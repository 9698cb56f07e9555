import type { FeatureDefinition } from '../../features.js';
import { SegmentController } from './segment.controller.js';
import { SegmentReadModel } from './segment.read-model.js';
import { SegmentService } from './segment.service.js';
import { SegmentStore, SqlSegmentStore } from './segment.store.js';

export const segmentsFeature: FeatureDefinition = {
  controllers: [SegmentController],
  providers: [SegmentService, SegmentReadModel, { provide: SegmentStore, useClass: SqlSegmentStore }],
};
