import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const FEATURE = '/api/admin/projects/default/features/checkout';

/**
 * A feature's ETag versions its settings, for `If-Match` (see featureEtag), while its GET shows its environments and
 * strategies too: a browser revalidating its cached copy with `If-None-Match` must get the changed body, not a 304
 * (the console showed a strategy as it was before it was changed).
 */
describe('a conditional GET of a feature', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.http().post('/api/admin/projects/default/features').set('Authorization', ADMIN_TOKEN).send({ name: 'checkout' }).expect(201);
  });
  afterAll(() => t.close());

  it('answers the current feature, strategies included, when only its strategies or environments changed', async () => {
    const first = await t.http().get(FEATURE).set('Authorization', ADMIN_TOKEN).expect(200);
    await t
      .http()
      .post(`${FEATURE}/environments/development/strategies`)
      .set('Authorization', ADMIN_TOKEN)
      .send({ name: 'flexibleRollout', parameters: { rollout: '25', stickiness: 'default', groupId: 'checkout' } })
      .expect(200);
    const again = await t.http().get(FEATURE).set('Authorization', ADMIN_TOKEN).set('If-None-Match', first.headers.etag).expect(200);
    const development = again.body.environments.find((env: { name: string }) => env.name === 'development');
    expect(development.strategies.map((strategy: { parameters: object }) => strategy.parameters)).toEqual([
      { rollout: '25', stickiness: 'default', groupId: 'checkout' },
    ]);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('no-cache');
  });
});
