import { Injectable } from '@nestjs/common';
import type { Actor, Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { EVENT } from '../events/index.js';
import { FavoriteStore } from './favorite.store.js';
import { FeatureEvents } from './feature-events.js';
import { FeatureLookup } from './feature-lookup.js';
import { favouritesNeedAUser } from './features.errors.js';

/** Each user's favourite features; only users have favourites. */
@Injectable()
export class FavoriteService {
  constructor(
    private readonly store: FavoriteStore,
    private readonly lookup: FeatureLookup,
    private readonly events: FeatureEvents,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async add(projectId: string, featureName: string, principal: Principal, actor: Actor): Promise<void> {
    const userId = userOf(principal);
    await this.db.transaction(async () => {
      await this.lookup.require(projectId, featureName, 'allow');
      if (await this.store.add(userId, featureName, this.clock.now())) {
        await this.events.record({ type: EVENT.FEATURE_FAVORITED, actor, project: projectId, featureName, data: { feature: featureName } });
      }
    });
  }

  async remove(projectId: string, featureName: string, principal: Principal, actor: Actor): Promise<void> {
    const userId = userOf(principal);
    await this.db.transaction(async () => {
      await this.lookup.require(projectId, featureName, 'allow');
      if (await this.store.remove(userId, featureName)) {
        await this.events.record({
          type: EVENT.FEATURE_UNFAVORITED,
          actor,
          project: projectId,
          featureName,
          preData: { feature: featureName },
        });
      }
    });
  }
}

function userOf(principal: Principal): number {
  if (principal.kind !== 'user') {
    throw favouritesNeedAUser();
  }
  return principal.id;
}
