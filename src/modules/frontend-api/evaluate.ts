import { BlockList, isIP } from 'node:net';
import type { FeatureVariant } from '../features/feature.model.js';
import type { Constraint, StrategyVariant } from '../strategies/strategy.model.js';
import type { ClientFeature, ClientFeatureSet, ClientSegment, ClientStrategy } from '../client-api/client-features.model.js';
import { normalizedValue, VARIANT_SEED } from './murmurhash3.js';
import { compareSemver } from './semver.js';

/**
 * Evaluation of features for one context, as Unleash's SDKs do it: the built-in strategies (default,
 * flexibleRollout, remoteAddress, applicationHostname), constraints with every operator, segments, strategy and
 * feature variants, and parent dependencies. Strategy types the server cannot know how to evaluate (custom ones)
 * are off, as in an SDK that has no implementation for them.
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

/** What an evaluation needs beyond the request: the time, the server's host name, a source of randomness. */
export interface EvaluationSurroundings {
  now: Date;
  hostname: string;
  /** A random stickiness value, for `random` stickiness and when no identifying field is present. */
  random: () => string;
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

type VariantDefinition = Pick<FeatureVariant, 'name' | 'weight' | 'stickiness' | 'payload' | 'overrides'> | StrategyVariant;

const STANDARD_FIELDS = new Set(['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime']);

export class FeatureEvaluator {
  private readonly features: Map<string, ClientFeature>;
  private readonly segments: Map<number, ClientSegment>;

  constructor(
    set: ClientFeatureSet,
    private readonly surroundings: EvaluationSurroundings,
  ) {
    this.features = new Map(set.features.map((feature) => [feature.name, feature]));
    this.segments = new Map(set.segments.map((segment) => [segment.id, segment]));
  }

  evaluate(featureName: string, context: EvaluationContext): Evaluation {
    const feature = this.features.get(featureName);
    const result = feature ? this.evaluateFeature(feature, context) : undefined;
    if (!result) return { enabled: false, variant: disabledVariant(false) };
    return { enabled: true, variant: result.variant ?? disabledVariant(true) };
  }

  /** Undefined when the feature is off for the context; otherwise the variant it gives, if any. */
  private evaluateFeature(feature: ClientFeature, context: EvaluationContext): { variant?: ToggleVariant } | undefined {
    if (!feature.enabled || !this.parentsSatisfied(feature, context)) return undefined;
    // SDKs receive no disabled strategies; a feature without strategies is on wherever it is enabled.
    if (feature.strategies.length === 0) return { variant: this.featureVariant(feature, context) };
    const strategy = feature.strategies.find((candidate) => this.strategyOn(candidate, feature, context));
    if (!strategy) return undefined;
    const groupId = strategy.parameters.groupId || feature.name;
    const fromStrategy = selectVariant(strategy.variants, groupId, context, this.surroundings);
    return { variant: fromStrategy ? toToggleVariant(fromStrategy) : this.featureVariant(feature, context) };
  }

  private featureVariant(feature: ClientFeature, context: EvaluationContext): ToggleVariant | undefined {
    const chosen = selectVariant(feature.variants, feature.name, context, this.surroundings);
    return chosen && toToggleVariant(chosen);
  }

  /** A parent must exist here, have no parent itself, and be on (or off, for `enabled: false`) with one of the listed variants. */
  private parentsSatisfied(feature: ClientFeature, context: EvaluationContext): boolean {
    return (feature.dependencies ?? []).every((dependency) => {
      const parent = this.features.get(dependency.feature);
      if (!parent || (parent.dependencies?.length ?? 0) > 0) return false;
      const result = this.evaluateFeature(parent, context);
      if (!dependency.enabled) return result === undefined;
      if (!result) return false;
      return !dependency.variants?.length || dependency.variants.includes(result.variant?.name ?? 'disabled');
    });
  }

  private strategyOn(strategy: ClientStrategy, feature: ClientFeature, context: EvaluationContext): boolean {
    const now = this.surroundings.now;
    for (const id of strategy.segments) {
      const segment = this.segments.get(id);
      if (!segment || !segment.constraints.every((constraint) => constraintHolds(constraint, context, now))) return false;
    }
    if (!strategy.constraints.every((constraint) => constraintHolds(constraint, context, now))) return false;
    return builtInStrategyOn(strategy, feature.name, context, this.surroundings);
  }
}

function builtInStrategyOn(strategy: ClientStrategy, featureName: string, context: EvaluationContext, surroundings: EvaluationSurroundings): boolean {
  const parameters = strategy.parameters;
  switch (strategy.name) {
    case 'default':
      return true;
    case 'flexibleRollout': {
      const rollout = Number(parameters.rollout);
      const stickiness = stickinessValue(parameters.stickiness || 'default', context, surroundings);
      if (!Number.isFinite(rollout) || rollout <= 0 || stickiness === undefined) return false;
      return normalizedValue(stickiness, parameters.groupId || featureName) <= rollout;
    }
    case 'remoteAddress':
      return context.remoteAddress !== undefined && listParameter(parameters.IPs).some((range) => matchesAddress(range, context.remoteAddress!));
    case 'applicationHostname':
      return listParameter(parameters.hostNames).some((host) => host.toLowerCase() === surroundings.hostname.toLowerCase());
    default:
      return false;
  }
}

/** The value a flexible rollout hashes: `default` is the user id, else the session id, else a random value. */
function stickinessValue(stickiness: string, context: EvaluationContext, surroundings: EvaluationSurroundings): string | undefined {
  if (stickiness === 'default') return context.userId || context.sessionId || surroundings.random();
  if (stickiness === 'random') return surroundings.random();
  return contextValue(context, stickiness);
}

function listParameter(value: string | undefined): string[] {
  return (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
}

/** An IP address or a CIDR range (IPv4 or IPv6) matched against the caller's address. */
export function matchesAddress(range: string, address: string): boolean {
  const candidates = [address, ...(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.test(address) ? [address.slice(7)] : [])];
  if (candidates.includes(range)) return true;
  const [network, bits, extra] = range.split('/');
  const family = isIP(network);
  const prefix = Number(bits);
  if (extra !== undefined || family === 0 || !/^\d+$/.test(bits ?? '') || prefix > (family === 4 ? 32 : 128)) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return candidates.some((candidate) => isIP(candidate) === family && list.check(candidate, type));
}

/** Standard fields first, then `properties`; empty values count as absent, as in the SDKs. */
function contextValue(context: EvaluationContext, field: string): string | undefined {
  const own = STANDARD_FIELDS.has(field) ? context[field as keyof Omit<EvaluationContext, 'properties'>] : undefined;
  return own || context.properties[field] || undefined;
}

export function constraintHolds(constraint: Constraint, context: EvaluationContext, now: Date): boolean {
  const result = operatorHolds(constraint, context, now);
  return constraint.inverted ? !result : result;
}

function operatorHolds(constraint: Constraint, context: EvaluationContext, now: Date): boolean {
  const value = contextValue(context, constraint.contextName);
  const operator = constraint.operator;
  switch (operator) {
    case 'IN':
    case 'NOT_IN': {
      const found = value !== undefined && constraint.values.includes(value);
      return operator === 'IN' ? found : !found;
    }
    case 'STR_STARTS_WITH':
    case 'STR_ENDS_WITH':
    case 'STR_CONTAINS': {
      if (value === undefined) return false;
      const fold = (text: string) => (constraint.caseInsensitive ? text.toLowerCase() : text);
      const subject = fold(value);
      return constraint.values.some((candidate) => {
        const wanted = fold(candidate);
        if (operator === 'STR_STARTS_WITH') return subject.startsWith(wanted);
        if (operator === 'STR_ENDS_WITH') return subject.endsWith(wanted);
        return subject.includes(wanted);
      });
    }
    case 'NUM_EQ':
    case 'NUM_GT':
    case 'NUM_GTE':
    case 'NUM_LT':
    case 'NUM_LTE': {
      const actual = Number(value);
      const target = Number(constraint.value);
      if (value === undefined || value.trim() === '' || Number.isNaN(actual) || Number.isNaN(target)) return false;
      return compare(operator.slice(4), actual - target);
    }
    case 'DATE_AFTER':
    case 'DATE_BEFORE': {
      // Date constraints are written against `currentTime`, which is now unless the context says otherwise.
      const actual = Date.parse(value ?? (constraint.contextName === 'currentTime' ? now.toISOString() : ''));
      const target = Date.parse(constraint.value ?? '');
      if (Number.isNaN(actual) || Number.isNaN(target)) return false;
      return operator === 'DATE_AFTER' ? actual > target : actual < target;
    }
    case 'SEMVER_EQ':
    case 'SEMVER_GT':
    case 'SEMVER_GTE':
    case 'SEMVER_LT':
    case 'SEMVER_LTE': {
      const order = value === undefined ? undefined : compareSemver(value, constraint.value ?? '');
      return order !== undefined && compare(operator.slice(7), order);
    }
    case 'REGEX': {
      if (value === undefined) return false;
      try {
        return new RegExp(constraint.value ?? '', constraint.caseInsensitive ? 'i' : '').test(value);
      } catch {
        return false;
      }
    }
    default:
      return false;
  }
}

function compare(relation: string, difference: number): boolean {
  switch (relation) {
    case 'EQ':
      return difference === 0;
    case 'GT':
      return difference > 0;
    case 'GTE':
      return difference >= 0;
    case 'LT':
      return difference < 0;
    case 'LTE':
      return difference <= 0;
    default:
      return false;
  }
}

/**
 * Unleash's variant choice: an override naming the context wins; otherwise the stickiness value of the first
 * variant is hashed with the variant seed into 1..total weight and the weights are walked in order.
 */
function selectVariant(variants: VariantDefinition[], groupId: string, context: EvaluationContext, surroundings: EvaluationSurroundings): VariantDefinition | undefined {
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (total <= 0) return undefined;
  const overridden = variants.find(
    (variant) =>
      'overrides' in variant &&
      variant.overrides?.some((override) => {
        const actual = contextValue(context, override.contextName);
        return actual !== undefined && override.values.includes(actual);
      }),
  );
  if (overridden) return overridden;
  const stickiness = variants[0].stickiness || 'default';
  const seed =
    stickiness === 'default'
      ? context.userId || context.sessionId || context.remoteAddress || surroundings.random()
      : (contextValue(context, stickiness) ?? surroundings.random());
  const target = normalizedValue(seed, groupId, total, VARIANT_SEED);
  let reached = 0;
  for (const variant of variants) {
    if (variant.weight <= 0) continue;
    reached += variant.weight;
    if (reached >= target) return variant;
  }
  return undefined;
}

function toToggleVariant(variant: VariantDefinition): ToggleVariant {
  return { name: variant.name, enabled: true, ...(variant.payload ? { payload: variant.payload } : {}), feature_enabled: true };
}

function disabledVariant(featureEnabled: boolean): ToggleVariant {
  return { name: 'disabled', enabled: false, feature_enabled: featureEnabled };
}
