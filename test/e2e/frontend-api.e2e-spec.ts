import { hostname } from 'node:os';
import { seedConfiguredFeature, seedDependency, seedProject, seedSegment, seedStrategy } from '../helpers/seeds.js';
import { ADMIN_TOKEN, adminUserToken, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_VARIANT = { name: 'disabled', enabled: false, feature_enabled: true };
const on = (name: string, variant: object = NO_VARIANT, impressionData = false) => ({ name, enabled: true, variant, impressionData });

describe('frontend API: GET /api/frontend', () => {
  let t: TestApp;
  const toggles = (query = '', token = FRONTEND_TOKEN) => t.http().get(`/api/frontend${query}`).set('Authorization', token);
  const names = (body: { toggles: { name: string }[] }) => body.toggles.map((toggle) => toggle.name);

  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'other');
    const dev = (enabled = true, variants: object[] = []) => ({ development: { enabled, variants } });

    await seedConfiguredFeature(t, { name: 'always', impressionData: true, environments: dev() });
    await seedStrategy(t, { feature: 'always' });
    await seedConfiguredFeature(t, { name: 'switched-off', environments: dev(false) });
    await seedStrategy(t, { feature: 'switched-off' });
    await seedConfiguredFeature(t, { name: 'archived', archived: true, environments: dev() });
    await seedStrategy(t, { feature: 'archived' });
    await seedConfiguredFeature(t, { name: 'no-strategies', environments: dev() });

    await seedConfiguredFeature(t, { name: 'rollout-all', environments: dev() });
    await seedStrategy(t, {
      feature: 'rollout-all',
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'userId', groupId: 'rollout-all' },
    });
    await seedConfiguredFeature(t, { name: 'rollout-none', environments: dev() });
    await seedStrategy(t, {
      feature: 'rollout-none',
      name: 'flexibleRollout',
      parameters: { rollout: '0', stickiness: 'default', groupId: 'rollout-none' },
    });

    await seedConfiguredFeature(t, { name: 'for-u1', environments: dev() });
    await seedStrategy(t, { feature: 'for-u1', constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }] });
    await seedConfiguredFeature(t, { name: 'not-for-u1', environments: dev() });
    await seedStrategy(t, {
      feature: 'not-for-u1',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'], inverted: true }],
    });
    await seedConfiguredFeature(t, { name: 'gold-tier', environments: dev() });
    await seedStrategy(t, {
      feature: 'gold-tier',
      constraints: [{ contextName: 'tier', operator: 'STR_STARTS_WITH', values: ['GOLD'], caseInsensitive: true }],
    });

    await seedConfiguredFeature(t, { name: 'office-ips', environments: dev() });
    await seedStrategy(t, { feature: 'office-ips', name: 'remoteAddress', parameters: { IPs: '10.0.0.0/8, 192.168.1.5' } });
    await seedConfiguredFeature(t, { name: 'this-host', environments: dev() });
    await seedStrategy(t, {
      feature: 'this-host',
      name: 'applicationHostname',
      parameters: { hostNames: `elsewhere,${(process.env.HOSTNAME || hostname()).toUpperCase()}` },
    });

    const web = await seedSegment(t, 'web-apps', null, [{ contextName: 'appName', operator: 'IN', values: ['web'] }]);
    await seedConfiguredFeature(t, { name: 'web-only', environments: dev() });
    await seedStrategy(t, { feature: 'web-only', segments: [web] });

    const blue = {
      name: 'blue',
      weight: 1000,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'json', value: '{"color":"blue"}' },
    };
    await seedConfiguredFeature(t, { name: 'feature-variant', environments: dev(true, [blue]) });
    await seedStrategy(t, { feature: 'feature-variant' });
    await seedConfiguredFeature(t, { name: 'strategy-variant', environments: dev(true, [blue]) });
    await seedStrategy(t, {
      feature: 'strategy-variant',
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: 'strategy-variant' },
      variants: [{ name: 'red', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    });

    await seedConfiguredFeature(t, { name: 'child-of-u1', environments: dev() });
    await seedStrategy(t, { feature: 'child-of-u1' });
    await seedDependency(t, 'child-of-u1', 'for-u1');

    await seedConfiguredFeature(t, {
      name: 'in-production',
      environments: { development: { enabled: false }, production: { enabled: true } },
    });
    await seedStrategy(t, { feature: 'in-production', environment: 'production' });

    await seedConfiguredFeature(t, { name: 'other-project', project: 'other', environments: dev() });
    await seedStrategy(t, { feature: 'other-project', project: 'other' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the features enabled for a rich context, each with its variant', async () => {
    const res = await toggles('?userId=u1&appName=web&remoteAddress=10.1.2.3&properties[tier]=gold-plus').expect(200);
    expect(res.body).toEqual({
      toggles: [
        on('always', NO_VARIANT, true),
        on('child-of-u1'),
        on('feature-variant', { name: 'blue', enabled: true, payload: { type: 'json', value: '{"color":"blue"}' }, feature_enabled: true }),
        on('for-u1'),
        on('gold-tier'),
        on('no-strategies'),
        on('office-ips'),
        on('rollout-all'),
        on('strategy-variant', { name: 'red', enabled: true, feature_enabled: true }),
        on('this-host'),
        on('web-only'),
      ],
    });
  });

  it('answers fewer features for an empty context', async () => {
    // Without a remoteAddress parameter the caller's address (loopback here) is the context's.
    const res = await toggles().expect(200);
    expect(names(res.body)).toEqual(['always', 'feature-variant', 'no-strategies', 'not-for-u1', 'strategy-variant', 'this-host']);
  });

  it('reads custom properties from properties[name] and from plain parameters', async () => {
    expect(names((await toggles('?tier=GOLDEN').expect(200)).body)).toContain('gold-tier');
    expect(names((await toggles('?properties%5Btier%5D=gold').expect(200)).body)).toContain('gold-tier');
    expect(names((await toggles('?tier=silver').expect(200)).body)).not.toContain('gold-tier');
  });

  it('matches single addresses and CIDR ranges', async () => {
    expect(names((await toggles('?remoteAddress=192.168.1.5').expect(200)).body)).toContain('office-ips');
    expect(names((await toggles('?remoteAddress=192.168.1.6').expect(200)).body)).not.toContain('office-ips');
    expect(names((await toggles('?remoteAddress=11.0.0.1').expect(200)).body)).not.toContain('office-ips');
  });

  it('gives a user the same answer every time', async () => {
    const first = await toggles('?userId=steady&appName=web').expect(200);
    for (let i = 0; i < 3; i++) expect((await toggles('?userId=steady&appName=web').expect(200)).body).toEqual(first.body);
  });

  it("evaluates a frontend token's own environment and projects only", async () => {
    const production = (
      await t
        .http()
        .post('/api/admin/api-tokens')
        .set('Authorization', ADMIN_TOKEN)
        .send({ tokenName: 'fe-prod', type: 'frontend', environment: 'production' })
        .expect(201)
    ).body.secret;
    const res = await toggles('?environment=development', production).expect(200);
    expect(res.body).toEqual({ toggles: [on('in-production')] });

    const other = (
      await t
        .http()
        .post('/api/admin/api-tokens')
        .set('Authorization', ADMIN_TOKEN)
        .send({ tokenName: 'fe-other', type: 'frontend', environment: 'development', project: 'other' })
        .expect(201)
    ).body.secret;
    expect((await toggles('', other).expect(200)).body).toEqual({ toggles: [on('other-project')] });
  });

  it('lets an admin user choose the environment; admin API tokens are refused', async () => {
    const admin = await adminUserToken(t);
    await toggles('', ADMIN_TOKEN).expect(403);
    expect(names((await toggles('', admin).expect(200)).body)).toContain('other-project');
    expect((await toggles('?environment=production', admin).expect(200)).body).toEqual({ toggles: [on('in-production')] });
    const unknown = await toggles('?environment=staging', admin).expect(400);
    expect(unknown.body.details).toEqual([{ path: '/query/environment', message: expect.stringContaining('"staging"') }]);
  });

  it('answers 401 without a token and 403 to a client token', async () => {
    await t.http().get('/api/frontend').expect(401);
    const res = await toggles('', CLIENT_TOKEN).expect(403);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NoAccessError',
      message: expect.stringContaining('expected a different token type'),
    });
  });
});
