import type { Clock } from '../../../core/clock.js';
import { FixedClock } from '../../../core/testing/fixed-clock.js';
import type { EventQuery, EventRecord, NewEvent } from '../event.model.js';
import { EventService } from '../event.service.js';
import { EventStore } from '../event.store.js';

/** The events table in memory: ids count up, listings are newest first and filtered as the SQL store filters. */
export class FakeEventStore extends EventStore {
  readonly rows: EventRecord[] = [];

  /** The events as services recorded them (without ids and times), oldest first. */
  readonly recorded: NewEvent[] = [];

  async insert(event: NewEvent, createdAt: Date): Promise<void> {
    this.recorded.push(event);
    this.rows.push({
      id: this.rows.length + 1,
      type: event.type,
      createdBy: event.actor.username,
      createdByUserId: event.actor.userId,
      createdAt: createdAt.toISOString(),
      project: event.project ?? null,
      featureName: event.featureName ?? null,
      environment: event.environment ?? null,
      data: event.data ?? null,
      preData: event.preData ?? null,
      tags: event.tags ?? [],
    });
  }

  async list(query: EventQuery): Promise<{ events: EventRecord[]; total: number }> {
    const matching = this.rows
      .filter(
        (row) =>
          (!query.project || row.project === query.project) &&
          (!query.featureName || row.featureName === query.featureName) &&
          (!query.type || row.type === query.type),
      )
      .reverse();
    return { events: matching.slice(query.offset, query.offset + query.limit), total: matching.length };
  }

  /** The types recorded so far, oldest first. */
  types(): string[] {
    return this.recorded.map((event) => event.type);
  }
}

/** The real EventService over a FakeEventStore: specs read what was recorded from `eventStore.recorded`. */
export function recordingEvents(clock: Clock = new FixedClock()): { events: EventService; eventStore: FakeEventStore } {
  const eventStore = new FakeEventStore();
  return { events: new EventService(eventStore, clock), eventStore };
}
