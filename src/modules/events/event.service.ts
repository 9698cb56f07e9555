import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import { AccessReadModel, holds } from '../../core/access/access.read-model.js';
import type { Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { type EventSearchParameters, eventSearchOf } from './event-search.parser.js';
import type { EventCreator, EventQuery, EventRecord, NewEvent } from './event.model.js';
import { EventStore } from './event.store.js';
import { EventTotals, KEPT_TOTALS, keyOf, SETTLED_AFTER_MS } from './event-totals.js';

/** Answers larger than this are not kept (a page of 1,000 events with large data). */
const KEPT_ANSWER_CHARS = 256 * 1024;

/**
 * The audit log every change writes to. Call `record` inside the transaction of the change, so the event and the
 * change are stored together or not at all. An event whose data equals its previous data changed nothing and is
 * not stored.
 */
@Injectable()
export class EventService {
  private readonly totals: EventTotals;
  /** The serialized answer of each recent search page, with the state of the log it was made from. */
  private readonly answers = new Map<string, { log: string; body: string }>();

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly access: AccessReadModel,
  ) {
    this.totals = new EventTotals(store);
  }

  async record(event: NewEvent): Promise<void> {
    if (event.preData !== undefined && isDeepStrictEqual(event.data, event.preData)) return;
    await this.store.insert(event, this.clock.now());
  }

  list(query: EventQuery): Promise<{ events: EventRecord[]; total: number }> {
    return this.store.list(query);
  }

  /**
   * A page of the events a search matches, newest first, and how many match in all. As in Unleash, only admins see
   * the events that belong to no project (users, roles, tokens, settings).
   */
  async search(parameters: EventSearchParameters, principal: Principal): Promise<{ events: EventRecord[]; total: number }> {
    return JSON.parse(await this.searchAnswer(parameters, principal)) as { events: EventRecord[]; total: number };
  }

  /**
   * The search's answer, serialized: `{events, total}`. The log only grows, so while it holds the same events a page
   * is the page it was: it is kept, and a repeated search reads where the log stands only, one index lookup whatever
   * the filters. The same settled id (every event up to it committed) and the same number of events above it (which
   * only grows) mean the same events.
   */
  async searchAnswer(parameters: EventSearchParameters, principal: Principal): Promise<string> {
    const search = eventSearchOf(parameters, !(await this.isAdmin(principal)));
    const { settledId, newer } = await this.store.logState(new Date(this.clock.now().getTime() - SETTLED_AFTER_MS));
    const log = `${settledId}:${newer}`;
    const key = `${keyOf(search)}|${search.offset}|${search.limit}`;
    const kept = this.answers.get(key);
    if (kept?.log === log) return kept.body;
    const total = await this.totals.totalOf(search, settledId);
    const body = JSON.stringify({ events: await this.store.search(search), total });
    this.answers.delete(key);
    if (body.length <= KEPT_ANSWER_CHARS) this.answers.set(key, { log, body });
    if (this.answers.size > KEPT_TOTALS) this.answers.delete(this.answers.keys().next().value!);
    return body;
  }

  creators(): Promise<EventCreator[]> {
    return this.store.creators();
  }

  private async isAdmin(principal: Principal): Promise<boolean> {
    if (principal.kind === 'api-token') return principal.type === 'admin';
    return holds(await this.access.grantsOf(principal.id), 'ADMIN');
  }
}
