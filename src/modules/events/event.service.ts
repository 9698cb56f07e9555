import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../core/clock.js';
import type { EventQuery, EventRecord, NewEvent } from './event.model.js';
import { EventStore } from './event.store.js';

/**
 * The audit log every change writes to. Call `record` inside the transaction of the change, so the event and the
 * change are stored together or not at all. An event whose data equals its previous data changed nothing and is
 * not stored.
 */
@Injectable()
export class EventService {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async record(event: NewEvent): Promise<void> {
    if (event.preData !== undefined && isDeepStrictEqual(event.data, event.preData)) return;
    await this.store.insert(event, this.clock.now());
  }

  list(query: EventQuery): Promise<{ events: EventRecord[]; total: number }> {
    return this.store.list(query);
  }
}
