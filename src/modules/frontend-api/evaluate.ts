import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type ClientExports from 'unleash-client/lib/client.js';
import type { Context } from 'unleash-client/lib/context.js';
import type { EnhancedFeatureInterface, FeatureInterface } from 'unleash-client/lib/feature.js';
import type { RepositoryInterface } from 'unleash-client/lib/repository/index.js';
import type { Strategy } from 'unleash-client/lib/strategy/index.js';
import type { Segment } from 'unleash-client/lib/strategy/strategy.js';
import type { selectVariant as SelectVariant, Variant } from 'unleash-client/lib/variant.js';
import type { ClientFeatureSet } from '../client-api/index.js';

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

  constructor(set: ClientFeatureSet, options: EvaluatorOptions = {}) {
    this.repository = new SnapshotRepository(set);
    const { UnleashClient, defaultStrategies } = engine();
    this.client = new UnleashClient(this.repository, defaultStrategies);
    this.now = options.now ?? (() => new Date());
    this.candidates = this.repository.getToggles().filter((feature) => feature.enabled);
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
