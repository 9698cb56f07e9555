import { hostname } from 'node:os';
import { normalizedStrategyValue, normalizedVariantValue } from 'unleash-client/lib/strategy/util.js';
import type { ClientFeature, ClientSegment, ClientStrategy } from '../client-api/client-features.model.js';
import type { Constraint } from '../../core/constraints/constraint.js';
import { type EvaluationContext, FeatureEvaluator } from './evaluate.js';

// The engine is the Node SDK's: these tests pin how the evaluator feeds it (the feature set, the context, the clock)
// and what it makes of the answers; the operators themselves are covered by the client specification suite.

const NOW = new Date('2030-06-01T12:00:00.000Z');

function strategy(partial: Partial<ClientStrategy> = {}): ClientStrategy {
  return {
    id: 's',
    name: 'default',
    constraints: [],
    parameters: {},
    variants: [],
    segments: [],
    sortOrder: 0,
    disabled: false,
    ...partial,
  };
}

function feature(name: string, partial: Partial<ClientFeature> = {}): ClientFeature {
  return {
    name,
    type: 'release',
    description: null,
    project: 'default',
    enabled: true,
    stale: false,
    impressionData: false,
    strategies: [strategy()],
    variants: [],
    ...partial,
  };
}

function context(partial: Partial<EvaluationContext> = {}): EvaluationContext {
  return { properties: {}, ...partial };
}

function constraint(partial: Partial<Constraint> & Pick<Constraint, 'contextName' | 'operator'>): Constraint {
  return { values: [], caseInsensitive: false, inverted: false, ...partial };
}

const evaluator = (features: ClientFeature[], segments: ClientSegment[] = []) =>
  new FeatureEvaluator({ features, segments }, { now: () => NOW });
const enabledFor = (f: ClientFeature, ctx: EvaluationContext) => evaluator([f]).evaluate(f.name, ctx).enabled;
const constrained = (c: Constraint) => feature('f', { strategies: [strategy({ constraints: [c] })] });
const variant = (name: string, weight: number, extra: object = {}) => ({
  name,
  weight,
  weightType: 'variable' as const,
  stickiness: 'default',
  ...extra,
});
const NO_VARIANT = { name: 'disabled', enabled: false, feature_enabled: true };

describe('FeatureEvaluator', () => {
  it('answers the enabled features by name with their variant and impressionData, and nothing for the others', () => {
    const payload = { type: 'json' as const, value: '{"color":"blue"}' };
    const set = [
      feature('always', { impressionData: true }),
      feature('switched-off', { enabled: false }),
      feature('no-strategies', { strategies: [] }),
      feature('for-u1', {
        strategies: [strategy({ constraints: [constraint({ contextName: 'userId', operator: 'IN', values: ['u1'] })] })],
      }),
      feature('blue', { variants: [variant('blue', 1000, { payload })] }),
    ];
    const engine = evaluator(set);
    expect(engine.enabledToggles(context({ userId: 'u1' }))).toEqual([
      { name: 'always', enabled: true, variant: NO_VARIANT, impressionData: true },
      { name: 'no-strategies', enabled: true, variant: NO_VARIANT, impressionData: false },
      { name: 'for-u1', enabled: true, variant: NO_VARIANT, impressionData: false },
      { name: 'blue', enabled: true, variant: { name: 'blue', enabled: true, payload, feature_enabled: true }, impressionData: false },
    ]);
    // The same evaluator serves every context.
    expect(engine.enabledToggles(context({ userId: 'u2' })).map((toggle) => toggle.name)).toEqual(['always', 'no-strategies', 'blue']);
  });

  it('answers a feature as isEnabled and getVariant do, exactly in shape (no payload key without a payload)', () => {
    const engine = evaluator([feature('on'), feature('off', { enabled: false })]);
    expect(engine.evaluate('on', context())).toEqual({ enabled: true, variant: NO_VARIANT });
    expect(Object.keys(engine.evaluate('on', context()).variant)).toEqual(['name', 'enabled', 'feature_enabled']);
    expect(engine.evaluate('off', context())).toEqual({
      enabled: false,
      variant: { name: 'disabled', enabled: false, feature_enabled: false },
    });
    expect(engine.evaluate('unknown', context())).toEqual({
      enabled: false,
      variant: { name: 'disabled', enabled: false, feature_enabled: false },
    });
  });

  it('buckets user ids outside ASCII as the Node SDK does (josé at 50 % in group "rollout" is at 15)', () => {
    // The SDK hashes the JavaScript string, not its UTF-8 bytes (which put josé at 78 in this group).
    expect(normalizedStrategyValue('josé', 'rollout')).toBe(15);
    const rollout = (percent: string) =>
      feature('f', {
        strategies: [strategy({ name: 'flexibleRollout', parameters: { rollout: percent, stickiness: 'userId', groupId: 'rollout' } })],
      });
    expect(enabledFor(rollout('50'), context({ userId: 'josé' }))).toBe(true);
    expect(enabledFor(rollout('15'), context({ userId: 'josé' }))).toBe(true);
    expect(enabledFor(rollout('14'), context({ userId: 'josé' }))).toBe(false);
  });

  it('chooses variants with the SDK hash of groupId:stickiness under the variant seed', () => {
    const f = feature('f', {
      strategies: [
        strategy({
          name: 'flexibleRollout',
          parameters: { rollout: '100', stickiness: 'default', groupId: 'g' },
          variants: [variant('x', 500), variant('y', 500)],
        }),
      ],
    });
    const engine = evaluator([f]);
    for (const userId of ['u', 'josé', 'Łukasz', '用户']) {
      expect(engine.evaluate('f', context({ userId })).variant.name).toBe(normalizedVariantValue(userId, 'g', 1000) <= 500 ? 'x' : 'y');
    }
  });

  it('uses its clock for DATE_ constraints when the context has no currentTime', () => {
    const after2030 = constrained(constraint({ contextName: 'currentTime', operator: 'DATE_AFTER', value: '2030-01-01T00:00:00Z' }));
    expect(enabledFor(after2030, context())).toBe(true);
    expect(enabledFor(after2030, context({ currentTime: '2029-12-31T23:59:59Z' }))).toBe(false);
    expect(
      new FeatureEvaluator({ features: [after2030], segments: [] }, { now: () => new Date('2029-01-01T00:00:00Z') }).evaluate(
        'f',
        context(),
      ).enabled,
    ).toBe(false);
  });

  it.each<[string, Constraint, Partial<EvaluationContext>, boolean]>([
    ['RE2 flags', constraint({ contextName: 'userId', operator: 'REGEX', value: '(?i)^abc$' }), { userId: 'ABC' }, true],
    ['RE2 character classes', constraint({ contextName: 'userId', operator: 'REGEX', value: '^[[:alpha:]]+$' }), { userId: 'abc' }, true],
    [
      'a back-reference RE2 refuses matches nothing',
      constraint({ contextName: 'userId', operator: 'REGEX', value: '^(a)\\1$' }),
      { userId: 'aa' },
      false,
    ],
    [
      'caseInsensitive REGEX',
      constraint({ contextName: 'userId', operator: 'REGEX', value: '^user', caseInsensitive: true }),
      { userId: 'USER-1' },
      true,
    ],
    [
      'IN_CIDR',
      constraint({ contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8', '2001:db8::/32'] }),
      { remoteAddress: '2001:db8::1' },
      true,
    ],
    [
      'IN_CIDR outside',
      constraint({ contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8'] }),
      { remoteAddress: '11.0.0.1' },
      false,
    ],
    [
      'SEMVER with a leading v in the constraint',
      constraint({ contextName: 'version', operator: 'SEMVER_EQ', value: 'v2.0.0' }),
      { properties: { version: '2.0.0' } },
      true,
    ],
    [
      'SEMVER with a leading v in the context',
      constraint({ contextName: 'version', operator: 'SEMVER_EQ', value: '2.0.0' }),
      { properties: { version: 'v2.0.0' } },
      false,
    ],
    [
      'a custom property',
      constraint({ contextName: 'tier', operator: 'STR_STARTS_WITH', values: ['GOLD'], caseInsensitive: true }),
      { properties: { tier: 'gold-plus' } },
      true,
    ],
  ])('evaluates constraints as the SDK does: %s', (_, c, ctx, expected) => {
    expect(enabledFor(constrained(c), context(ctx))).toBe(expected);
  });

  it('needs every segment of a strategy to hold', () => {
    const segments: ClientSegment[] = [
      { id: 1, name: 'web', constraints: [constraint({ contextName: 'appName', operator: 'IN', values: ['web'] })] },
    ];
    const engine = evaluator(
      [feature('f', { strategies: [strategy({ segments: [1] })] }), feature('g', { strategies: [strategy({ segments: [2] })] })],
      segments,
    );
    expect(engine.evaluate('f', context({ appName: 'web' })).enabled).toBe(true);
    expect(engine.evaluate('f', context({ appName: 'ios' })).enabled).toBe(false);
    expect(engine.evaluate('g', context({ appName: 'web' })).enabled).toBe(false);
  });

  it('evaluates the built-in strategies: remoteAddress and applicationHostname', () => {
    const ips = feature('f', { strategies: [strategy({ name: 'remoteAddress', parameters: { IPs: '1.2.3.4, 10.0.0.0/8' } })] });
    expect(enabledFor(ips, context({ remoteAddress: '10.9.9.9' }))).toBe(true);
    expect(enabledFor(ips, context({ remoteAddress: '1.2.3.5' }))).toBe(false);
    const host = feature('f', {
      strategies: [
        strategy({ name: 'applicationHostname', parameters: { hostNames: `other,${(process.env.HOSTNAME || hostname()).toUpperCase()}` } }),
      ],
    });
    expect(enabledFor(host, context())).toBe(true);
  });

  it('turns nothing on with a strategy type it does not implement, and says nothing about it', () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const emitWarning = vi.spyOn(process, 'emitWarning');
    const engine = evaluator([
      feature('custom', { strategies: [strategy({ name: 'myCustomStrategy' })] }),
      feature('custom-then-default', { strategies: [strategy({ name: 'myCustomStrategy' }), strategy()] }),
    ]);
    for (let i = 0; i < 100; i++)
      expect(engine.enabledToggles(context({ userId: `u${i}` })).map((toggle) => toggle.name)).toEqual(['custom-then-default']);
    expect([warn.mock.calls, error.mock.calls, emitWarning.mock.calls]).toEqual([[], [], []]);
    vi.restoreAllMocks();
  });

  it('follows parents: on, off, or with one of the listed variants', () => {
    const parent = feature('parent', {
      strategies: [strategy({ constraints: [constraint({ contextName: 'userId', operator: 'IN', values: ['u1'] })] })],
      variants: [variant('blue', 1000)],
    });
    const engine = evaluator([
      parent,
      feature('needs-on', { dependencies: [{ feature: 'parent', enabled: true }] }),
      feature('needs-off', { dependencies: [{ feature: 'parent', enabled: false }] }),
      feature('needs-blue', { dependencies: [{ feature: 'parent', enabled: true, variants: ['blue'] }] }),
      feature('needs-red', { dependencies: [{ feature: 'parent', enabled: true, variants: ['red'] }] }),
      feature('needs-missing', { dependencies: [{ feature: 'missing', enabled: true }] }),
    ]);
    const names = (userId: string) => engine.enabledToggles(context({ userId })).map((toggle) => toggle.name);
    expect(names('u1')).toEqual(['parent', 'needs-on', 'needs-blue']);
    expect(names('u2')).toEqual(['needs-off']);
  });
});
