import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import { AccessReadModel, holds } from '../../core/access/access.read-model.js';
import type { Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { type EventSearchParameters, eventSearchOf } from './event-search.parser.js';
import type { EventCreator, EventQuery, EventRecord, NewEvent } from './event.model.js';
import { EventStore } from './event.store.js';
import { EventTotals } from './event-totals.js';

/**
 * The audit log every change writes to. Call `record` inside the transaction of the change, so the event and the
 * change are stored together or not at all. An event whose data equals its previous data changed nothing and is
 * not stored.
 */
@Injectable()
export class EventService {
  private readonly totals: EventTotals;

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
    const search = eventSearchOf(parameters, !(await this.isAdmin(principal)));
    const [events, total] = await Promise.all([this.store.search(search), this.totals.totalOf(search, this.clock.now())]);
    return { events, total };
  }

  creators(): Promise<EventCreator[]> {
    return this.store.creators();
  }

  private async isAdmin(principal: Principal): Promise<boolean> {
    if (principal.kind === 'api-token') return principal.type === 'admin';
    return holds(await this.access.grantsOf(principal.id), 'ADMIN');
  }
}
