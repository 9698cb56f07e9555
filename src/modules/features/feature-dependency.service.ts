import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Database } from '../../core/database/database.js';
import { invalidProperty, notFound } from '../../core/errors/app-error.js';
import { EVENT } from '../events/index.js';
import { FeatureDependencyStore } from './feature-dependency.store.js';
import { FeatureEvents } from './feature-events.js';
import { FeatureLookup } from './feature-lookup.js';
import type { FeatureDependency } from './feature.model.js';
import { FeatureReadModel } from './feature.read-model.js';
import { FeatureStore } from './feature.store.js';

export interface DependencyInput {
  feature: string;
  enabled?: boolean;
  variants?: string[];
}

/**
 * Dependencies between features of one project. A feature has at most one parent; chains are refused (a parent
 * cannot itself be a child, a child cannot be a parent), which also rules out cycles.
 */
@Injectable()
export class FeatureDependencyService {
  constructor(
    private readonly store: FeatureDependencyStore,
    private readonly features: FeatureStore,
    private readonly readModel: FeatureReadModel,
    private readonly lookup: FeatureLookup,
    private readonly events: FeatureEvents,
    private readonly db: Database,
  ) {}

  async list(projectId: string, child: string): Promise<FeatureDependency[]> {
    await this.lookup.require(projectId, child, 'hide');
    const parent = await this.readModel.parentOf(child);
    return parent ? [parent] : [];
  }

  async possibleParents(projectId: string, child: string): Promise<string[]> {
    await this.lookup.require(projectId, child, 'hide');
    if ((await this.readModel.childrenOf(child)).length > 0) return [];
    return this.readModel.possibleParents(projectId, child);
  }

  /** What a child of `parent` may require of it: the names of its strategies' and environments' variants. */
  async parentVariantOptions(projectId: string, parent: string): Promise<string[]> {
    await this.lookup.require(projectId, parent, 'hide');
    return this.readModel.variantNamesOf(parent);
  }

  async projectHasDependencies(projectId: string): Promise<boolean> {
    if (!(await this.readModel.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
    return this.readModel.projectHasDependencies(projectId);
  }

  /** Makes `input.feature` the parent of `child`, replacing any earlier parent. */
  async add(projectId: string, child: string, input: DependencyInput, actor: Actor): Promise<void> {
    const enabled = input.enabled ?? true;
    if (input.feature === child) throw invalidProperty('/body/feature', 'A feature flag cannot depend on itself.');
    if (!enabled && input.variants && input.variants.length > 0) {
      throw invalidProperty(
        '/body/variants',
        'Variants can only be required of an enabled parent: leave `variants` out when `enabled` is false.',
      );
    }
    const dependency: FeatureDependency = { feature: input.feature, enabled, variants: enabled ? (input.variants ?? []) : [] };
    await this.db.transaction(async () => {
      await this.lookup.require(projectId, child, 'refuse');
      // Lock both ends in name order, so two requests linking the same pair the other way round cannot deadlock.
      for (const name of [child, input.feature].sort()) await this.features.lock(name);
      const parent = await this.readModel.find(input.feature);
      if (!parent || parent.archivedAt || parent.project !== projectId) {
        throw invalidProperty('/body/feature', `Could not find an active feature ${input.feature} in project ${projectId} to depend on.`);
      }
      if (await this.readModel.parentOf(input.feature)) {
        throw invalidProperty(
          '/body/feature',
          `Transitive dependency detected: ${input.feature} depends on another feature itself, so it cannot be a parent.`,
        );
      }
      const children = await this.readModel.childrenOf(child);
      if (children.length > 0) {
        throw invalidProperty(
          '/body/feature',
          `Transitive dependency detected: other features depend on ${child} (${children.join(', ')}), so it cannot depend on a parent.`,
        );
      }
      const before = await this.readModel.parentOf(child);
      if (before && isDeepStrictEqual(before, dependency)) return;
      await this.store.set(child, dependency);
      const data = { feature: dependency.feature, enabled: dependency.enabled, ...(enabled ? { variants: dependency.variants } : {}) };
      await this.events.record({
        type: EVENT.FEATURE_DEPENDENCY_ADDED,
        actor,
        project: projectId,
        featureName: child,
        data,
        preData: before,
      });
    });
  }

  async remove(projectId: string, child: string, parent: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      await this.lookup.require(projectId, child, 'refuse');
      if ((await this.store.remove(child, parent)) === 0) throw notFound(`Could not find a dependency of ${child} on ${parent}`);
      await this.events.record({
        type: EVENT.FEATURE_DEPENDENCY_REMOVED,
        actor,
        project: projectId,
        featureName: child,
        data: { feature: parent },
      });
    });
  }

  async removeAll(projectId: string, child: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      await this.lookup.require(projectId, child, 'refuse');
      const before = await this.readModel.parentOf(child);
      if (before && (await this.store.remove(child)) > 0) {
        await this.events.record({
          type: EVENT.FEATURE_DEPENDENCIES_REMOVED,
          actor,
          project: projectId,
          featureName: child,
          preData: [before],
        });
      }
    });
  }
}
