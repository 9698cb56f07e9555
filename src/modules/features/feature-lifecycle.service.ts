import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { EVENT } from '../events/index.js';
import { FeatureEvents } from './feature-events.js';
import { FeatureLifecycleStore } from './feature-lifecycle.store.js';
import { FeatureLookup } from './feature-lookup.js';
import type { LifecycleStage } from './feature.model.js';
import { FeatureReadModel } from './feature.read-model.js';

/**
 * The lifecycle of a feature: created → initial; first metrics → pre-live; on in production (or metrics from a
 * production environment while on) → live; `complete` → completed (kept or discarded); archived → archived.
 */
@Injectable()
export class FeatureLifecycleService {
  constructor(
    private readonly store: FeatureLifecycleStore,
    private readonly readModel: FeatureReadModel,
    private readonly lookup: FeatureLookup,
    private readonly events: FeatureEvents,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Every stage reached, in order, each with when it was entered. Archived features have one too. */
  async stages(projectId: string, featureName: string): Promise<LifecycleStage[]> {
    await this.lookup.require(projectId, featureName, 'allow');
    return this.readModel.lifecycle(featureName);
  }

  async complete(projectId: string, featureName: string, input: { status: string; statusValue?: string }, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      await this.lookup.require(projectId, featureName, 'refuse');
      const current = (await this.readModel.lifecycle(featureName)).find((stage) => stage.stage === 'completed');
      if (current?.status === input.status && input.statusValue === undefined) return;
      await this.store.complete(featureName, input.status, this.clock.now());
      const data = {
        status: input.status,
        ...(input.statusValue !== undefined ? { statusValue: input.statusValue } : {}),
        kept: input.status === 'kept',
      };
      await this.events.record({ type: EVENT.FEATURE_COMPLETED, actor, project: projectId, featureName, data });
    });
  }

  async uncomplete(projectId: string, featureName: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      await this.lookup.require(projectId, featureName, 'refuse');
      if (await this.store.leave(featureName, 'completed')) {
        await this.events.record({ type: EVENT.FEATURE_UNCOMPLETED, actor, project: projectId, featureName });
      }
    });
  }
}
