import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Database } from '../../core/database/database.js';
import { EVENT, EventService } from '../events/index.js';
import type { FeatureType } from './feature-type.model.js';
import { FeatureTypeStore } from './feature-type.store.js';
import { featureTypeNotFound } from './feature-types.errors.js';

/** Flag types and their lifetimes, after which flags of the type are potentially stale (see `features`' staleness check). */
@Injectable()
export class FeatureTypeService {
  constructor(
    private readonly store: FeatureTypeStore,
    private readonly db: Database,
    private readonly events: EventService,
  ) {}

  list(): Promise<FeatureType[]> {
    return this.store.list();
  }

  /**
   * Sets the type's lifetime; 0 means never, as null does (Unleash stores null). Ids are compared lower-cased, as
   * Unleash does. Flags are re-checked by the next staleness check.
   */
  async setLifetime(id: string, lifetimeDays: number | null, actor: Actor): Promise<FeatureType> {
    const typeId = id.toLowerCase();
    const lifetime = lifetimeDays === 0 ? null : lifetimeDays;
    return this.db.transaction(async () => {
      const before = await this.store.findForUpdate(typeId);
      if (!before) throw featureTypeNotFound(typeId);
      const after = { ...before, lifetimeDays: lifetime };
      await this.store.setLifetime(typeId, lifetime);
      await this.events.record({ type: EVENT.FEATURE_TYPE_UPDATED, actor, data: after, preData: before });
      return after;
    });
  }
}
