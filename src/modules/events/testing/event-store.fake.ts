import type { AccessReadModel } from '../../../core/access/access.read-model.js';
import type { Clock } from '../../../core/clock.js';
import { FakeAccessReadModel } from '../../../core/testing/access-read-model.fake.js';
import { FixedClock } from '../../../core/testing/fixed-clock.js';
import type { EventCreator, EventQuery, EventRecord, EventSearch, NewEvent } from '../event.model.js';
import { EventService } from '../event.service.js';
import { CREATOR_NAMES, EventStore, type IdRange, type LogState } from '../event.store.js';

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

  async search(search: EventSearch): Promise<EventRecord[]> {
    return this.matching(search, {})
      .reverse()
      .slice(search.offset, search.offset + search.limit);
  }

  async count(search: EventSearch, range: IdRange): Promise<number> {
    return this.matching(search, range).length;
  }

  async logState(settledBefore: Date): Promise<LogState> {
    const settledId = this.rows.filter((row) => new Date(row.createdAt) < settledBefore).at(-1)?.id ?? 0;
    return { settledId, newer: this.rows.filter((row) => row.id > settledId).length };
  }

  async creators(): Promise<EventCreator[]> {
    const names = new Map<number, string>();
    for (const row of this.rows)
      if (row.createdByUserId !== null) names.set(row.createdByUserId, CREATOR_NAMES[row.createdByUserId] ?? row.createdBy);
    return [...names].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name }));
  }

  /** The rows a search matches, oldest first, as the SQL store's conditions select them. */
  private matching(search: EventSearch, range: IdRange): EventRecord[] {
    const among = <T>(values: T[] | undefined, value: T) => !values || values.includes(value);
    const text = search.text?.toLowerCase();
    return this.rows.filter(
      (row) =>
        among(search.projects, row.project ?? '') &&
        among(search.features, row.featureName ?? '') &&
        among(search.types, row.type) &&
        among(search.environments, row.environment ?? '') &&
        among(search.ids, row.id) &&
        among(search.createdByUserIds, row.createdByUserId ?? Number.NaN) &&
        (!search.projectEventsOnly || row.project !== null) &&
        (!search.from || new Date(row.createdAt) >= search.from) &&
        (!search.before || new Date(row.createdAt) < search.before) &&
        (!text ||
          [row.data, row.preData, row.tags].some((value) => value !== null && JSON.stringify(value).toLowerCase().includes(text))) &&
        (range.afterId === undefined || row.id > range.afterId) &&
        (range.upToId === undefined || row.id <= range.upToId),
    );
  }

  /** The types recorded so far, oldest first. */
  types(): string[] {
    return this.recorded.map((event) => event.type);
  }
}

/** The real EventService over a FakeEventStore: specs read what was recorded from `eventStore.recorded`. */
export function recordingEvents(
  clock: Clock = new FixedClock(),
  access: AccessReadModel = new FakeAccessReadModel(),
): { events: EventService; eventStore: FakeEventStore } {
  const eventStore = new FakeEventStore();
  return { events: new EventService(eventStore, clock, access), eventStore };
}
