import { Injectable } from '@nestjs/common';
import type { Actor, Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { nameExists } from '../../core/errors/app-error.js';
import { EVENT } from '../events/index.js';
import { FeatureStrategyService, toFeatureStrategy } from '../strategies/index.js';
import { FeatureDependencyStore } from './feature-dependency.store.js';
import { FeatureEnvironmentService } from './feature-environment.service.js';
import { FeatureEnvironmentStore } from './feature-environment.store.js';
import { FeatureEvents } from './feature-events.js';
import { FeatureLifecycleStore } from './feature-lifecycle.store.js';
import { FeatureLookup } from './feature-lookup.js';
import type { FeatureTagCopier } from './feature-tag-copier.js';
import { type FeatureRecord, type FeatureView, metadataOf } from './feature.model.js';
import { FeatureReadModel } from './feature.read-model.js';
import { FeatureStore } from './feature.store.js';

export interface CloneFeatureInput {
  name: string;
  /** A strategy's `groupId` parameter becomes the new name (default true), so the copy rolls out to other users. */
  replaceGroupId?: boolean;
}

/**
 * Cloning a feature within its project, in one transaction: its settings, its variants in each environment, its
 * strategies (with their segments), its tags and its dependency on a parent. The copy is switched off everywhere
 * and starts at the lifecycle stage `initial`. Copying strategies is creating them: CREATE_FEATURE_STRATEGY is
 * needed in each environment that has some, as in Unleash.
 */
@Injectable()
export class FeatureCloneService {
  private tagCopier?: FeatureTagCopier;

  constructor(
    private readonly store: FeatureStore,
    private readonly environmentStore: FeatureEnvironmentStore,
    private readonly readModel: FeatureReadModel,
    private readonly lookup: FeatureLookup,
    private readonly lifecycle: FeatureLifecycleStore,
    private readonly dependencies: FeatureDependencyStore,
    private readonly featureEnvironments: FeatureEnvironmentService,
    private readonly strategies: FeatureStrategyService,
    private readonly events: FeatureEvents,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Called once by the tags module, which owns the tags on features (see FeatureTagCopier). */
  useTagCopier(copier: FeatureTagCopier): void {
    this.tagCopier = copier;
  }

  /**
   * Answers the copy as `GET …/features/{name}` would, built from what the clone wrote rather than read back: a
   * clone costs its writes and a few reads, within 1.5x of a strategy update (the bench's `bulk-writes`).
   */
  async clone(projectId: string, featureName: string, input: CloneFeatureInput, principal: Principal, actor: Actor): Promise<FeatureView> {
    if (!this.tagCopier) throw new Error('The tags module has not handed its FeatureTagCopier to FeatureCloneService.');
    const tagCopier = this.tagCopier;
    return this.db.transaction(async () => {
      const { feature: source } = await this.lookup.require(projectId, featureName, 'hide');
      const now = this.clock.now();
      const copy = {
        name: input.name,
        project: projectId,
        type: source.type,
        description: source.description,
        impressionData: source.impressionData,
      };
      if (!(await this.store.insert(copy, actor.userId, now))) {
        const existing = await this.readModel.find(input.name);
        throw nameExists(
          existing?.archivedAt
            ? `An archived flag with the name ${input.name} already exists`
            : `A flag with the name ${input.name} already exists`,
        );
      }
      const environments = await this.environmentStore.connectEnvironmentsLike(source.name, copy.name, projectId);
      await this.lifecycle.enter(copy.name, 'initial', now);
      const strategies = await this.strategies.copyFeature(
        source.name,
        copy.name,
        projectId,
        input.replaceGroupId ?? true,
        actor.userId,
        now,
      );
      for (const environment of new Set(strategies.map((strategy) => strategy.environment)))
        await this.featureEnvironments.requireStrategyCreation(principal, projectId, environment);
      const tags = await tagCopier.copyTags(source.name, copy.name, actor.userId, now);
      const parent = await this.dependencies.copy(source.name, copy.name);
      const created: FeatureRecord = { ...copy, stale: false, createdAt: now.toISOString(), archivedAt: null, lastSeenAt: null };
      const event = { actor, project: projectId, featureName: copy.name, tags };
      await this.events.record({ ...event, type: EVENT.FEATURE_CREATED, data: metadataOf(created) });
      for (const strategy of strategies)
        await this.events.record({
          ...event,
          type: EVENT.FEATURE_STRATEGY_ADD,
          environment: strategy.environment,
          data: toFeatureStrategy(strategy),
        });
      if (parent) {
        const data = { feature: parent.feature, enabled: parent.enabled, ...(parent.enabled ? { variants: parent.variants } : {}) };
        await this.events.record({ ...event, type: EVENT.FEATURE_DEPENDENCY_ADDED, data });
      }
      for (const environment of environments)
        environment.strategies = strategies.filter((strategy) => strategy.environment === environment.name).map(toFeatureStrategy);
      const variants = new Map(environments.flatMap((environment) => environment.variants.map((variant) => [variant.name, variant])));
      return {
        ...created,
        archived: false,
        favorite: false,
        dependencies: parent ? [parent] : [],
        children: [],
        lifecycle: { stage: 'initial', enteredStageAt: created.createdAt },
        environments,
        variants: [...variants.values()],
        tags,
      };
    });
  }
}
