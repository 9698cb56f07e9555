/** The public entry of the events module: what other modules and hosts may use. */
export { EventsModule } from './events.module.js';
export { EVENT, type EventType } from './event-types.js';
export type { EventTag, NewEvent } from './event.model.js';
export { EventService } from './event.service.js';
export * from './events.entities.js';
