import { Logger } from '@nestjs/common';
import type { Constraint } from '../../core/constraints/constraint.js';
import { FakeApiTokenReferencesReadModel } from '../../core/testing/api-token-references.fake.js';
import { FakeChangeWatcher } from '../../core/testing/change-watcher.fake.js';
import { testConfig } from '../../core/testing/config.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { SdkScopeResolver, SdkSnapshots } from '../client-api/index.js';
import { SDK_GENERATION } from '../client-api/sdk-snapshots.service.js';
import { clientFeature, FakeClientFeaturesReadModel } from '../client-api/testing/client-features-read-model.fake.js';
import { FrontendService } from '../frontend-api/index.js';
import { FeatureFlags } from './feature-flags.service.js';

const USER_42: Constraint = { contextName: 'userId', operator: 'IN', values: ['42'], caseInsensitive: false, inverted: false };
const OFF = { name: 'disabled', enabled: false, feature_enabled: false };

function buildFlags(sdk: { inProcessEvaluation?: boolean } = {}) {
  const features = new FakeClientFeaturesReadModel();
  const strategy = clientFeature('x').strategies[0];
  features.features = [
    clientFeature('on', { project: 'other' }),
    clientFeature('for-42', { strategies: [{ ...strategy, constraints: [USER_42] }] }),
    clientFeature('with-variant', {
      variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'b' } }],
    }),
  ];
  const watcher = new FakeChangeWatcher();
  const config = testConfig({ sdk: { evaluationEnvironment: 'production', ...sdk } });
  const snapshots = new SdkSnapshots(features, watcher, config);
  snapshots.onModuleInit();
  const clock = new FixedClock();
  const frontend = new FrontendService(new SdkScopeResolver(new FakeApiTokenReferencesReadModel()), snapshots, clock);
  return { flags: new FeatureFlags(snapshots, frontend, watcher, config), features, watcher };
}

describe('FeatureFlags', () => {
  it('answers every flag off until the application has started', () => {
    const { flags, features } = buildFlags();
    expect(flags.isEnabled('on')).toBe(false);
    expect(flags.getVariant('with-variant')).toEqual(OFF);
    expect(features.loads).toEqual([]);
  });

  it('evaluates in the configured environment across every project, with the context given', async () => {
    const { flags, features } = buildFlags();
    await flags.onApplicationBootstrap();
    expect(features.loads).toEqual([{ environment: 'production', projects: 'all' }]);
    expect(flags.isEnabled('on')).toBe(true);
    expect(flags.isEnabled('for-42')).toBe(false);
    expect(flags.isEnabled('for-42', { userId: '42' })).toBe(true);
    expect(flags.isEnabled('unknown')).toBe(false);
    expect(flags.getVariant('with-variant')).toEqual({
      name: 'blue',
      enabled: true,
      feature_enabled: true,
      payload: { type: 'string', value: 'b' },
    });
    flags.onModuleDestroy();
  });

  it('stays off, and loads nothing, when in-process evaluation is switched off', async () => {
    const { flags, features } = buildFlags({ inProcessEvaluation: false });
    await flags.onApplicationBootstrap();
    expect(flags.isEnabled('on')).toBe(false);
    expect(features.loads).toEqual([]);
  });

  it('sees a change as soon as it is seen and tells every listener, even after one fails, until they stop', async () => {
    const { flags, features, watcher } = buildFlags();
    await flags.onApplicationBootstrap();
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const heard: string[] = [];
    flags.onChange(() => {
      throw new Error('a failing listener');
    });
    const stop = flags.onChange(() => heard.push(`on is ${flags.isEnabled('on')}`));

    features.features = [clientFeature('on', { enabled: false })];
    watcher.move(SDK_GENERATION);
    await vi.waitFor(() => expect(heard).toEqual(['on is false']));
    expect(logged).toHaveBeenCalledWith('A flag change listener failed: Error: a failing listener');

    stop();
    features.features = [clientFeature('on')];
    watcher.move(SDK_GENERATION);
    await vi.waitFor(() => expect(flags.isEnabled('on')).toBe(true));
    expect(heard).toEqual(['on is false']);
    flags.onModuleDestroy();
    logged.mockRestore();
  });

  it('stops following changes when the module stops', async () => {
    const { flags, features, watcher } = buildFlags();
    await flags.onApplicationBootstrap();
    flags.onModuleDestroy();
    features.features = [];
    watcher.move(SDK_GENERATION);
    await new Promise((resolve) => setImmediate(resolve));
    expect(features.loads).toHaveLength(1);
    expect(flags.isEnabled('on')).toBe(true);
  });
});
