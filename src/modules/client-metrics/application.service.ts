import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { EVENT, EventService } from '../events/index.js';
import { type ApplicationDetails, ApplicationStore } from './application.store.js';
import { MetricsWriter } from './metrics-writer.js';

/**
 * Applications as an admin creates and deletes them, beside the ones SDKs register. As in Unleash, a new
 * application is announced with `application-created`; changing or deleting one records nothing (Unleash has no
 * event for either). Both write this instance's pending metrics first, so an application an SDK registered just
 * before is neither announced twice nor left behind by a delete.
 */
@Injectable()
export class ApplicationService {
  constructor(
    private readonly store: ApplicationStore,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly writer: MetricsWriter,
  ) {}

  /** Creates the application, or sets the fields given on the one that exists. */
  async create(appName: string, details: ApplicationDetails, actor: Actor): Promise<void> {
    await this.writer.flushPending();
    await this.db.transaction(async () => {
      const now = this.clock.now();
      if (!(await this.store.insert(appName, details, now))) return this.store.update(appName, details, now);
      await this.events.record({
        type: EVENT.APPLICATION_CREATED,
        actor,
        data: { appName, strategies: details.strategies ?? [], ...pick(details, ['url', 'color', 'icon']) },
      });
    });
  }

  /** Deletes the application and its instances; an unknown name is not an error. */
  async delete(appName: string): Promise<void> {
    await this.writer.flushPending();
    await this.db.transaction(() => this.store.remove(appName));
  }
}

function pick(details: ApplicationDetails, keys: (keyof ApplicationDetails)[]): ApplicationDetails {
  return Object.fromEntries(keys.filter((key) => details[key] !== undefined).map((key) => [key, details[key]]));
}
