import { FeatureModule } from '../../core/feature-module.js';
import { EventController } from './event.controller.js';
import { EventCreatorsController, EventSearchController } from './event-search.controller.js';
import { EventService } from './event.service.js';
import { EventStore, SqlEventStore } from './event.store.js';

@FeatureModule({
  controllers: [EventController, EventSearchController, EventCreatorsController],
  providers: [EventService, { provide: EventStore, useClass: SqlEventStore }],
  exports: [EventService],
})
export class EventsModule {}
