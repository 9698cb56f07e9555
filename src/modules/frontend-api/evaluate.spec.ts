import type { ClientFeature, ClientSegment, ClientStrategy } from '../client-api/client-features.model.js';
import type { Constraint } from '../strategies/strategy.model.js';
import { constraintHolds, type EvaluationContext, FeatureEvaluator, matchesAddress } from './evaluate.js';
import { normalizedValue, VARIANT_SEED } from './murmurhash3.js';

const NOW = new Date('2030-06-01T12:00:00.000Z');
const surroundings = { now: NOW, hostname: 'App-1.example.com', random: () => 'random-value' };

function strategy(partial: Partial<ClientStrategy> = {}): ClientStrategy {
  return { id: 's', name: 'default', constraints: [], parameters: {}, variants: [], segments: [], sortOrder: 0, disabled: false, ...partial };
}

function feature(name: string, partial: Partial<ClientFeature> = {}): ClientFeature {
  return { name, type: 'release', description: null, project: 'default', enabled: true, stale: false, impressionData: false, strategies: [strategy()], variants: [], ...partial };
}

function context(partial: Partial<EvaluationContext> = {}): EvaluationContext {
  return { properties: {}, ...partial };
}

function evaluator(features: ClientFeature[], segments: ClientSegment[] = []) {
  return new FeatureEvaluator({ features, segments }, surroundings);
}

const enabled = (f: ClientFeature, ctx: EvaluationContext = context(), segments: ClientSegment[] = [], others: ClientFeature[] = []) =>
  evaluator([f, ...others], segments).evaluate(f.name, ctx).enabled;

function constraint(partial: Partial<Constraint> & Pick<Constraint, 'contextName' | 'operator'>): Constraint {
  return { values: [], caseInsensitive: false, inverted: false, ...partial };
}

describe('constraints', () => {
  const holds = (c: Constraint, ctx: Partial<EvaluationContext>) => constraintHolds(c, context(ctx), NOW);

  it.each<[string, Constraint, Partial<EvaluationContext>, boolean]>([
    ['IN hit', constraint({ contextName: 'userId', operator: 'IN', values: ['a', 'b'] }), { userId: 'b' }, true],
    ['IN miss', constraint({ contextName: 'userId', operator: 'IN', values: ['a'] }), { userId: 'A' }, false],
    ['IN without value', constraint({ contextName: 'userId', operator: 'IN', values: ['a'] }), {}, false],
    ['NOT_IN miss', constraint({ contextName: 'userId', operator: 'NOT_IN', values: ['a'] }), { userId: 'b' }, true],
    ['NOT_IN without value', constraint({ contextName: 'userId', operator: 'NOT_IN', values: ['a'] }), {}, true],
    ['NOT_IN hit', constraint({ contextName: 'userId', operator: 'NOT_IN', values: ['a'] }), { userId: 'a' }, false],
    ['custom property', constraint({ contextName: 'tier', operator: 'IN', values: ['gold'] }), { properties: { tier: 'gold' } }, true],
    ['STR_STARTS_WITH', constraint({ contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['x', 'we'] }), { appName: 'web' }, true],
    ['STR_STARTS_WITH case', constraint({ contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['WE'] }), { appName: 'web' }, false],
    ['STR_STARTS_WITH caseInsensitive', constraint({ contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['WE'], caseInsensitive: true }), { appName: 'web' }, true],
    ['STR_ENDS_WITH', constraint({ contextName: 'appName', operator: 'STR_ENDS_WITH', values: ['eb'] }), { appName: 'web' }, true],
    ['STR_CONTAINS', constraint({ contextName: 'appName', operator: 'STR_CONTAINS', values: ['E'], caseInsensitive: true }), { appName: 'web' }, true],
    ['STR_CONTAINS without value', constraint({ contextName: 'appName', operator: 'STR_CONTAINS', values: ['e'] }), {}, false],
    ['NUM_EQ', constraint({ contextName: 'n', operator: 'NUM_EQ', value: '1.5' }), { properties: { n: '1.50' } }, true],
    ['NUM_GT', constraint({ contextName: 'n', operator: 'NUM_GT', value: '5' }), { properties: { n: '6' } }, true],
    ['NUM_GT equal', constraint({ contextName: 'n', operator: 'NUM_GT', value: '5' }), { properties: { n: '5' } }, false],
    ['NUM_GTE', constraint({ contextName: 'n', operator: 'NUM_GTE', value: '5' }), { properties: { n: '5' } }, true],
    ['NUM_LT', constraint({ contextName: 'n', operator: 'NUM_LT', value: '5' }), { properties: { n: '-1' } }, true],
    ['NUM_LTE', constraint({ contextName: 'n', operator: 'NUM_LTE', value: '5' }), { properties: { n: '5.1' } }, false],
    ['NUM_ not a number', constraint({ contextName: 'n', operator: 'NUM_LT', value: '5' }), { properties: { n: 'abc' } }, false],
    ['NUM_ without value', constraint({ contextName: 'n', operator: 'NUM_LT', value: '5' }), {}, false],
    ['DATE_AFTER now', constraint({ contextName: 'currentTime', operator: 'DATE_AFTER', value: '2030-01-01T00:00:00Z' }), {}, true],
    ['DATE_BEFORE now', constraint({ contextName: 'currentTime', operator: 'DATE_BEFORE', value: '2030-01-01T00:00:00Z' }), {}, false],
    ['DATE_BEFORE given time', constraint({ contextName: 'currentTime', operator: 'DATE_BEFORE', value: '2030-01-01T00:00:00Z' }), { currentTime: '2029-12-31T23:59:59Z' }, true],
    ['DATE_ invalid context', constraint({ contextName: 'currentTime', operator: 'DATE_AFTER', value: '2030-01-01' }), { currentTime: 'soon' }, false],
    ['SEMVER_EQ', constraint({ contextName: 'version', operator: 'SEMVER_EQ', value: '1.2.3' }), { properties: { version: '1.2.3' } }, true],
    ['SEMVER_GT', constraint({ contextName: 'version', operator: 'SEMVER_GT', value: '1.2.3' }), { properties: { version: '1.10.0' } }, true],
    ['SEMVER_GT pre-release', constraint({ contextName: 'version', operator: 'SEMVER_GT', value: '1.2.3' }), { properties: { version: '1.2.3-rc.1' } }, false],
    ['SEMVER_LT', constraint({ contextName: 'version', operator: 'SEMVER_LT', value: '1.2.3' }), { properties: { version: '1.2.3-rc.1' } }, true],
    ['SEMVER_GTE', constraint({ contextName: 'version', operator: 'SEMVER_GTE', value: '1.2.3' }), { properties: { version: '1.2.3' } }, true],
    ['SEMVER_LTE', constraint({ contextName: 'version', operator: 'SEMVER_LTE', value: '1.2.3' }), { properties: { version: '1.2.4' } }, false],
    ['SEMVER_ invalid context', constraint({ contextName: 'version', operator: 'SEMVER_EQ', value: '1.2.3' }), { properties: { version: 'v1.2.3' } }, false],
    ['REGEX', constraint({ contextName: 'userId', operator: 'REGEX', value: '^user-\\d+$' }), { userId: 'user-42' }, true],
    ['REGEX case', constraint({ contextName: 'userId', operator: 'REGEX', value: '^user' }), { userId: 'USER-1' }, false],
    ['REGEX caseInsensitive', constraint({ contextName: 'userId', operator: 'REGEX', value: '^user', caseInsensitive: true }), { userId: 'USER-1' }, true],
    ['REGEX invalid', constraint({ contextName: 'userId', operator: 'REGEX', value: '(' }), { userId: '(' }, false],
  ])('%s', (_, c, ctx, expected) => {
    expect(holds(c, ctx)).toBe(expected);
    expect(holds({ ...c, inverted: true }, ctx)).toBe(!expected);
  });

  it('falls back to a property of the same name when a standard field is absent', () => {
    expect(holds(constraint({ contextName: 'userId', operator: 'IN', values: ['p'] }), { properties: { userId: 'p' } })).toBe(true);
  });
});

describe('strategies', () => {
  it('turns a feature on with the default strategy, off when the feature is disabled', () => {
    expect(enabled(feature('f'))).toBe(true);
    expect(enabled(feature('f', { enabled: false }))).toBe(false);
    expect(enabled(feature('f', { strategies: [] }))).toBe(true);
  });

  it('needs one strategy whose constraints all hold; unknown strategy types are off', () => {
    const constrained = strategy({ constraints: [constraint({ contextName: 'userId', operator: 'IN', values: ['u1'] }), constraint({ contextName: 'appName', operator: 'IN', values: ['web'] })] });
    expect(enabled(feature('f', { strategies: [constrained] }), context({ userId: 'u1', appName: 'web' }))).toBe(true);
    expect(enabled(feature('f', { strategies: [constrained] }), context({ userId: 'u1' }))).toBe(false);
    expect(enabled(feature('f', { strategies: [strategy({ name: 'myCustomStrategy' })] }))).toBe(false);
    expect(enabled(feature('f', { strategies: [strategy({ name: 'myCustomStrategy' }), strategy()] }))).toBe(true);
  });

  describe('flexibleRollout', () => {
    const rollout = (rolloutPercent: string, stickiness = 'userId', groupId = 'grp') =>
      feature('f', { strategies: [strategy({ name: 'flexibleRollout', parameters: { rollout: rolloutPercent, stickiness, groupId } })] });

    it('is on for everyone at 100 and no one at 0', () => {
      for (let i = 0; i < 200; i++) {
        expect(enabled(rollout('100'), context({ userId: `user-${i}` }))).toBe(true);
        expect(enabled(rollout('0'), context({ userId: `user-${i}` }))).toBe(false);
      }
    });

    it("puts a user in by the normalized hash of groupId:userId (user a in group grp is at 10)", () => {
      expect(normalizedValue('a', 'grp')).toBe(10);
      expect(enabled(rollout('10'), context({ userId: 'a' }))).toBe(true);
      expect(enabled(rollout('9'), context({ userId: 'a' }))).toBe(false);
      // In group "other" user a is at 43.
      expect(enabled(rollout('42', 'userId', 'other'), context({ userId: 'a' }))).toBe(false);
      expect(enabled(rollout('43', 'userId', 'other'), context({ userId: 'a' }))).toBe(true);
    });

    it('uses the feature name when groupId is empty', () => {
      const noGroup = feature('grp', { strategies: [strategy({ name: 'flexibleRollout', parameters: { rollout: '10', stickiness: 'userId', groupId: '' } })] });
      expect(enabled(noGroup, context({ userId: 'a' }))).toBe(true);
    });

    it('rolls out about the share it says', () => {
      let on = 0;
      for (let i = 0; i < 10_000; i++) if (enabled(rollout('50', 'userId', 'half'), context({ userId: `user-${i}` }))) on++;
      expect(on).toBe(4940);
    });

    it('is off without the stickiness field, and with a missing or invalid rollout', () => {
      expect(enabled(rollout('100'), context({ sessionId: 's1' }))).toBe(false);
      expect(enabled(rollout('100', 'sessionId'), context({ sessionId: 's1' }))).toBe(true);
      expect(enabled(rollout('100', 'tenant'), context({ properties: { tenant: 't1' } }))).toBe(true);
      expect(enabled(rollout('abc'), context({ userId: 'a' }))).toBe(false);
      const noRollout = feature('f', { strategies: [strategy({ name: 'flexibleRollout', parameters: { stickiness: 'userId', groupId: 'g' } })] });
      expect(enabled(noRollout, context({ userId: 'a' }))).toBe(false);
    });

    it('with default stickiness uses the user id, then the session id, then a random value', () => {
      // random-value in group grp, user a and session a: compute which side of 10 each lands on.
      const at = (id: string) => normalizedValue(id, 'grp');
      expect(enabled(rollout(String(at('a')), 'default'), context({ userId: 'a', sessionId: 'zzz' }))).toBe(true);
      expect(enabled(rollout(String(at('a') - 1), 'default'), context({ userId: 'a', sessionId: 'zzz' }))).toBe(false);
      expect(enabled(rollout(String(at('a')), 'default'), context({ sessionId: 'a' }))).toBe(true);
      expect(enabled(rollout(String(at('random-value')), 'default'), context())).toBe(true);
      expect(enabled(rollout(String(at('random-value') - 1), 'default'), context())).toBe(false);
    });
  });

  describe('remoteAddress', () => {
    it.each([
      ['10.0.0.0/8', '10.255.1.2', true],
      ['10.0.0.0/8', '11.0.0.1', false],
      ['192.168.1.5', '192.168.1.5', true],
      ['192.168.1.5', '192.168.1.50', false],
      ['10.0.0.0/8', '::ffff:10.1.1.1', true],
      ['2001:db8::/32', '2001:db8::1', true],
      ['2001:db8::/32', '2001:db9::1', false],
      ['2001:db8::/32', '10.0.0.1', false],
      ['10.0.0.0/33', '10.0.0.1', false],
      ['not-an-ip/8', '10.0.0.1', false],
    ])('%s against %s: %s', (range, address, expected) => {
      expect(matchesAddress(range, address)).toBe(expected);
    });

    it('reads the IPs parameter as a comma-separated list and needs a remote address', () => {
      const f = feature('f', { strategies: [strategy({ name: 'remoteAddress', parameters: { IPs: ' 1.2.3.4 ,10.0.0.0/8' } })] });
      expect(enabled(f, context({ remoteAddress: '1.2.3.4' }))).toBe(true);
      expect(enabled(f, context({ remoteAddress: '10.9.9.9' }))).toBe(true);
      expect(enabled(f, context({ remoteAddress: '1.2.3.5' }))).toBe(false);
      expect(enabled(f, context())).toBe(false);
    });
  });

  it('applicationHostname matches the host name, ignoring case', () => {
    const host = (hostNames: string) => feature('f', { strategies: [strategy({ name: 'applicationHostname', parameters: { hostNames } })] });
    expect(enabled(host('other, app-1.EXAMPLE.com'))).toBe(true);
    expect(enabled(host('other'))).toBe(false);
    expect(enabled(host(''))).toBe(false);
  });

  it('needs every segment of the strategy to hold, and a missing segment to be absent', () => {
    const segments: ClientSegment[] = [{ id: 1, name: 'web', constraints: [constraint({ contextName: 'appName', operator: 'IN', values: ['web'] })] }];
    const f = feature('f', { strategies: [strategy({ segments: [1] })] });
    expect(enabled(f, context({ appName: 'web' }), segments)).toBe(true);
    expect(enabled(f, context({ appName: 'ios' }), segments)).toBe(false);
    expect(enabled(feature('f', { strategies: [strategy({ segments: [2] })] }), context({ appName: 'web' }), segments)).toBe(false);
  });
});

describe('variants', () => {
  const variant = (name: string, weight: number, extra: object = {}) => ({ name, weight, weightType: 'variable' as const, stickiness: 'default', ...extra });
  const variantOf = (f: ClientFeature, ctx: EvaluationContext) => evaluator([f]).evaluate(f.name, ctx).variant;

  it('answers the disabled variant when there are none, and the only one when there is one', () => {
    expect(variantOf(feature('f'), context())).toEqual({ name: 'disabled', enabled: false, feature_enabled: true });
    const payload = { type: 'string' as const, value: 'x' };
    expect(variantOf(feature('f', { variants: [variant('only', 1000, { payload })] }), context({ userId: 'u' }))).toEqual({ name: 'only', enabled: true, payload, feature_enabled: true });
    expect(evaluator([feature('f', { enabled: false })]).evaluate('f', context())).toEqual({ enabled: false, variant: { name: 'disabled', enabled: false, feature_enabled: false } });
  });

  it('walks the weights with the hash of featureName:stickiness under the variant seed', () => {
    const f = feature('f', { variants: [variant('a', 500), variant('b', 500)] });
    const counts = { a: 0, b: 0 } as Record<string, number>;
    for (let i = 0; i < 1000; i++) {
      const userId = `user-${i}`;
      const expected = normalizedValue(userId, 'f', 1000, VARIANT_SEED) <= 500 ? 'a' : 'b';
      const got = variantOf(f, context({ userId })).name;
      expect(got).toBe(expected);
      counts[got]++;
    }
    expect(counts.a).toBeGreaterThan(430);
    expect(counts.b).toBeGreaterThan(430);
  });

  it('uses the stickiness of the first variant, and overrides first', () => {
    const f = feature('f', {
      variants: [variant('a', 500, { stickiness: 'tenant' }), variant('b', 500, { overrides: [{ contextName: 'userId', values: ['vip'] }] })],
    });
    const tenant = (id: string) => (normalizedValue(id, 'f', 1000, VARIANT_SEED) <= 500 ? 'a' : 'b');
    expect(variantOf(f, context({ userId: 'x', properties: { tenant: 't1' } })).name).toBe(tenant('t1'));
    expect(variantOf(f, context({ userId: 'y', properties: { tenant: 't2' } })).name).toBe(tenant('t2'));
    expect(variantOf(f, context({ userId: 'vip', properties: { tenant: 't1' } })).name).toBe('b');
  });

  it('prefers the variants of the strategy that turned the feature on, grouped by its groupId', () => {
    const f = feature('f', {
      variants: [variant('feature-level', 1000)],
      strategies: [
        strategy({ id: 's1', constraints: [constraint({ contextName: 'appName', operator: 'IN', values: ['ios'] })], variants: [variant('ios', 1000)] }),
        strategy({ id: 's2', name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: 'g' }, variants: [variant('x', 500), variant('y', 500)] }),
        strategy({ id: 's3' }),
      ],
    });
    expect(variantOf(f, context({ appName: 'ios', userId: 'u' })).name).toBe('ios');
    expect(variantOf(f, context({ userId: 'u' })).name).toBe(normalizedValue('u', 'g', 1000, VARIANT_SEED) <= 500 ? 'x' : 'y');
    const withoutStrategyVariants = feature('f', { variants: [variant('feature-level', 1000)], strategies: [strategy()] });
    expect(variantOf(withoutStrategyVariants, context({ userId: 'u' })).name).toBe('feature-level');
  });

  it('gives no variant when all weights are zero', () => {
    expect(variantOf(feature('f', { variants: [variant('a', 0)] }), context({ userId: 'u' })).name).toBe('disabled');
  });
});

describe('dependencies', () => {
  const parent = feature('parent', { strategies: [strategy({ constraints: [constraint({ contextName: 'userId', operator: 'IN', values: ['u1'] })] })], variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }] });

  it('turns a child on only while its parent is on', () => {
    const child = feature('child', { dependencies: [{ feature: 'parent', enabled: true }] });
    expect(enabled(child, context({ userId: 'u1' }), [], [parent])).toBe(true);
    expect(enabled(child, context({ userId: 'u2' }), [], [parent])).toBe(false);
  });

  it('with enabled false, needs the parent off', () => {
    const child = feature('child', { dependencies: [{ feature: 'parent', enabled: false }] });
    expect(enabled(child, context({ userId: 'u1' }), [], [parent])).toBe(false);
    expect(enabled(child, context({ userId: 'u2' }), [], [parent])).toBe(true);
  });

  it('with variants, needs the parent to give one of them', () => {
    expect(enabled(feature('child', { dependencies: [{ feature: 'parent', enabled: true, variants: ['blue'] }] }), context({ userId: 'u1' }), [], [parent])).toBe(true);
    expect(enabled(feature('child', { dependencies: [{ feature: 'parent', enabled: true, variants: ['red'] }] }), context({ userId: 'u1' }), [], [parent])).toBe(false);
  });

  it('is off when the parent is unknown here or has a parent itself', () => {
    expect(enabled(feature('child', { dependencies: [{ feature: 'missing', enabled: true }] }))).toBe(false);
    const middle = feature('middle', { dependencies: [{ feature: 'parent', enabled: true }] });
    expect(enabled(feature('child', { dependencies: [{ feature: 'middle', enabled: true }] }), context({ userId: 'u1' }), [], [middle, parent])).toBe(false);
  });
});
