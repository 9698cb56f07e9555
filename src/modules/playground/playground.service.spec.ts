import { FakeApiTokenReferencesReadModel } from '../../core/testing/api-token-references.fake.js';
import { FakeChangeWatcher } from '../../core/testing/change-watcher.fake.js';
import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { SdkScopeResolver, SdkSnapshots } from '../client-api/index.js';
import { clientFeature, FakeClientFeaturesReadModel } from '../client-api/testing/client-features-read-model.fake.js';
import { FrontendService } from '../frontend-api/index.js';
import { PlaygroundService } from './playground.service.js';

const IN_NORWAY = { contextName: 'country', operator: 'IN' as const, values: ['NO'], caseInsensitive: false, inverted: false };

function buildPlayground(limit = 100) {
  const features = new FakeClientFeaturesReadModel();
  const base = clientFeature('x').strategies[0];
  features.knownSegments = [{ id: 7, name: 'staff', constraints: [{ ...IN_NORWAY, contextName: 'userId', values: ['ann'] }] }];
  features.features = [
    clientFeature('norway', { strategies: [{ ...base, id: 'n-1', constraints: [IN_NORWAY] }] }),
    clientFeature('staff', { strategies: [{ ...base, id: 's-1', segments: [7] }] }),
    clientFeature('custom', { strategies: [{ ...base, id: 'c-1', name: 'my-custom' }] }),
    clientFeature('hostname', { strategies: [{ ...base, id: 'h-1', name: 'applicationHostname', parameters: { hostNames: 'anything' } }] }),
    clientFeature('elsewhere', { project: 'other' }),
  ];
  const config = testConfig({ playgroundEvaluationLimit: limit });
  const snapshots = new SdkSnapshots(features, new FakeChangeWatcher(), config);
  const frontend = new FrontendService(new SdkScopeResolver(new FakeApiTokenReferencesReadModel()), snapshots, new FixedClock(new Date()));
  return { service: new PlaygroundService(snapshots, frontend, config), features };
}

describe('PlaygroundService', () => {
  it("evaluates the projects' flags, each strategy with its constraints' and segments' own results", async () => {
    const { service, features } = buildPlayground();
    const result = await service.evaluate({ environment: 'production', projects: ['default'], context: { appName: 'a', country: 'NO' } });
    expect(features.loads).toEqual([{ environment: 'production', projects: ['default'] }]);
    const byName = new Map(result.features.map((feature) => [feature.name, feature]));
    expect([...byName.keys()]).toEqual(['norway', 'staff', 'custom', 'hostname']);
    expect(byName.get('norway')).toMatchObject({
      isEnabled: true,
      strategies: { result: true, data: [{ result: { evaluationStatus: 'complete', enabled: true }, constraints: [{ result: true }] }] },
    });
    expect(byName.get('staff')).toMatchObject({
      isEnabled: false,
      strategies: { result: false, data: [{ segments: [{ id: 7, name: 'staff', result: false, constraints: [{ result: false }] }] }] },
    });
    for (const undecidable of ['custom', 'hostname'])
      expect(byName.get(undecidable)).toMatchObject({
        isEnabled: false,
        strategies: { result: 'unknown', data: [{ result: { evaluationStatus: 'incomplete', enabled: 'unknown' } }] },
      });
  });

  it('evaluates every combination of comma-separated values in each environment, grouped by flag and environment', async () => {
    const { service } = buildPlayground();
    const result = await service.evaluateAdvanced({
      environments: ['development', 'production'],
      projects: '*',
      context: { appName: 'a', properties: { country: 'NO,SE' } },
    });
    const norway = result.features.find((feature) => feature.name === 'norway');
    expect(Object.keys(norway?.environments ?? {})).toEqual(['development', 'production']);
    expect(norway?.environments.production.map((entry) => [entry.context, entry.isEnabled])).toEqual([
      [{ country: 'NO', appName: 'a' }, true],
      [{ country: 'SE', appName: 'a' }, false],
    ]);
    expect(result.features).toHaveLength(5);
  });

  it('refuses more evaluations than the limit before evaluating any', async () => {
    const { service } = buildPlayground(19);
    const refused = await failure(
      service.evaluateAdvanced({ environments: ['development', 'production'], context: { appName: 'a', userId: 'x,y' } }),
    );
    expect(refused.message).toBe(
      'Rejecting evaluation as it would generate 20 combinations exceeding 19 limit. Please reduce the number of selected environments (2), features (5), context field combinations (2).',
    );
  });
});
