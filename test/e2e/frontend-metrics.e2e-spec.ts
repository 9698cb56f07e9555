import type { AddressInfo } from 'node:net';
import { UnleashClient } from 'unleash-proxy-client';
import { MetricsWriter } from '../../src/modules/client-metrics/metrics-writer.js';
import { ADMIN_TOKEN, adminUserToken, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';

const HOUR_MS = 3_600_000;

/** What frontend SDKs send: `POST /api/frontend/client/metrics` and `POST /api/frontend/client/register`. */
describe('frontend SDK metrics and registration', () => {
  let t: TestApp;
  const admin = (path: string) => t.http().post(path).set('Authorization', ADMIN_TOKEN);
  const metrics = (body: unknown, token = FRONTEND_TOKEN) =>
    t
      .http()
      .post('/api/frontend/client/metrics')
      .set('Authorization', token)
      .send(body as object);
  const register = (body: unknown, token = FRONTEND_TOKEN) =>
    t
      .http()
      .post('/api/frontend/client/register')
      .set('Authorization', token)
      .send(body as object);
  const bucket = (toggles: Record<string, unknown>) => {
    const start = t.clock.now();
    return { start: start.toISOString(), stop: new Date(start.getTime() + 60_000).toISOString(), toggles };
  };
  const counts = async (feature: string) => {
    await t.app.get(MetricsWriter).flush();
    return t.db.query<{ app_name: string; environment: string; yes_count: number; no_count: number }>(
      'SELECT app_name, environment, yes_count, no_count FROM flagwright_client_metrics_hourly WHERE feature_name = :feature ORDER BY environment, app_name',
      { feature },
    );
  };
  const registration = {
    appName: 'web',
    instanceId: 'browser',
    sdkVersion: 'unleash-js-sdk:3.8.2',
    strategies: [],
    started: '2024-05-01T08:00:00.000Z',
    interval: 30_000,
  };

  beforeAll(async () => {
    t = await createTestApp({ metricsFlushIntervalSeconds: 3600 });
    const minutes = (t.clock.now().getTime() % HOUR_MS) / 60_000;
    if (minutes < 5 || minutes > 40) t.clock.advance(((65 - minutes) % 60) * 60_000);
    await admin('/api/admin/projects').send({ id: 'payments', name: 'Payments' }).expect(201);
    for (const name of ['web-a', 'web-b', 'web-sdk']) await admin('/api/admin/projects/default/features').send({ name }).expect(201);
    await admin('/api/admin/projects/payments/features').send({ name: 'web-payments' }).expect(201);
  });

  afterAll(async () => {
    await t.close();
  });

  it("counts a frontend token's report in its environment and projects, answering 200", async () => {
    const res = await metrics({
      appName: 'web',
      instanceId: 'browser',
      bucket: bucket({ 'web-a': { yes: 4, no: 1, variants: { blue: 4 } }, 'web-payments': { yes: 1 } }),
      impactMetrics: [],
    }).expect(200);
    expect(res.text).toBe('');
    expect(await counts('web-a')).toEqual([{ app_name: 'web', environment: 'development', yes_count: 4, no_count: 1 }]);
    expect(await counts('web-payments')).toEqual([]);
    expect(await t.db.query("SELECT instance_id, environment FROM flagwright_client_instances WHERE app_name = 'web'")).toEqual([
      { instance_id: 'browser', environment: 'development' },
    ]);
  });

  it('records a registration with 200', async () => {
    await register(registration).expect(200);
    await t.app.get(MetricsWriter).flush();
    expect(
      await t.db.one("SELECT sdk_version FROM flagwright_client_instances WHERE app_name = 'web' AND instance_id = 'browser'"),
    ).toEqual({
      sdk_version: 'unleash-js-sdk:3.8.2',
    });
    expect(await t.db.one("SELECT strategies FROM flagwright_client_applications WHERE app_name = 'web'")).toEqual({ strategies: '[]' });
  });

  it('counts in the environment an admin user names', async () => {
    await metrics(
      { appName: 'web-admin', environment: 'production', bucket: bucket({ 'web-b': { no: 2 } }) },
      await adminUserToken(t),
    ).expect(200);
    expect(await counts('web-b')).toEqual([{ app_name: 'web-admin', environment: 'production', yes_count: 0, no_count: 2 }]);
  });

  it('names the malformed properties', async () => {
    const res = await metrics({
      appName: 'web',
      bucket: { start: 'soon', stop: '2024-05-01T10:00:00Z', toggles: { 'web-a': { yes: -2 } } },
    }).expect(400);
    expect(res.body.details).toEqual([
      { path: '/body/bucket/start', message: 'The `/body/bucket/start` property must match format "date-time". You sent "soon".' },
      {
        path: '/body/bucket/toggles/web-a/yes',
        message: 'The `/body/bucket/toggles/web-a/yes` property must be a whole number of 0 or more. You sent -2.',
      },
    ]);
    const registered = await register({ appName: 'web', strategies: [], interval: 'often' }).expect(400);
    expect(registered.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/started', '/body/interval']);
  });

  it('refuses client and admin tokens, and callers without credentials', async () => {
    const body = { appName: 'web', bucket: bucket({ 'web-a': { yes: 1 } }) };
    await t.http().post('/api/frontend/client/metrics').send(body).expect(401);
    const client = await metrics(body, CLIENT_TOKEN).expect(403);
    expect(client.body.message).toBe(
      'invalid token: expected a different token type for this endpoint. A client token cannot be used on the frontend API.',
    );
    await metrics(body, ADMIN_TOKEN).expect(403);
    await register(registration, CLIENT_TOKEN).expect(403);
    expect(await counts('web-a')).toEqual([{ app_name: 'web', environment: 'development', yes_count: 4, no_count: 1 }]);
  });

  it("receives the official frontend SDK's metrics", async () => {
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const client = new UnleashClient({
      url: `http://127.0.0.1:${port}/api/frontend`,
      clientKey: FRONTEND_TOKEN,
      appName: 'web-sdk-app',
      disableRefresh: true,
      metricsInterval: 0,
    });
    const sent = new Promise((resolve) => client.once('sent', resolve));
    for (let i = 0; i < 3; i++) client.isEnabled('web-sdk');
    client.getVariant('web-sdk');
    await client.sendMetrics();
    await sent;
    expect(await counts('web-sdk')).toEqual([{ app_name: 'web-sdk-app', environment: 'development', yes_count: 0, no_count: 4 }]);
  });
});
