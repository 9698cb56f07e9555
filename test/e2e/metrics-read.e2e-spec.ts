import { adminUserToken, CLIENT_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { eventsOf } from '../helpers/events.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';

const HOUR = 3_600_000;

describe('metrics read side: feature metrics, applications, instances, outdated SDKs', () => {
  let t: TestApp;
  let viewer: { id: number; cookie: string };
  let currentHour: number;
  /** An admin user's personal access token: SDK routes take it, and it names the environment it reports for. */
  let sdkCredentials: string;
  const iso = (ms: number) => new Date(ms).toISOString();

  const get = (path: string) => t.http().get(path).set('Cookie', viewer.cookie);
  const report = (appName: string, environment: string, start: number, toggles: Record<string, unknown>, instanceId = `${appName}-1`) =>
    t
      .http()
      .post('/api/client/metrics')
      .set('Authorization', sdkCredentials)
      .send({ appName, instanceId, environment, bucket: { start: iso(start), stop: iso(start + 60_000), toggles } })
      .expect(202);
  const register = (appName: string, instanceId: string, sdkVersion: string, environment = 'development', strategies = ['default']) =>
    t
      .http()
      .post('/api/client/register')
      .set('Authorization', sdkCredentials)
      .send({ appName, instanceId, sdkVersion, environment, strategies, started: iso(Date.now()), interval: 10_000 })
      .expect(202);

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await userWithRole(t, 'metrics-viewer');
    sdkCredentials = await adminUserToken(t);
    await createProject(t, 'shop');
    await createFeature(t, 'shop', 'checkout');
    await createFeature(t, 'default', 'banner');
    currentHour = Math.floor(t.clock.now().getTime() / HOUR) * HOUR;
    await report('web', 'development', currentHour - 2 * HOUR + 60_000, { checkout: { yes: 3, no: 1, variants: { blue: 2, red: 1 } } });
    await report('web', 'development', currentHour + 60_000, { checkout: { yes: 5, no: 0 }, banner: { yes: 1, no: 1 } });
    await report('api', 'production', currentHour + 60_000, { checkout: { yes: 0, no: 7 } });
    await register('web', 'web-1', 'unleash-client-node:5.0.0', 'development', ['default', 'myCustom']);
    await register('web', 'web-2', 'unleash-client-node:6.1.0');
    await register('api', 'api-1', 'unleash-client-java:11.0.0', 'production');
  });
  afterAll(() => t.close());

  it('answers a feature’s hourly series per environment and application, zeros where nothing was counted', async () => {
    const res = await get('/api/admin/client-metrics/features/checkout/raw?hoursBack=3').expect(200);
    const entry = (environment: string, appName: string, hour: number, yes: number, no: number, variants = {}) => ({
      featureName: 'checkout',
      appName,
      environment,
      timestamp: iso(hour),
      yes,
      no,
      variants,
    });
    expect(res.body).toEqual({
      version: 1,
      maturity: 'stable',
      data: [
        entry('development', 'web', currentHour - 2 * HOUR, 3, 1, { blue: 2, red: 1 }),
        entry('production', 'api', currentHour - 2 * HOUR, 0, 0),
        entry('development', 'web', currentHour - HOUR, 0, 0),
        entry('production', 'api', currentHour - HOUR, 0, 0),
        entry('development', 'web', currentHour, 5, 0),
        entry('production', 'api', currentHour, 0, 7),
      ],
    });
    // 24 hours by default; the whole retention (48 hours) at most.
    expect((await get('/api/admin/client-metrics/features/checkout/raw').expect(200)).body.data).toHaveLength(48);
    expect((await get('/api/admin/client-metrics/features/checkout/raw?hoursBack=48').expect(200)).body.data).toHaveLength(96);
    expect((await get('/api/admin/client-metrics/features/unknown/raw').expect(200)).body).toEqual({
      version: 1,
      maturity: 'stable',
      data: [],
    });
  });

  it('refuses a series longer than the retention, or not a whole number of hours', async () => {
    const tooLong = await get('/api/admin/client-metrics/features/checkout/raw?hoursBack=49').expect(400);
    const message = 'The `/query/hoursBack` property must be a whole number from 1 to 48, the hours metrics are kept. You sent "49".';
    expect(tooLong.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'ValidationError',
      message,
      details: [{ path: '/query/hoursBack', message }],
    });
    const zero = await get('/api/admin/client-metrics/features/checkout/raw?hoursBack=0').expect(400);
    expect(zero.body.details).toEqual([
      {
        path: '/query/hoursBack',
        message: 'The `/query/hoursBack` property must be a whole number from 1 to the hours metrics are kept. You sent "0".',
      },
    ]);
  });

  it('answers a feature’s last hour per environment and the applications that reported it', async () => {
    expect((await get('/api/admin/client-metrics/features/checkout').expect(200)).body).toEqual({
      version: 1,
      maturity: 'stable',
      featureName: 'checkout',
      lastHourUsage: [
        { environment: 'development', timestamp: iso(currentHour), yes: 5, no: 0 },
        { environment: 'production', timestamp: iso(currentHour), yes: 0, no: 7 },
      ],
      seenApplications: ['api', 'web'],
    });
  });

  it('lists applications with their SDK, strategies and where their features were evaluated', async () => {
    const web = {
      appName: 'web',
      sdkVersion: 'unleash-client-node:6.1.0',
      strategies: ['default'],
      usage: [
        { project: 'default', environments: ['development'] },
        { project: 'shop', environments: ['development'] },
      ],
    };
    const api = {
      appName: 'api',
      sdkVersion: 'unleash-client-java:11.0.0',
      strategies: ['default'],
      usage: [{ project: 'shop', environments: ['production'] }],
    };
    expect((await get('/api/admin/metrics/applications').expect(200)).body).toEqual({ total: 2, applications: [api, web] });
    expect((await get('/api/admin/metrics/applications?sortOrder=desc&limit=1').expect(200)).body).toEqual({
      total: 2,
      applications: [web],
    });
    expect((await get('/api/admin/metrics/applications?query=WE').expect(200)).body).toEqual({ total: 1, applications: [web] });
    expect((await get('/api/admin/metrics/applications/web').expect(200)).body).toEqual(web);
    const missing = await get('/api/admin/metrics/applications/ghost').expect(404);
    expect(missing.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find appName=ghost' });
    const invalid = await get('/api/admin/metrics/applications?limit=1001&sortBy=name').expect(400);
    expect(invalid.body.details).toEqual([
      { path: '/query/limit', message: 'The `/query/limit` property must be a whole number from 1 to 1000. You sent "1001".' },
      {
        path: '/query/sortBy',
        message: 'The `/query/sortBy` property must be equal to one of the allowed values: "appName". You sent "name".',
      },
    ]);
  });

  it('answers an application’s overview: environments, instances, SDKs and issues', async () => {
    const res = await get('/api/admin/metrics/applications/web/overview').expect(200);
    expect(res.body).toEqual({
      projects: ['default', 'shop'],
      featureCount: 2,
      environments: [
        {
          name: 'development',
          instanceCount: 2,
          sdks: ['unleash-client-node:5.0.0', 'unleash-client-node:6.1.0'],
          frontendSdks: [],
          backendSdks: ['unleash-client-node:5.0.0', 'unleash-client-node:6.1.0'],
          lastSeen: expect.any(String),
          issues: { missingFeatures: [], outdatedSdks: ['unleash-client-node:5.0.0'] },
        },
      ],
      issues: { missingStrategies: [] },
    });
    await get('/api/admin/metrics/applications/ghost/overview').expect(404);
  });

  it('names the strategies an application registered that the service does not know', async () => {
    await register('legacy', 'legacy-1', 'unleash-client-node:6.6.0', 'development', ['default', 'myCustom']);
    const res = await get('/api/admin/metrics/applications/legacy/overview').expect(200);
    expect(res.body.issues).toEqual({ missingStrategies: ['myCustom'] });
    expect(res.body.featureCount).toBe(0);
  });

  it('lists the instances of an application in an environment, most recently seen first', async () => {
    const res = await get('/api/admin/metrics/instances/web/environment/development').expect(200);
    expect(res.body).toEqual({
      instances: [
        { instanceId: 'web-2', sdkVersion: 'unleash-client-node:6.1.0', clientIp: expect.any(String), lastSeen: expect.any(String) },
        { instanceId: 'web-1', sdkVersion: 'unleash-client-node:5.0.0', clientIp: expect.any(String), lastSeen: expect.any(String) },
      ],
    });
    expect(new Date(res.body.instances[0].lastSeen) >= new Date(res.body.instances[1].lastSeen)).toBe(true);
    expect((await get('/api/admin/metrics/instances/web/environment/production').expect(200)).body).toEqual({ instances: [] });
  });

  it('lists outdated SDK versions with the applications using them', async () => {
    expect((await get('/api/admin/metrics/sdks/outdated').expect(200)).body).toEqual({
      sdks: [{ sdkVersion: 'unleash-client-node:5.0.0', applications: ['web'] }],
    });
  });

  it("lists a project's applications with environments, instances and SDKs, paged and searchable, and its outdated SDKs", async () => {
    const web = {
      name: 'web',
      environments: ['development'],
      instances: ['web-1', 'web-2'],
      sdks: [{ name: 'unleash-client-node', versions: ['5.0.0', '6.1.0'] }],
    };
    const api = {
      name: 'api',
      environments: ['production'],
      instances: ['api-1'],
      sdks: [{ name: 'unleash-client-java', versions: ['11.0.0'] }],
    };
    const list = (path: string) => get(`/api/admin/projects/${path}`).expect(200);
    expect((await list('shop/applications')).body).toEqual({ total: 2, applications: [api, web] });
    expect((await list('default/applications')).body).toEqual({ total: 1, applications: [web] });
    expect((await list('shop/applications?sortOrder=desc&limit=1')).body).toEqual({ total: 2, applications: [web] });
    expect((await list('shop/applications?offset=1')).body).toEqual({ total: 2, applications: [web] });
    expect((await list('shop/applications?query=6.1,JAVA')).body).toEqual({
      total: 2,
      applications: [api, { ...web, instances: ['web-2'], sdks: [{ name: 'unleash-client-node', versions: ['6.1.0'] }] }],
    });
    expect((await list('shop/applications?query=nothing')).body).toEqual({ total: 0, applications: [] });
    await createProject(t, 'quiet');
    expect((await list('quiet/applications')).body).toEqual({ total: 0, applications: [] });

    expect((await list('shop/sdks/outdated')).body).toEqual({ sdks: [{ sdkVersion: 'unleash-client-node:5.0.0', applications: ['web'] }] });
    expect((await list('quiet/sdks/outdated')).body).toEqual({ sdks: [] });

    const invalid = await get('/api/admin/projects/shop/applications?limit=101&sortOrder=up').expect(400);
    expect(invalid.body.details).toEqual([
      { path: '/query/limit', message: 'The `/query/limit` property must be a whole number from 1 to 100. You sent "101".' },
      {
        path: '/query/sortOrder',
        message: 'The `/query/sortOrder` property must be equal to one of the allowed values: "asc", "desc". You sent "up".',
      },
    ]);
    for (const path of ['nope/applications', 'nope/sdks/outdated']) {
      const missing = await get(`/api/admin/projects/${path}`).expect(404);
      expect(missing.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find project nope' });
      await t
        .http()
        .get(`/api/admin/projects/shop/${path.split('/').slice(1).join('/')}`)
        .expect(401);
      await t
        .http()
        .get(`/api/admin/projects/shop/${path.split('/').slice(1).join('/')}`)
        .set('Authorization', CLIENT_TOKEN)
        .expect(403);
    }
  });

  it('creates an application (202, application-created once), changes the fields given, and deletes it with its instances (200)', async () => {
    const url = '/api/admin/metrics/applications/mobile';
    await admin(t)
      .post(url, { strategies: ['default', 'ios'], url: 'https://example.com/mobile', color: 'red', icon: 'phone', extra: 1 })
      .expect(202);
    const created = {
      appName: 'mobile',
      strategies: ['default', 'ios'],
      url: 'https://example.com/mobile',
      color: 'red',
      icon: 'phone',
      usage: [],
    };
    expect((await get(url).expect(200)).body).toEqual(created);
    expect((await get('/api/admin/metrics/applications?query=mobile').expect(200)).body).toEqual({ total: 1, applications: [created] });
    const announced = await eventsOf(t, { type: 'application-created' });
    expect(announced).toEqual([
      expect.objectContaining({
        createdBy: 'init-admin-token',
        project: null,
        featureName: null,
        data: { appName: 'mobile', strategies: ['default', 'ios'], url: 'https://example.com/mobile', color: 'red', icon: 'phone' },
        preData: null,
      }),
    ]);

    await admin(t).post(url, { color: 'blue' }).expect(202);
    expect((await get(url).expect(200)).body).toEqual({ ...created, color: 'blue' });
    await admin(t).post('/api/admin/metrics/applications/web', { url: 'https://example.com/web' }).expect(202);
    expect((await get('/api/admin/metrics/applications/web').expect(200)).body).toMatchObject({
      strategies: ['default'],
      url: 'https://example.com/web',
    });
    expect(await eventsOf(t, { type: 'application-created' })).toHaveLength(1);

    const bad = await admin(t).post(url, { strategies: 'default', url: 3 }).expect(400);
    expect(bad.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/body/strategies', '/body/url']);

    await admin(t).delete(url).expect(200);
    await get(url).expect(404);
    await admin(t).delete(url).expect(200);
    await register('gone', 'gone-1', 'unleash-client-node:6.1.0');
    await admin(t).delete('/api/admin/metrics/applications/gone').expect(200);
    expect((await get('/api/admin/metrics/instances/gone/environment/development').expect(200)).body).toEqual({ instances: [] });
    await get('/api/admin/metrics/applications/gone').expect(404);
    expect(await eventsOf(t, { type: 'application-created' })).toHaveLength(1);

    await t.http().post(url).send({}).expect(401);
    await t.http().delete(url).expect(401);
    for (const [method, body] of [
      ['post', {}],
      ['delete', undefined],
    ] as const) {
      const refused = await t.http()[method](url).set('Cookie', viewer.cookie).send(body).expect(403);
      expect(refused.body.message).toContain('"UPDATE_APPLICATION" permission');
    }
  });

  it('answers 401 without credentials and 403 to SDK tokens', async () => {
    for (const path of [
      '/api/admin/client-metrics/features/checkout',
      '/api/admin/metrics/applications',
      '/api/admin/metrics/sdks/outdated',
    ]) {
      await t.http().get(path).expect(401);
      const sdk = await t.http().get(path).set('Authorization', CLIENT_TOKEN).expect(403);
      expect(sdk.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message: expect.stringContaining('expected a different token type'),
      });
    }
    await admin(t).get('/api/admin/metrics/applications').expect(200);
  });
});
