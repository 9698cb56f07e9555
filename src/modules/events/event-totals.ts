import type { EventSearch } from './event.model.js';
import type { EventStore } from './event.store.js';

/**
 * Events older than this are settled: every event with a smaller id has committed (a transaction lasts far less),
 * so the count of the settled part of a search never changes again.
 */
export const SETTLED_AFTER_MS = 60_000;
/** Searches whose settled counts are kept; the least recently used one goes first. */
export const KEPT_TOTALS = 500;

interface SettledCount {
  upToId: number;
  count: number;
}

/**
 * The totals of event searches without counting the whole log on every page. The log only grows (events are never
 * changed or deleted), so a search's count over the events up to a settled id holds forever: it is kept per search
 * and moved forward by counting only the events settled since, and the events newer than the settled id are
 * counted on every count (a minute's worth, through the primary key). Ids come from a sequence, and on PostgreSQL a
 * smaller id can commit after a larger one; an id is settled once its event is a minute old (`SETTLED_AFTER_MS`,
 * see `EventStore.logState`), long after every transaction that took a smaller id ended. Each instance keeps its own
 * counts; all of them read the same rows, so they agree.
 */
export class EventTotals {
  private readonly settled = new Map<string, SettledCount>();

  constructor(private readonly store: EventStore) {}

  /** How many events the search matches, the log's settled id being `settledId`. */
  async totalOf(search: EventSearch, settledId: number): Promise<number> {
    const key = keyOf(search);
    const kept = this.settled.get(key);
    let settled: SettledCount;
    if (!kept) settled = { upToId: settledId, count: await this.store.count(search, { upToId: settledId }) };
    else if (kept.upToId >= settledId) settled = kept;
    else settled = { upToId: settledId, count: kept.count + (await this.store.count(search, { afterId: kept.upToId, upToId: settledId })) };
    this.remember(key, settled);
    return settled.count + (await this.store.count(search, { afterId: settled.upToId }));
  }

  private remember(key: string, count: SettledCount): void {
    this.settled.delete(key);
    this.settled.set(key, count);
    if (this.settled.size > KEPT_TOTALS) this.settled.delete(this.settled.keys().next().value!);
  }
}

/** What decides a search's matches (not its page). */
export function keyOf(search: EventSearch): string {
  return JSON.stringify({ ...search, offset: undefined, limit: undefined });
}
