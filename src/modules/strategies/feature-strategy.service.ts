import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import { missingPermission } from '../../core/access/access.errors.js';
import { AccessReadModel, holds } from '../../core/access/access.read-model.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { requireIfMatch } from '../../core/http/entity-tag.js';
import { invalidProperty, notFound, validationError } from '../../core/errors/app-error.js';
import { EVENT, EventService, type EventTag } from '../events/index.js';
import { ConstraintChecker } from '../context-fields/index.js';
import { SegmentReadModel } from '../segments/index.js';
import type { FeatureEnvironmentSwitch } from './feature-environment-switch.js';
import { FeatureStrategyStore, type StrategyLocation } from './feature-strategy.store.js';
import { isPlainObject, pointer, Problems } from '../../core/http/input-problems.js';
import { checkInput, validatedInput } from '../../core/http/request-validation.pipe.js';
import { applyPatch, PatchFailure, type PatchOperation } from './json-patch.js';
import { checkParametersAgainstType, type StrategyChanges, type StrategySortOrder, toStrategyChanges } from './strategy-body.rules.js';
import { CreateFeatureStrategySchema, UpdateFeatureStrategySchema } from './strategy.dto.js';
import { strategyEtag, toFeatureStrategy } from './strategy.mapper.js';
import { type FeatureStrategy, FLEXIBLE_ROLLOUT, type StoredStrategy, type StrategyAddress, type StrategyType } from './strategy.model.js';
import { isBuiltInStrategyType } from './strategy-type.model.js';
import { StrategyTypeStore } from './strategy-type.store.js';

type StrategyUrl = Required<StrategyAddress>;

/** The body of `POST /api/admin/segments/strategies`: a strategy by its id, where it is, and its segments from now on. */
export interface StrategySegmentsInput {
  projectId: string;
  environmentId: string;
  strategyId: string;
  segmentIds: number[];
}

/**
 * Strategies of a feature in an environment: list, read, create, the spec's update (PUT), JSON Patch, delete and
 * reordering. Order of answers: 400 for everything checkable on the request (including unknown strategy types and
 * segment ids named in the body) → 404 for what the URL names, in URL order → the change, in one transaction
 * with its events. Writes lock the feature's environment row first (PostgreSQL; SQLite transactions are serial) and
 * read the strategy inside the transaction, so concurrent writes apply one after the other: each event's `preData`
 * is the state it replaced, and the "all strategies disabled" check sees every other write there.
 */
@Injectable()
export class FeatureStrategyService {
  private switch?: FeatureEnvironmentSwitch;

  constructor(
    private readonly store: FeatureStrategyStore,
    private readonly types: StrategyTypeStore,
    private readonly segments: SegmentReadModel,
    private readonly constraints: ConstraintChecker,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly access: AccessReadModel,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /** Called once by the features module, which owns `flagwright_feature_environments` (see FeatureEnvironmentSwitch). */
  useFeatureEnvironments(featureEnvironments: FeatureEnvironmentSwitch): void {
    this.switch = featureEnvironments;
  }

  private featureEnvironments(): FeatureEnvironmentSwitch {
    if (!this.switch) throw new Error('The features module has not handed its FeatureEnvironmentSwitch to FeatureStrategyService.');
    return this.switch;
  }

  /** For the features module, in its transaction (it records the event): the strategy that switching a feature on adds. */
  async add(strategy: StoredStrategy, createdByUserId: number, createdAt: Date): Promise<void> {
    await this.store.insert(strategy, createdByUserId, createdAt);
  }

  /** For the features module, in its transaction (it records the events): the strategies that switching features on adds. */
  async addMany(strategies: StoredStrategy[], createdByUserId: number, createdAt: Date): Promise<void> {
    if (strategies.length > 0) await this.store.insertMany(strategies, createdByUserId, createdAt);
  }

  /** For the features module, in its transaction (it records the events): enables disabled strategies. */
  async enable(strategyIds: string[]): Promise<void> {
    if (strategyIds.length > 0) await this.store.enable(strategyIds);
  }

  /**
   * For the features module, in its transaction, when an environment is cloned: copies (new ids) of the strategies
   * of the project's features in `from`, written to `to`. Answers the copies.
   */
  async copyProjectEnvironment(
    projectId: string,
    from: string,
    to: string,
    createdByUserId: number,
    createdAt: Date,
  ): Promise<StoredStrategy[]> {
    const copies = (await this.store.listInProjectEnvironment(projectId, from)).map((strategy) => ({
      ...strategy,
      id: randomUUID(),
      environment: to,
    }));
    if (copies.length > 0) await this.store.insertMany(copies, createdByUserId, createdAt);
    return copies;
  }

  /**
   * For the features module, in its transaction, when a feature is cloned: copies (new ids) of every strategy of
   * `from`, given to `to` in project `projectId`. With `replaceGroupId`, a `groupId` parameter becomes the new name
   * (stickiness is computed from it, so the copy does not roll out to the very same users). Answers the copies.
   */
  async copyFeature(
    from: string,
    to: string,
    projectId: string,
    replaceGroupId: boolean,
    createdByUserId: number,
    createdAt: Date,
  ): Promise<StoredStrategy[]> {
    const copies = (await this.store.listOfFeature(from)).map((strategy) => ({
      ...strategy,
      id: randomUUID(),
      featureName: to,
      projectId,
      parameters: replaceGroupId && 'groupId' in strategy.parameters ? { ...strategy.parameters, groupId: to } : strategy.parameters,
    }));
    if (copies.length > 0) await this.store.insertMany(copies, createdByUserId, createdAt);
    return copies;
  }

  /** For the features module, when an environment leaves a project: its features' strategies there go. */
  async deleteInProjectEnvironment(projectId: string, environment: string): Promise<void> {
    await this.store.deleteInProjectEnvironment(projectId, environment);
  }

  async list(address: StrategyAddress): Promise<FeatureStrategy[]> {
    assertFound(await this.store.locate(address), address);
    return (await this.store.list(address.featureName, address.environment)).map(toFeatureStrategy);
  }

  async get(address: StrategyUrl): Promise<FeatureStrategy> {
    return toFeatureStrategy(found(await this.store.locate(address), address));
  }

  /** `pointer` is where the body is in the request (an import names `/body/data/featureStrategies/3`). */
  async create(address: StrategyAddress, body: unknown, actor: Actor, pointer = '/body'): Promise<FeatureStrategy> {
    const { changes, problems } = this.checkedBody(CreateFeatureStrategySchema, body, pointer);
    return this.db.transaction(async () => {
      const location = await this.locateForWrite(address, changes, problems, pointer);
      // The feature may have no row for the environment yet: add it (switched off), then hold it like the others.
      await this.featureEnvironments().ensureFeatureEnvironment(address.featureName, address.environment);
      await this.store.lockFeatureEnvironment(address.featureName, address.environment);
      const { count, maxSortOrder } = await this.store.countIn(address.featureName, address.environment);
      const limit = this.config.limits.strategiesPerFeatureEnvironment;
      if (count >= limit) {
        throw validationError([
          {
            message: `Failed to create strategy. You can't create more than the established limit of ${limit} strategies per feature environment.`,
          },
        ]);
      }
      const name = changes.name!;
      const strategy: StoredStrategy = {
        id: randomUUID(),
        name,
        title: changes.title ?? null,
        disabled: changes.disabled ?? false,
        featureName: address.featureName,
        sortOrder: changes.sortOrder ?? (maxSortOrder === null ? 0 : maxSortOrder + 1),
        segments: sortedIds(changes.segments ?? []),
        constraints: changes.constraints,
        variants: changes.variants,
        parameters: parametersFor(name, changes.parameters, location.defaultStickiness, address.featureName),
        projectId: address.projectId,
        environment: address.environment,
      };
      const now = this.clock.now();
      await this.store.insert(strategy, actor.userId, now);
      if (strategy.segments.length > 0) await this.store.replaceSegments(strategy.id, strategy.segments, now);
      const data = toFeatureStrategy(strategy);
      await this.events.record({ ...eventScope(strategy, actor), type: EVENT.FEATURE_STRATEGY_ADD, data, tags: location.tags });
      return data;
    });
  }

  /** The spec's PUT: see `merge` for what is replaced and what is kept. */
  /** With `ifMatch` (an `If-Match` header), refused with 412 unless it names the strategy as it is (`strategyEtag`). */
  async update(address: StrategyUrl, body: unknown, actor: Actor, ifMatch?: string): Promise<FeatureStrategy> {
    const { changes, problems } = this.checkedBody(UpdateFeatureStrategySchema, body, '/body');
    return this.db.transaction(async () => {
      const location = await this.locateForWrite(address, changes, problems);
      requireIfMatch(ifMatch, () => strategyEtag(toFeatureStrategy(location.strategy!)), 'strategy');
      return this.save(location.strategy!, changes, location, actor);
    });
  }

  /**
   * Applies an RFC 6902 JSON Patch to the strategy as the API shows it, then saves the result as a PUT would.
   * Problems of the patched strategy are named by their pointer in it (`/constraints/0/operator`); `id` and
   * `featureName` cannot be changed.
   */
  async patch(address: StrategyUrl, operations: PatchOperation[], actor: Actor, ifMatch?: string): Promise<FeatureStrategy> {
    return this.db.transaction(async () => {
      await this.store.lockFeatureEnvironment(address.featureName, address.environment);
      const location = await this.store.locate(address, { withTags: true });
      const current = found(location, address);
      const before = toFeatureStrategy(current);
      requireIfMatch(ifMatch, () => strategyEtag(before), 'strategy');
      let patched: unknown;
      try {
        patched = applyPatch(before, operations);
      } catch (error) {
        if (error instanceof PatchFailure) throw invalidProperty(error.path, error.message);
        throw error;
      }
      if (!isPlainObject(patched)) throw invalidProperty('', 'The patched strategy must be an object.');
      for (const key of ['id', 'featureName'] as const) {
        if (patched[key] !== before[key])
          throw invalidProperty(`/${key}`, `The \`/${key}\` property of a strategy cannot be changed by a patch.`);
      }
      const { changes, problems } = this.checkedBody(UpdateFeatureStrategySchema, patched, '');
      await this.checkReferences(changes, await this.strategyType(changes.name ?? current.name), address.projectId, '', problems);
      if (problems.any) throw validationError(problems.details);
      // Variants the patch left alone stay as stored: re-splitting them would move the remainder point around.
      if (isDeepStrictEqual(patched.variants, before.variants)) changes.variants = current.variants;
      return this.save(current, changes, location, actor);
    });
  }

  /**
   * Sets the segments of a strategy named by its id, as `POST /api/admin/segments/strategies` does: the body names the
   * strategy's project and environment, where the caller needs UPDATE_FEATURE_STRATEGY (403); then the segments
   * must exist and be usable in the project (400), and the strategy must be there (404). Recorded as the strategy's
   * update; a request that changes nothing records nothing.
   */
  async setSegments(input: StrategySegmentsInput, principal: Principal, actor: Actor): Promise<void> {
    const { projectId, environmentId: environment, strategyId, segmentIds } = input;
    if (
      principal.kind !== 'api-token' &&
      !holds(await this.access.grantsOf(principal.id), 'UPDATE_FEATURE_STRATEGY', projectId, environment)
    )
      throw missingPermission(['UPDATE_FEATURE_STRATEGY'], projectId, environment);
    const problems = new Problems();
    await this.checkSegments(segmentIds, projectId, '/body/segmentIds', problems);
    if (problems.any) throw validationError(problems.details);
    await this.db.transaction(async () => {
      const address = await this.store.addressOf(strategyId);
      if (!address || address.projectId !== projectId || address.environment !== environment)
        throw notFound(`Could not find strategy ${strategyId} in environment ${environment} of project ${projectId}`);
      await this.store.lockFeatureEnvironment(address.featureName, address.environment);
      const location = await this.store.locate(address, { withTags: true });
      const current = found(location, address);
      const next = { ...current, segments: sortedIds(segmentIds) };
      if (isDeepStrictEqual(current.segments, next.segments)) return;
      await this.store.replaceSegments(next.id, next.segments, this.clock.now());
      await this.events.record({
        ...eventScope(next, actor),
        type: EVENT.FEATURE_STRATEGY_UPDATE,
        data: toFeatureStrategy(next),
        preData: toFeatureStrategy(current),
        tags: location.tags,
      });
    });
  }

  async delete(address: StrategyUrl, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      await this.store.lockFeatureEnvironment(address.featureName, address.environment);
      const location = await this.store.locate(address, { withTags: true });
      const current = found(location, address);
      await this.remove(current, actor, location.tags);
      await this.disableIfNoEnabledStrategy(current, actor, location.tags);
    });
  }

  /**
   * Removes every strategy of the feature in the environment, one event each, and leaves the feature's state there
   * as it is: the caller (an import) sets it next.
   */
  async removeAll(address: StrategyAddress, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      await this.store.lockFeatureEnvironment(address.featureName, address.environment);
      const location = await this.store.locate(address, { withTags: true });
      for (const current of await this.store.list(address.featureName, address.environment))
        await this.remove(current, actor, location.tags);
    });
  }

  /** Deletes the strategy and records `feature-strategy-remove` with what it was. */
  private async remove(current: StoredStrategy, actor: Actor, tags: EventTag[]): Promise<void> {
    await this.store.delete(current.id);
    await this.events.record({
      ...eventScope(current, actor),
      type: EVENT.FEATURE_STRATEGY_REMOVE,
      preData: toFeatureStrategy(current),
      tags,
    });
  }

  /** `[{id, sortOrder}]`: sets the order of the listed strategies; the others keep theirs. */
  async setSortOrder(address: StrategyAddress, wanted: readonly StrategySortOrder[], actor: Actor): Promise<void> {
    const problems = new Problems();
    await this.db.transaction(async () => {
      await this.store.lockFeatureEnvironment(address.featureName, address.environment);
      const location = await this.store.locate(address, { withTags: true });
      assertFound(location, address);
      const strategies = await this.store.list(address.featureName, address.environment);
      const byId = new Map(strategies.map((strategy) => [strategy.id, strategy]));
      wanted.forEach(({ id }, index) => {
        if (!byId.has(id))
          problems.invalid(
            `/body/${index}/id`,
            `must be the id of a strategy of feature ${address.featureName} in environment ${address.environment}`,
            id,
          );
      });
      if (problems.any) throw validationError(problems.details);
      const order = (list: StoredStrategy[]) =>
        [...list].sort((a, b) => a.sortOrder - b.sortOrder).map(({ id, name, title, sortOrder }) => ({ id, name, title, sortOrder }));
      const before = order(strategies);
      for (const { id, sortOrder } of wanted) {
        const strategy = byId.get(id)!;
        if (strategy.sortOrder === sortOrder) continue;
        await this.store.setSortOrder(id, sortOrder);
        byId.set(id, { ...strategy, sortOrder });
      }
      const after = order([...byId.values()]);
      if (isDeepStrictEqual(before, after)) return;
      await this.events.record({
        type: EVENT.STRATEGY_ORDER_CHANGED,
        actor,
        project: address.projectId,
        featureName: address.featureName,
        environment: address.environment,
        data: after,
        preData: before,
        tags: location.tags,
      });
    });
  }

  /**
   * A create or update body checked by its DTO's rules (`strategy-body.rules.ts`), and the changes its valid
   * properties ask for: the strategy type and segment checks look at those, so one 400 lists every problem of the
   * body and of what it names.
   */
  private checkedBody(
    metatype: typeof CreateFeatureStrategySchema | typeof UpdateFeatureStrategySchema,
    body: unknown,
    root: string,
  ): { changes: StrategyChanges; problems: Problems } {
    const problems = new Problems();
    const checked = checkInput(metatype, body, root, this.config);
    if (checked.input) return { changes: toStrategyChanges(checked.input), problems };
    problems.details.push(...checked.problems);
    if (!isPlainObject(body)) return { changes: toStrategyChanges({}), problems };
    const offending = (key: string) => {
      const path = pointer(root, key);
      return checked.problems.some((problem) => problem.path === path || problem.path?.startsWith(`${path}/`));
    };
    // Each property's rules are its own, so the properties without a problem make a valid update body.
    const valid = Object.fromEntries(Object.entries(body).filter(([key]) => !offending(key)));
    return { changes: toStrategyChanges(validatedInput(UpdateFeatureStrategySchema, valid, root, this.config)), problems };
  }

  /**
   * The start of every write of a body, inside its transaction: lock the feature, read the URL's things (and the
   * strategy) in one statement, then answer 400 with every problem of the body (its rules, the strategy type, the
   * segments) before any 404.
   */
  private async locateForWrite(
    address: StrategyAddress,
    changes: StrategyChanges,
    problems: Problems,
    root = '/body',
  ): Promise<StrategyLocation> {
    await this.store.lockFeatureEnvironment(address.featureName, address.environment);
    const location = await this.store.locate(address, { withTags: true });
    // An update that names no type keeps the strategy's, whose definition its parameters must still fit.
    const typeName = changes.name ?? location.strategy?.name;
    const type = typeName === undefined ? { exists: true } : await this.strategyType(typeName);
    await this.checkReferences(changes, type, address.projectId, root, problems);
    if (problems.any) throw validationError(problems.details);
    assertFound(location, address);
    return location;
  }

  /** Writes `current` changed as asked, with its event; a request that changes nothing writes nothing. */
  private async save(
    current: StoredStrategy,
    changes: StrategyChanges,
    location: StrategyLocation,
    actor: Actor,
  ): Promise<FeatureStrategy> {
    const next = merge(current, changes, location.defaultStickiness);
    const before = toFeatureStrategy(current);
    const after = toFeatureStrategy(next);
    if (!isDeepStrictEqual(before, after)) {
      await this.store.update(next, current);
      if (!isDeepStrictEqual(current.segments, next.segments)) await this.store.replaceSegments(next.id, next.segments, this.clock.now());
      await this.events.record({
        ...eventScope(next, actor),
        type: EVENT.FEATURE_STRATEGY_UPDATE,
        data: after,
        preData: before,
        tags: location.tags,
      });
    }
    if (next.disabled) await this.disableIfNoEnabledStrategy(next, actor, location.tags);
    return after;
  }

  /** A feature whose strategies in an environment are all disabled (or gone) is switched off there. */
  private async disableIfNoEnabledStrategy(strategy: StoredStrategy, actor: Actor, tags: EventTag[]): Promise<void> {
    if (await this.featureEnvironments().disableIfNoEnabledStrategy(strategy.featureName, strategy.environment)) {
      await this.events.record({
        ...eventScope(strategy, actor),
        type: EVENT.FEATURE_ENVIRONMENT_DISABLED,
        data: { enabled: false },
        preData: { enabled: true },
        tags,
      });
    }
  }

  /**
   * Whether a strategy type exists and, for a custom one, its definition, which the strategy's parameters are
   * checked against. The type's row is held until the write commits, so a concurrent delete of the type either
   * waits for this write (and then finds the type in use) or has removed it already (and this write is a 400).
   * Built-in types always exist and have no check, so they need no look-up.
   */
  private async strategyType(name: string): Promise<{ exists: boolean; custom?: StrategyType }> {
    if (isBuiltInStrategyType(name)) return { exists: true };
    const type = await this.types.find(name, 'share');
    return { exists: type !== undefined, custom: type?.editable ? type : undefined };
  }

  /**
   * The strategy type must exist (a custom one's parameters fit its definition); constraints keep to the legal values of
   * the context fields they name; segments must exist and be usable in the project.
   */
  private async checkReferences(
    changes: StrategyChanges,
    type: { exists: boolean; custom?: StrategyType },
    projectId: string,
    root: string,
    problems: Problems,
  ): Promise<void> {
    if (changes.name !== undefined && !type.exists)
      problems.invalid(`${root}/name`, 'must be the name of an existing strategy type', changes.name);
    if (type.custom) checkParametersAgainstType(changes.parameters, type.custom, `${root}/parameters`, problems);
    await this.constraints.checkLegalValues(changes.constraints, `${root}/constraints`, problems);
    await this.checkSegments(changes.segments ?? [], projectId, `${root}/segments`, problems);
  }

  /** Segments must exist and be usable in the project; `path` names the list. */
  private async checkSegments(ids: number[], projectId: string, path: string, problems: Problems): Promise<void> {
    if (ids.length === 0) return;
    const found = new Map((await this.segments.findByIds(ids)).map((segment) => [segment.id, segment]));
    ids.forEach((id, index) => {
      const segment = found.get(id);
      const at = pointer(path, index);
      if (!segment) problems.invalid(at, 'must be the id of an existing segment', id);
      else if (segment.project !== null && segment.project !== projectId) {
        problems.invalid(
          at,
          `must be a segment usable in project ${projectId}: segment "${segment.name}" belongs to project ${segment.project}`,
          id,
        );
      }
    });
  }
}

/**
 * Replace-versus-keep of the update: constraints, variants and parameters are replaced (omitted → empty);
 * name, title, disabled, sortOrder and segments are kept when omitted; `title: null` clears the title. For a
 * flexibleRollout (sent or kept) the missing parameters get their defaults.
 */
export function merge(current: StoredStrategy, changes: StrategyChanges, defaultStickiness: string): StoredStrategy {
  const name = changes.name ?? current.name;
  return {
    ...current,
    name,
    title: changes.title === undefined ? current.title : changes.title,
    disabled: changes.disabled ?? current.disabled,
    sortOrder: changes.sortOrder ?? current.sortOrder,
    constraints: changes.constraints,
    variants: changes.variants,
    parameters: parametersFor(name, changes.parameters, defaultStickiness, current.featureName),
    segments: changes.segments ? sortedIds(changes.segments) : current.segments,
  };
}

/** flexibleRollout: rollout 100 when missing; stickiness (project default) and groupId (feature name) when missing or empty. */
export function parametersFor(
  type: string,
  parameters: Record<string, string>,
  defaultStickiness: string,
  featureName: string,
): Record<string, string> {
  if (type !== FLEXIBLE_ROLLOUT) return parameters;
  return {
    ...parameters,
    rollout: parameters.rollout ?? '100',
    stickiness: parameters.stickiness || defaultStickiness || 'default',
    groupId: parameters.groupId || featureName,
  };
}

function eventScope(strategy: StoredStrategy, actor: Actor) {
  return { actor, project: strategy.projectId, featureName: strategy.featureName, environment: strategy.environment };
}

function sortedIds(ids: number[]): number[] {
  return [...ids].sort((a, b) => a - b);
}

/** 404 for the first thing of the URL, in URL order, that is not where the URL puts it. */
function assertFound(location: StrategyLocation, address: StrategyAddress): void {
  if (!location.projectExists) throw notFound(`Could not find project ${address.projectId}`);
  if (!location.featureFound) throw notFound(`Could not find feature ${address.featureName} in project ${address.projectId}`);
  if (!location.environmentFound) throw notFound(`Could not find environment ${address.environment} in project ${address.projectId}`);
  if (address.strategyId !== undefined && !location.strategy) {
    throw notFound(`Could not find strategy ${address.strategyId} in environment ${address.environment} of feature ${address.featureName}`);
  }
}

/** The strategy of the URL, or the 404 naming the first thing missing. */
function found(location: StrategyLocation, address: StrategyAddress): StoredStrategy {
  assertFound(location, address);
  return location.strategy!;
}
