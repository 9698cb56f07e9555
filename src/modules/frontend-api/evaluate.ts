import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type ClientExports from 'unleash-client/lib/client.js';
import type { Context } from 'unleash-client/lib/context.js';
import type { EnhancedFeatureInterface, FeatureInterface } from 'unleash-client/lib/feature.js';
import type { RepositoryInterface } from 'unleash-client/lib/repository/index.js';
import type { Strategy } from 'unleash-client/lib/strategy/index.js';
import type { Constraint as SdkConstraint, Segment, Strategy as StrategyExports } from 'unleash-client/lib/strategy/strategy.js';
import type { selectVariant as SelectVariant, Variant } from 'unleash-client/lib/variant.js';
import type { ClientFeatureSet, DisabledStrategies } from '../client-api/index.js';
import type { Constraint } from '../../core/constraints/constraint.js';
import { copyWith } from '../../core/objects.js';

/**
 * Evaluation of features for one context by the official Node SDK's own engine (`UnleashClient` with its built-in
 * strategies), so `/api/frontend` and in-process evaluation agree with the SDKs by construction: RE2 regular
 * expressions, `IN_CIDR`, semantic versions, murmur3 bucketing of every user id, variants and dependencies.
 * Strategy types the SDK does not implement (custom ones) enable nothing, as in an SDK that has no implementation.
 */

/** The context of a frontend request. Fields other than the standard ones live in `properties`. */
export interface EvaluationContext {
  userId?: string;
  sessionId?: string;
  remoteAddress?: string;
  environment?: string;
  appName?: string;
  currentTime?: string;
  properties: Record<string, string>;
}

/** The variant of a frontend toggle: `disabled` when the feature has no variant for the context. */
export interface ToggleVariant {
  name: string;
  enabled: boolean;
  payload?: { type: string; value: string };
  feature_enabled: boolean;
}

export interface Evaluation {
  enabled: boolean;
  variant: ToggleVariant;
}

/** One entry of the `/api/frontend` answer: a feature enabled for the context. */
export interface FrontendToggle {
  name: string;
  enabled: true;
  variant: ToggleVariant;
  impressionData: boolean;
}

/** A constraint with whether the context satisfies it, by the SDK's own check. */
export type ExplainedConstraint = Constraint & { result: boolean };

export interface ExplainedSegment {
  id: number;
  name: string;
  result: boolean;
  constraints: ExplainedConstraint[];
}

/**
 * A strategy's own result. `complete`: the SDK evaluated it. `incomplete`: a strategy type the server cannot evaluate
 * (a custom one, or `applicationHostname`, which depends on the host of the SDK): `unknown` when its constraints and
 * segments hold, else false. `unevaluated`: a disabled strategy (SDKs never receive it), always `unknown`, as Unleash
 * answers it; its constraints and segments still show their own results.
 */
export type StrategyOutcome =
  | { evaluationStatus: 'complete'; enabled: boolean; variant?: Omit<ToggleVariant, 'feature_enabled'>; variants?: unknown[] }
  | { evaluationStatus: 'incomplete'; enabled: false | 'unknown' }
  | { evaluationStatus: 'unevaluated'; enabled: 'unknown' };

/** A strategy as the client API gives it, or a disabled one the playground adds. */
interface StrategyToExplain {
  id: string;
  name: string;
  title?: string;
  disabled: boolean;
  parameters: Record<string, string>;
  constraints: Constraint[];
  segments: number[];
  variants: unknown[];
  sortOrder: number;
}

export interface ExplainedStrategy {
  id: string;
  name: string;
  title?: string;
  disabled: boolean;
  parameters: Record<string, string>;
  result: StrategyOutcome;
  constraints: ExplainedConstraint[];
  segments: ExplainedSegment[];
}

/** Why a feature is on or off for a context: the SDK's answer, with each strategy's, constraint's and segment's own. */
export interface FeatureExplanation {
  name: string;
  project: string;
  /** Whether the feature is on in the environment (its strategies apply only then). */
  enabledInEnvironment: boolean;
  /** The SDK's answer, except that a feature whose strategies cannot all be decided (`result` unknown) is off. */
  enabled: boolean;
  hasUnsatisfiedDependency: boolean;
  /** true when a strategy is on, `unknown` when none is and one cannot be decided, else false. */
  result: boolean | 'unknown';
  strategies: ExplainedStrategy[];
  variant: ToggleVariant;
  variants: unknown[];
}

/** Strategy types whose answer depends on where the SDK runs, so the server cannot decide them (as Unleash says). */
const UNDECIDABLE_STRATEGIES = new Set(['applicationHostname']);

export interface EvaluatorOptions {
  /** The time of `DATE_*` constraints when the context names none (default: the system clock). */
  now?: () => Date;
}

/** The SDK's client class: `lib/client.js` is CommonJS, its class is `exports.default`. */
type UnleashClientClass = typeof ClientExports.default;
type UnleashClient = InstanceType<UnleashClientClass>;

interface Engine {
  UnleashClient: UnleashClientClass;
  defaultStrategies: Strategy[];
  selectVariant: typeof SelectVariant;
  /** A strategy that enables nothing: its constraint checks are the SDK's, for strategy types the SDK lacks. */
  constraintsOnly: StrategyExports;
}

const requireFromHere = createRequire(import.meta.url);
let loadedEngine: Engine | undefined;

/**
 * The SDK's engine (CommonJS), loaded on the first evaluator rather than at start: a process that never evaluates
 * (most admin-only instances) keeps its memory, about 9 MB with re2js, semver and ip-address.
 */
function engine(): Engine {
  loadedEngine ??= {
    UnleashClient: requireFromHere('unleash-client/lib/client.js').default,
    defaultStrategies: requireFromHere('unleash-client/lib/strategy/index.js').defaultStrategies,
    selectVariant: requireFromHere('unleash-client/lib/variant.js').selectVariant,
    constraintsOnly: new (requireFromHere('unleash-client/lib/strategy/strategy.js').Strategy as typeof StrategyExports)('unknown'),
  };
  return loadedEngine;
}

const NEVER = () => false;
/** The SDK's answers without a variant (shared: frozen). */
const OFF: Evaluation = Object.freeze({
  enabled: false,
  variant: Object.freeze({ name: 'disabled', enabled: false, feature_enabled: false }),
});
const ON_WITHOUT_VARIANT: Evaluation = Object.freeze({
  enabled: true,
  variant: Object.freeze({ name: 'disabled', enabled: false, feature_enabled: true }),
});

/** The frontend API's variant: the SDK's, without its deprecated `featureEnabled` twin and without an empty payload. */
function toggleVariant(chosen: Pick<Variant, 'name' | 'payload'>): ToggleVariant {
  const variant: ToggleVariant = { name: chosen.name, enabled: true, feature_enabled: true };
  if (chosen.payload) variant.payload = { type: chosen.payload.type, value: chosen.payload.value };
  return variant;
}

export class FeatureEvaluator {
  private readonly repository: SnapshotRepository;
  private readonly client: UnleashClient;
  private readonly now: () => Date;
  /** Features that may be on: the SDK answers `false` for the others whatever the context. */
  private readonly candidates: FeatureInterface[];
  private readonly strategies: Map<string, StrategyExports>;

  constructor(set: ClientFeatureSet, options: EvaluatorOptions = {}) {
    this.repository = new SnapshotRepository(set);
    const { UnleashClient, defaultStrategies } = engine();
    this.client = new UnleashClient(this.repository, defaultStrategies);
    this.strategies = new Map(defaultStrategies.map((strategy) => [strategy.name, strategy as unknown as StrategyExports]));
    this.now = options.now ?? (() => new Date());
    this.candidates = this.repository.getToggles().filter((feature) => feature.enabled);
  }

  /** How many features the set holds (on in the environment or not). */
  get featureCount(): number {
    return this.repository.size;
  }

  /** The feature's state and variant for the context, as the Node SDK's `isEnabled` and `getVariant` answer them. */
  evaluate(name: string, context: EvaluationContext): Evaluation {
    const feature = this.repository.getToggle(name);
    return feature ? this.evaluateFeature(feature, this.sdkContext(context)) : OFF;
  }

  /** The `/api/frontend` answer: the features enabled for the context, by name, each with its variant. */
  enabledToggles(context: EvaluationContext): FrontendToggle[] {
    const sdkContext = this.sdkContext(context);
    const toggles: FrontendToggle[] = [];
    for (const feature of this.candidates) {
      const { enabled, variant } = this.evaluateFeature(feature, sdkContext);
      if (enabled) toggles.push({ name: feature.name, enabled: true, variant, impressionData: feature.impressionData === true });
    }
    return toggles;
  }

  /**
   * Every feature of the set (on in the environment or not) with why it is on or off for the context: the SDK's
   * answer, and each strategy's, constraint's and segment's own result by the SDK's own checks. The `disabled`
   * strategies given are shown among the others in evaluation order, not evaluated (as Unleash's playground shows
   * them); the SDK's answer never sees them.
   */
  explainAll(context: EvaluationContext, disabled?: DisabledStrategies): FeatureExplanation[] {
    const sdkContext = this.sdkContext(context);
    const disabledSegments = new Map(disabled?.segments.map((segment) => [segment.id, segment as unknown as Segment]));
    const segmentOf = (id: number) => this.repository.getSegment(id) ?? disabledSegments.get(id);
    return this.repository
      .getToggles()
      .map((feature) => this.explain(feature, sdkContext, disabled?.strategies.get(feature.name) ?? [], segmentOf));
  }

  private explain(
    feature: FeatureInterface,
    context: Context,
    disabled: StrategyToExplain[],
    segmentOf: (id: number) => Segment | undefined,
  ): FeatureExplanation {
    const given = (feature.strategies ?? []) as unknown as StrategyToExplain[];
    const ordered = disabled.length === 0 ? given : [...given, ...disabled].sort((a, b) => a.sortOrder - b.sortOrder);
    const strategies = ordered.map((strategy) => this.explainStrategy(strategy, context, segmentOf));
    const result = overallResult(feature, strategies);
    const hasUnsatisfiedDependency = !this.client.isParentDependencySatisfied(feature, context);
    const answer = this.evaluateFeature(feature, context);
    const enabled = answer.enabled && result === true;
    const decided = strategies.find((strategy) => strategy.result.enabled === true && strategy.result.evaluationStatus === 'complete');
    const strategyVariants = decided?.result.evaluationStatus === 'complete' ? decided.result.variants : undefined;
    return {
      name: feature.name,
      project: (feature as unknown as { project: string }).project,
      enabledInEnvironment: feature.enabled,
      enabled,
      hasUnsatisfiedDependency,
      result,
      strategies,
      variant: enabled ? answer.variant : OFF.variant,
      variants: strategyVariants ?? feature.variants ?? [],
    };
  }

  private explainStrategy(
    strategy: StrategyToExplain,
    context: Context,
    segmentOf: (id: number) => Segment | undefined,
  ): ExplainedStrategy {
    const known = UNDECIDABLE_STRATEGIES.has(strategy.name) ? undefined : this.strategies.get(strategy.name);
    const checker = known ?? engine().constraintsOnly;
    const constraints = explainConstraints(checker, strategy.constraints, context);
    const segments = strategy.segments.flatMap((id): ExplainedSegment[] => {
      const segment = segmentOf(id);
      if (!segment) return [];
      const explained = explainConstraints(checker, segment.constraints as unknown as Constraint[], context);
      const { name } = segment as unknown as { name: string };
      return [{ id, name, result: explained.every((constraint) => constraint.result), constraints: explained }];
    });
    const held = constraints.every((constraint) => constraint.result) && segments.every((segment) => segment.result);
    if (strategy.disabled) return explained(strategy, { evaluationStatus: 'unevaluated', enabled: 'unknown' }, constraints, segments);
    if (!known) return explained(strategy, { evaluationStatus: 'incomplete', enabled: held ? 'unknown' : false }, constraints, segments);
    const enabled = held && known.isEnabled(strategy.parameters, context);
    const outcome: StrategyOutcome = { evaluationStatus: 'complete', enabled };
    if (enabled && strategy.variants.length > 0) {
      const chosen = known.getResult(strategy.parameters, context, [][Symbol.iterator](), strategy.variants as never);
      if (chosen.enabled && chosen.variant) {
        const { name, payload } = chosen.variant;
        outcome.variant = payload
          ? { name, enabled: true, payload: { type: payload.type, value: payload.value } }
          : { name, enabled: true };
        outcome.variants = strategy.variants;
      }
    }
    return explained(strategy, outcome, constraints, segments);
  }

  /**
   * `getVariant` of the SDK's client, step by step (its `resolveVariant`) with the SDK's own functions: one pass of
   * the engine gives both answers (two passes could disagree on a random stickiness), without the client's
   * per-call lookups, copies and impression events, which cost more than the evaluation at hundreds of features.
   */
  private evaluateFeature(feature: FeatureInterface, context: Context): Evaluation {
    const result = this.client.isFeatureEnabled(feature, context, NEVER);
    if (!result.enabled) return OFF;
    if (result.variant) return { enabled: true, variant: toggleVariant(result.variant) };
    const chosen = feature.variants?.length ? engine().selectVariant(feature, context) : null;
    return chosen ? { enabled: true, variant: toggleVariant(chosen) } : ON_WITHOUT_VARIANT;
  }

  /**
   * The SDK reads the context as given; only `currentTime` defaults to this evaluator's clock rather than the
   * system's. A given `currentTime` stays text: the SDK's date operators read it with `new Date(...)`.
   */
  private sdkContext(context: EvaluationContext): Context {
    return { ...context, currentTime: (context.currentTime ?? this.now()) as Date };
  }
}

function explainConstraints(checker: StrategyExports, constraints: Constraint[], context: Context): ExplainedConstraint[] {
  return constraints.map((constraint) =>
    copyWith(constraint, { result: checker.checkConstraint(constraint as unknown as SdkConstraint, context) }),
  );
}

/**
 * A strategy as the playground shows it, its title (when it has one) after its parameters. Written out rather than
 * spread (see `copyWith`): the playground makes one per strategy, context and environment.
 */
function explained(
  strategy: StrategyToExplain,
  result: StrategyOutcome,
  constraints: ExplainedConstraint[],
  segments: ExplainedSegment[],
): ExplainedStrategy {
  const { id, name, disabled, parameters, title } = strategy;
  return title
    ? { id, name, disabled, parameters, title, result, constraints, segments }
    : { id, name, disabled, parameters, result, constraints, segments };
}

/** Unleash's rule: true when a strategy is on, `unknown` when none is and one cannot be decided, else false. */
function overallResult(feature: FeatureInterface, strategies: ExplainedStrategy[]): boolean | 'unknown' {
  if (strategies.length === 0) return feature.enabled;
  if (strategies.some((strategy) => strategy.result.enabled === true && strategy.result.evaluationStatus === 'complete')) return true;
  return strategies.some((strategy) => strategy.result.enabled === 'unknown') ? 'unknown' : false;
}

/**
 * The SDK's view of a feature set: what `/api/client/features` serves, looked up by name and segment id. The
 * shapes are the client API's, which is what the SDK's own repository holds after a fetch.
 */
class SnapshotRepository extends EventEmitter implements RepositoryInterface {
  private readonly features: Map<string, FeatureInterface>;
  private readonly segments: Map<number, Segment>;

  constructor(set: ClientFeatureSet) {
    super();
    this.features = new Map(set.features.map((feature) => [feature.name, feature as unknown as FeatureInterface]));
    this.segments = new Map(set.segments.map((segment) => [segment.id, segment as unknown as Segment]));
  }

  getToggle(name: string): FeatureInterface | undefined {
    return this.features.get(name);
  }

  getToggles(): FeatureInterface[] {
    return [...this.features.values()];
  }

  get size(): number {
    return this.features.size;
  }

  getTogglesWithSegmentData(): EnhancedFeatureInterface[] {
    return this.getToggles().map((feature) => ({
      ...feature,
      strategies: feature.strategies?.map((strategy) => ({ ...strategy, segments: strategy.segments?.map((id) => this.segments.get(id)) })),
    }));
  }

  getSegment(id: number): Segment | undefined {
    return this.segments.get(id);
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  /** Nothing to stop: the set never changes (a new configuration gets a new evaluator). */
  stop(): void {}
}
