import type { FeatureDefinition } from '../../features.js';
import { EventController } from './event.controller.js';
import { EventService } from './event.service.js';
import { EventStore, SqlEventStore } from './event.store.js';

export const eventsFeature: FeatureDefinition = {
  controllers: [EventController],
  providers: [EventService, { provide: EventStore, useClass: SqlEventStore }],
};
