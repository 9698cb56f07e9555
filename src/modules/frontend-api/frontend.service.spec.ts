import type { Constraint } from '../../core/constraints/constraint.js';
import { FakeApiTokenReferencesReadModel } from '../../core/testing/api-token-references.fake.js';
import { FakeChangeWatcher } from '../../core/testing/change-watcher.fake.js';
import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { apiTokenPrincipal, userPrincipal } from '../../core/testing/principals.js';
import { SdkScopeResolver, SdkSnapshots } from '../client-api/index.js';
import { strongEtag } from '../../core/http/entity-tag.js';
import { clientFeature, FakeClientFeaturesReadModel } from '../client-api/testing/client-features-read-model.fake.js';
import { FrontendService } from './frontend.service.js';

const FRONTEND_TOKEN = apiTokenPrincipal({ type: 'frontend', environment: 'production', projects: ['default'] });
const AFTER_2024: Constraint = {
  contextName: 'currentTime',
  operator: 'DATE_AFTER',
  value: '2024-01-01T00:00:00.000Z',
  values: [],
  caseInsensitive: false,
  inverted: false,
};

function buildFrontend() {
  const features = new FakeClientFeaturesReadModel();
  const strategy = clientFeature('x').strategies[0];
  features.features = [
    clientFeature('on', { impressionData: true }),
    clientFeature('off', { enabled: false }),
    clientFeature('elsewhere', { project: 'other' }),
    clientFeature('since-2024', { strategies: [{ ...strategy, constraints: [AFTER_2024] }] }),
  ];
  const clock = new FixedClock(new Date('2023-06-01T00:00:00.000Z'));
  const snapshots = new SdkSnapshots(features, new FakeChangeWatcher(), testConfig());
  const service = new FrontendService(new SdkScopeResolver(new FakeApiTokenReferencesReadModel()), snapshots, clock);
  return { service, snapshots, features, clock };
}

describe('FrontendService', () => {
  it("answers the token's enabled features for the context, with a strong ETag of the answer's bytes", async () => {
    const { service } = buildFrontend();
    const answer = await service.answer(FRONTEND_TOKEN, undefined, { properties: {} });
    expect(JSON.parse(answer.body.toString())).toEqual({
      toggles: [{ name: 'on', enabled: true, variant: { name: 'disabled', enabled: false, feature_enabled: true }, impressionData: true }],
    });
    expect(answer.etag).toBe(strongEtag(answer.body));
  });

  it('keeps a token to its own environment and projects, and lets an admin user choose an existing environment', async () => {
    const { service, features } = buildFrontend();
    await service.answer(FRONTEND_TOKEN, 'development', { properties: {} });
    const admin = userPrincipal(1);
    const everything = await service.answer(admin, 'development', { properties: {} });
    expect(JSON.parse(everything.body.toString()).toggles.map((toggle: { name: string }) => toggle.name)).toEqual(['on', 'elsewhere']);
    expect(features.loads).toEqual([
      { environment: 'production', projects: ['default'] },
      { environment: 'development', projects: 'all' },
    ]);
    expect((await failure(service.answer(admin, 'qa', { properties: {} }))).details).toEqual([
      {
        path: '/query/environment',
        message: 'The `/query/environment` property must name an existing environment. There is no environment named "qa".',
      },
    ]);
  });

  it("evaluates time constraints at its clock's time unless the context names one", async () => {
    const { service, clock } = buildFrontend();
    const names = async (currentTime?: string) =>
      JSON.parse((await service.answer(FRONTEND_TOKEN, undefined, { properties: {}, currentTime })).body.toString()).toggles.map(
        (toggle: { name: string }) => toggle.name,
      );
    expect(await names()).toEqual(['on']);
    expect(await names('2025-01-01T00:00:00.000Z')).toEqual(['on', 'since-2024']);
    clock.advance(365 * 24 * 3_600_000);
    expect(await names()).toEqual(['on', 'since-2024']);
  });

  it('builds one evaluator per snapshot', async () => {
    const { service, snapshots } = buildFrontend();
    const snapshot = await snapshots.snapshot({ environment: 'production', projects: ['default'] });
    expect(service.evaluatorOf(snapshot)).toBe(service.evaluatorOf(snapshot));
    expect(service.evaluatorOf(snapshot).evaluate('on', { properties: {} }).enabled).toBe(true);
  });
});
