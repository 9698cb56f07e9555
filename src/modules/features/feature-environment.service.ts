import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AccessReadModel, holds } from '../../core/access/access.read-model.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { invalidProperty, notFound, validationError } from '../../core/errors/app-error.js';
import { EVENT } from '../events/index.js';
import { Problems } from '../../core/http/input-problems.js';
import {
  applyPatch,
  type FeatureEnvironmentSwitch,
  FeatureStrategyService,
  type PatchOperation,
  type StoredStrategy,
  toFeatureStrategy,
} from '../strategies/index.js';
import { FeatureEnvironmentStore } from './feature-environment.store.js';
import { FeatureEvents } from './feature-events.js';
import { FeatureLifecycleStore } from './feature-lifecycle.store.js';
import { FeatureLookup } from './feature-lookup.js';
import { archivedFeature } from './features.errors.js';
import { checkFeatureVariants, toFeatureVariants } from './feature-variant.rules.js';
import type { FeatureEnvironmentView, FeatureVariant } from './feature.model.js';
import { FeatureReadModel } from './feature.read-model.js';
import { patchFailure } from './feature.service.js';
import { missingPermission } from '../../core/access/access.errors.js';
import type { Permission } from '../../core/access/permissions.js';

/** The URL of a feature in one environment. */
export interface FeatureEnvironmentAddress {
  projectId: string;
  featureName: string;
  environment: string;
}

/** A feature in one environment, as `GET …/environments/{environment}` answers. */
export interface FeatureEnvironmentInfo extends FeatureEnvironmentView {
  /** The feature (Unleash names it `name` here). */
  featureName: string;
  environment: string;
}

const PRODUCTION = 'production';

/**
 * A feature in one environment: switching it on and off, and its (environment-level) variants. It is also how the
 * strategies module switches a feature's environment (FeatureEnvironmentSwitch) and how the environments module adds
 * or removes an environment's feature states in a project.
 */
@Injectable()
export class FeatureEnvironmentService implements FeatureEnvironmentSwitch, OnModuleInit {
  constructor(
    private readonly store: FeatureEnvironmentStore,
    private readonly readModel: FeatureReadModel,
    private readonly lookup: FeatureLookup,
    private readonly lifecycle: FeatureLifecycleStore,
    private readonly access: AccessReadModel,
    private readonly events: FeatureEvents,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly strategies: FeatureStrategyService,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  onModuleInit(): void {
    this.strategies.useFeatureEnvironments(this);
  }

  ensureFeatureEnvironment(featureName: string, environment: string): Promise<void> {
    return this.store.ensure(featureName, environment);
  }

  disableIfNoEnabledStrategy(featureName: string, environment: string): Promise<boolean> {
    return this.store.disableIfNoEnabledStrategy(featureName, environment);
  }

  /** The environment joins the project: every feature of the project gets its (switched off) state there. */
  async addProjectEnvironment(projectId: string, environment: string): Promise<void> {
    await this.store.addProjectEnvironment(projectId, environment);
  }

  /** The environment leaves the project: its features' strategies and states there go. */
  async removeProjectEnvironment(projectId: string, environment: string): Promise<void> {
    await this.strategies.deleteInProjectEnvironment(projectId, environment);
    await this.store.deleteProjectEnvironment(projectId, environment);
  }

  /**
   * An environment cloned into the project: the project's features get in `to` the state they have in `from` (on or
   * off, variants) and copies of their strategies there; features without a state in `from` get a switched-off one.
   * Answers the copied strategies.
   */
  async copyProjectEnvironment(projectId: string, from: string, to: string, createdByUserId: number, now: Date): Promise<StoredStrategy[]> {
    await this.store.copyProjectEnvironment(projectId, from, to);
    await this.store.addProjectEnvironment(projectId, to);
    return this.strategies.copyProjectEnvironment(projectId, from, to, createdByUserId, now);
  }

  async get(address: FeatureEnvironmentAddress, userId?: number): Promise<FeatureEnvironmentInfo> {
    await this.lookup.require(address.projectId, address.featureName, 'hide', address.environment);
    const view = await this.readModel.view(address.featureName, userId);
    const environment = view!.environments.find((env) => env.name === address.environment)!;
    return { ...environment, name: address.featureName, featureName: address.featureName, environment: address.environment };
  }

  /**
   * Switches the feature on or off in the environment. Switching on where the feature has no strategy, or only
   * disabled ones, adds the default strategy (a gradual rollout to 100%), which needs CREATE_FEATURE_STRATEGY
   * there; with `activateDisabledStrategies` the disabled strategies are enabled instead. The first time a
   * feature is on in a production environment it enters the lifecycle stage `live`.
   */
  async setEnabled(
    address: FeatureEnvironmentAddress,
    enabled: boolean,
    principal: Principal,
    actor: Actor,
    activateDisabledStrategies = false,
  ): Promise<void> {
    const { projectId, featureName, environment } = address;
    await this.db.transaction(async () => {
      const found = await this.lookup.require(projectId, featureName, 'refuse', environment);
      await this.store.lock(featureName, environment);
      const now = this.clock.now();
      if (enabled) {
        const strategies = await this.store.strategies(featureName, environment);
        const disabled = strategies.filter((strategy) => strategy.disabled);
        if (activateDisabledStrategies && disabled.length > 0) {
          await this.enableStrategies(address, disabled, actor);
        } else if (disabled.length === strategies.length) {
          await this.addDefaultStrategy(address, strategies, principal, actor, now);
        }
      }
      if (await this.store.setEnabled(featureName, environment, enabled)) {
        await this.events.record({
          type: enabled ? EVENT.FEATURE_ENVIRONMENT_ENABLED : EVENT.FEATURE_ENVIRONMENT_DISABLED,
          actor,
          project: projectId,
          featureName,
          environment,
          data: { enabled },
          preData: { enabled: !enabled },
        });
      }
      if (enabled && found.environment?.type === PRODUCTION) await this.lifecycle.enter(featureName, 'live', now);
    });
  }

  /**
   * Switches several features of the project on or off in one environment, in one transaction, each as `setEnabled`
   * does (default strategies, the lifecycle stage `live`), with one event per feature whose state changed. Every
   * feature must exist in the project and be active; the 404 names the first that does not.
   */
  async setEnabledMany(
    projectId: string,
    environment: string,
    featureNames: string[],
    enabled: boolean,
    principal: Principal,
    actor: Actor,
    activateDisabledStrategies = false,
  ): Promise<void> {
    const names = [...new Set(featureNames)];
    await this.db.transaction(async () => {
      const found = await this.locateMany(projectId, environment, names);
      await this.store.lockMany(names, environment);
      const now = this.clock.now();
      if (enabled) await this.prepareSwitchingOn(projectId, environment, names, principal, actor, activateDisabledStrategies, now);
      const changed = await this.store.setEnabledMany(names, environment, enabled);
      const tags = await this.readModel.tagsOfMany(changed);
      for (const featureName of changed) {
        await this.events.record({
          type: enabled ? EVENT.FEATURE_ENVIRONMENT_ENABLED : EVENT.FEATURE_ENVIRONMENT_DISABLED,
          actor,
          project: projectId,
          featureName,
          environment,
          data: { enabled },
          preData: { enabled: !enabled },
          tags: tags.get(featureName) ?? [],
        });
      }
      if (enabled && found.type === PRODUCTION) for (const featureName of names) await this.lifecycle.enter(featureName, 'live', now);
    });
  }

  /** The URL's project, then each feature (in the project, active), then the environment (enabled in the project). */
  private async locateMany(projectId: string, environment: string, names: string[]): Promise<{ type: string }> {
    if (!(await this.readModel.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
    const features = new Map((await this.readModel.findMany(names)).map((feature) => [feature.name, feature]));
    for (const name of names) {
      const feature = features.get(name);
      if (!feature || feature.project !== projectId) throw notFound(`Could not find feature ${name} in project ${projectId}`);
      if (feature.archivedAt) throw archivedFeature(name);
    }
    const location = await this.readModel.locate(projectId, names[0] ?? '', environment);
    if (!location.environment) throw notFound(`Could not find environment ${environment}`);
    if (names.length > 0 && !location.featureHasEnvironment)
      throw notFound(`Could not find environment ${environment} in project ${projectId}`);
    return location.environment;
  }

  /** What switching features on needs first: their disabled strategies enabled, or the default strategy added. */
  private async prepareSwitchingOn(
    projectId: string,
    environment: string,
    names: string[],
    principal: Principal,
    actor: Actor,
    activateDisabledStrategies: boolean,
    now: Date,
  ): Promise<void> {
    const strategies = await this.store.strategiesOfMany(names, environment);
    const defaults: StoredStrategy[] = [];
    for (const featureName of names) {
      const own = strategies.filter((strategy) => strategy.featureName === featureName);
      const disabled = own.filter((strategy) => strategy.disabled);
      const address = { projectId, featureName, environment };
      if (activateDisabledStrategies && disabled.length > 0) await this.enableStrategies(address, disabled, actor);
      else if (disabled.length === own.length) defaults.push(this.defaultStrategy(address, own));
    }
    if (defaults.length === 0) return;
    await this.requireStrategyCreation(principal, projectId, environment);
    await this.strategies.addMany(defaults, actor.userId, now);
    for (const strategy of defaults) {
      await this.events.record({
        type: EVENT.FEATURE_STRATEGY_ADD,
        actor,
        project: projectId,
        featureName: strategy.featureName,
        environment,
        data: toFeatureStrategy(strategy),
      });
    }
  }

  async variants(address: FeatureEnvironmentAddress): Promise<FeatureVariant[]> {
    await this.lookup.require(address.projectId, address.featureName, 'hide', address.environment);
    return this.readModel.variantsOf(address.featureName, address.environment);
  }

  /** Replaces the variants of the feature in the environment (a valid body, weights fixed as in the spec's 2.2). */
  async setVariants(address: FeatureEnvironmentAddress, variants: FeatureVariant[], actor: Actor): Promise<FeatureVariant[]> {
    return this.db.transaction(async () => {
      const before = await this.lockVariants(address);
      return this.saveVariants(address, before, variants, actor);
    });
  }

  /**
   * Replaces the variants of the feature in several environments of its project at once (one transaction, one event
   * per environment whose variants changed). The caller needs UPDATE_FEATURE_ENVIRONMENT_VARIANTS in each of them;
   * the 403 names the first where it lacks it, the 404 the first that is not the project's. Answers the variants as
   * each environment now has them.
   */
  async setVariantsInEnvironments(
    projectId: string,
    featureName: string,
    environments: string[],
    variants: FeatureVariant[],
    principal: Principal,
    actor: Actor,
  ): Promise<FeatureVariant[]> {
    const targets = [...new Set(environments)];
    for (const environment of targets)
      await this.requirePermission(principal, 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS', projectId, environment);
    return this.db.transaction(async () => {
      const befores: FeatureVariant[][] = [];
      for (const environment of targets) befores.push(await this.lockVariants({ projectId, featureName, environment }));
      for (const [index, environment] of targets.entries())
        await this.saveVariants({ projectId, featureName, environment }, befores[index], variants, actor);
      return variants;
    });
  }

  /**
   * Applies a JSON Patch to the list of variants, then saves the result as a replacement would. Problems of the
   * patched list are named by their pointer in it (`/0/weight`).
   */
  async patchVariants(address: FeatureEnvironmentAddress, operations: PatchOperation[], actor: Actor): Promise<FeatureVariant[]> {
    return this.db.transaction(async () => {
      const before = await this.lockVariants(address);
      let patched: unknown;
      try {
        patched = applyPatch(before, operations);
      } catch (error) {
        throw patchFailure(error, 'variant list');
      }
      const problems = new Problems();
      checkFeatureVariants(patched, '', problems);
      if (problems.any) throw validationError(problems.details);
      const variants = toFeatureVariants(patched as object[]);
      return this.saveVariants(address, before, variants, actor);
    });
  }

  private async lockVariants(address: FeatureEnvironmentAddress): Promise<FeatureVariant[]> {
    await this.lookup.require(address.projectId, address.featureName, 'refuse', address.environment);
    return (await this.store.lock(address.featureName, address.environment))!.variants;
  }

  private async saveVariants(
    address: FeatureEnvironmentAddress,
    before: FeatureVariant[],
    variants: FeatureVariant[],
    actor: Actor,
  ): Promise<FeatureVariant[]> {
    if (isDeepStrictEqual(before, variants)) return variants;
    await this.store.setVariants(address.featureName, address.environment, variants);
    await this.events.record({
      type: EVENT.FEATURE_ENVIRONMENT_VARIANTS_UPDATED,
      actor,
      project: address.projectId,
      featureName: address.featureName,
      environment: address.environment,
      data: { variants },
      preData: { variants: before },
    });
    return variants;
  }

  private async enableStrategies(address: FeatureEnvironmentAddress, disabled: StoredStrategy[], actor: Actor): Promise<void> {
    await this.strategies.enable(disabled.map((strategy) => strategy.id));
    for (const strategy of disabled) {
      await this.events.record({
        type: EVENT.FEATURE_STRATEGY_UPDATE,
        actor,
        project: address.projectId,
        featureName: address.featureName,
        environment: address.environment,
        data: toFeatureStrategy({ ...strategy, disabled: false }),
        preData: toFeatureStrategy(strategy),
      });
    }
  }

  /** The default strategy Unleash adds when a feature is switched on with nothing to evaluate: everyone, sticky by default. */
  private async addDefaultStrategy(
    address: FeatureEnvironmentAddress,
    existing: StoredStrategy[],
    principal: Principal,
    actor: Actor,
    now: Date,
  ): Promise<void> {
    const { projectId, featureName, environment } = address;
    await this.requireStrategyCreation(principal, projectId, environment);
    const strategy = this.defaultStrategy(address, existing);
    await this.strategies.add(strategy, actor.userId, now);
    await this.events.record({
      type: EVENT.FEATURE_STRATEGY_ADD,
      actor,
      project: projectId,
      featureName,
      environment,
      data: toFeatureStrategy(strategy),
    });
  }

  /** The default strategy for the feature, after its `existing` (disabled) strategies; 400 when they are at the limit. */
  private defaultStrategy(address: FeatureEnvironmentAddress, existing: StoredStrategy[]): StoredStrategy {
    const { projectId, featureName, environment } = address;
    const limit = this.config.limits.strategiesPerFeatureEnvironment;
    if (existing.length >= limit) {
      throw invalidProperty(
        '/params/environment',
        `Cannot add the default strategy that switching ${featureName} on in ${environment} needs: it has ${existing.length} (disabled) strategies, the limit is ${limit}. Enable one of them or remove some first.`,
      );
    }
    return {
      id: randomUUID(),
      name: 'flexibleRollout',
      title: null,
      disabled: false,
      featureName,
      sortOrder: existing.length === 0 ? 0 : Math.max(...existing.map((s) => s.sortOrder)) + 1,
      segments: [],
      constraints: [],
      variants: [],
      parameters: { rollout: '100', stickiness: 'default', groupId: featureName },
      projectId,
      environment,
    };
  }

  /** Adding the default strategy is creating a strategy: the caller needs that right too, as in Unleash. */
  requireStrategyCreation(principal: Principal, projectId: string, environment: string): Promise<void> {
    return this.requirePermission(principal, 'CREATE_FEATURE_STRATEGY', projectId, environment);
  }

  /** A check the route cannot make: the environment is not in its path. Admin API tokens hold every permission. */
  private async requirePermission(principal: Principal, permission: Permission, projectId: string, environment: string): Promise<void> {
    if (principal.kind === 'api-token') return;
    if (holds(await this.access.grantsOf(principal.id), permission, projectId, environment)) return;
    throw missingPermission([permission], projectId, environment);
  }
}
