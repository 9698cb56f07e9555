import { MetricsWriter } from '../../src/modules/client-metrics/metrics-writer.js';
import { ADMIN_TOKEN, adminUserToken, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HOUR_MS = 3_600_000;

/** What Unleash Edge calls: bulk metrics (`/api/client/metrics/bulk`) and token validation (`/edge/validate`). */
describe('Unleash Edge endpoints', () => {
  let t: TestApp;
  const admin = (method: 'post' | 'get', path: string) => t.http()[method](path).set('Authorization', ADMIN_TOKEN);
  const bulk = (body: unknown, token = CLIENT_TOKEN) =>
    t
      .http()
      .post('/api/client/metrics/bulk')
      .set('Authorization', token)
      .send(body as object);
  const validate = (body: unknown, token = CLIENT_TOKEN) =>
    t
      .http()
      .post('/edge/validate')
      .set('Authorization', token)
      .send(body as object);
  const counts = async (feature: string) => {
    await t.app.get(MetricsWriter).flush();
    return t.db.query<{ app_name: string; environment: string; yes_count: number; no_count: number }>(
      'SELECT app_name, environment, yes_count, no_count FROM flagwright_client_metrics_hourly WHERE feature_name = :feature ORDER BY environment, app_name',
      { feature },
    );
  };
  const createToken = async (body: Record<string, unknown>) =>
    (await admin('post', '/api/admin/api-tokens').send(body).expect(201)).body.secret as string;
  const metric = (featureName: string, environment: string, yes: number, no = 0, appName = 'edge-shop') => ({
    featureName,
    appName,
    environment,
    timestamp: t.clock.now().toISOString(),
    yes,
    no,
    variants: yes ? { red: yes } : {},
  });

  beforeAll(async () => {
    t = await createTestApp({ metricsFlushIntervalSeconds: 3600 });
    const minutes = (t.clock.now().getTime() % HOUR_MS) / 60_000;
    if (minutes < 5 || minutes > 40) t.clock.advance(((65 - minutes) % 60) * 60_000);
    await admin('post', '/api/admin/projects').send({ id: 'payments', name: 'Payments' }).expect(201);
    for (const name of ['edge-a', 'edge-b']) await admin('post', '/api/admin/projects/default/features').send({ name }).expect(201);
    await admin('post', '/api/admin/projects/payments/features').send({ name: 'edge-payments' }).expect(201);
  });

  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/client/metrics/bulk', () => {
    it("counts the metrics of the client token's environment and projects, ignoring the rest, with 202", async () => {
      const res = await bulk({
        applications: [
          {
            appName: 'edge-shop',
            environment: 'development',
            instanceId: 'shop-1',
            sdkVersion: 'unleash-client-java:9.2.0',
            strategies: ['default', 'flexibleRollout'],
            connectVia: [{ appName: 'edge', instanceId: 'edge-1' }],
          },
          { appName: 'edge-shop', environment: 'production', instanceId: 'shop-2', strategies: ['default'] },
        ],
        metrics: [
          metric('edge-a', 'development', 3, 1),
          metric('edge-a', 'production', 7),
          metric('edge-payments', 'development', 2),
          metric('no-such-feature', 'development', 1),
          metric('edge-b', 'development', 0, 0),
        ],
      }).expect(202);
      expect(res.text).toBe('');
      expect(await counts('edge-a')).toEqual([{ app_name: 'edge-shop', environment: 'development', yes_count: 3, no_count: 1 }]);
      expect(await counts('edge-payments')).toEqual([]);
      expect(await counts('edge-b')).toEqual([]);
      expect(
        await t.db.query("SELECT variant, count FROM flagwright_client_metrics_variants_hourly WHERE feature_name = 'edge-a'"),
      ).toEqual([{ variant: 'red', count: 3 }]);
      expect(
        await t.db.query("SELECT instance_id, environment, sdk_version FROM flagwright_client_instances WHERE app_name = 'edge-shop'"),
      ).toEqual([{ instance_id: 'shop-1', environment: 'development', sdk_version: 'unleash-client-java:9.2.0' }]);
      const app = await t.db.one<{ strategies: string }>(
        "SELECT strategies FROM flagwright_client_applications WHERE app_name = 'edge-shop'",
      );
      expect(JSON.parse(app!.strategies)).toEqual(['default', 'flexibleRollout']);
    });

    it('shows the counts and last-seen times through the admin API', async () => {
      const res = await admin('get', '/api/admin/search/features?query=edge-a').expect(200);
      const [found] = res.body.features;
      expect(
        found.environments.map((e: { name: string; yes: number; no: number; lastSeenAt: string | null }) => [
          e.name,
          e.yes,
          e.no,
          e.lastSeenAt !== null,
        ]),
      ).toEqual([
        ['development', 3, 1, true],
        ['production', 0, 0, false],
      ]);
      expect(found.lifecycle.stage).toBe('pre-live');
    });

    it('counts any existing environment for an admin user, ignoring the ones that do not exist', async () => {
      await bulk(
        {
          applications: [],
          metrics: [metric('edge-b', 'production', 2, 2, 'edge-admin'), metric('edge-b', 'nowhere', 9, 0, 'edge-admin')],
        },
        await adminUserToken(t),
      ).expect(202);
      expect(await counts('edge-b')).toEqual([{ app_name: 'edge-admin', environment: 'production', yes_count: 2, no_count: 2 }]);
      await t.app.get(MetricsWriter).flush();
      expect(
        await t.db.query("SELECT stage FROM flagwright_feature_lifecycles WHERE feature_name = 'edge-b' ORDER BY created_at, stage"),
      ).toEqual([{ stage: 'initial' }, { stage: 'live' }]);
    });

    it('reports every malformed property of the batch', async () => {
      const res = await bulk({
        applications: [{ appName: 'x', environment: 'development' }],
        metrics: [{ featureName: 'edge-a', appName: 'x', environment: 'development', timestamp: 'now', yes: 1.5 }],
      }).expect(400);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message: expect.any(String),
        details: [
          {
            path: '/body/applications/0/instanceId',
            message: 'The `/body/applications/0/instanceId` property is required. It was not present on the data you sent.',
          },
          {
            path: '/body/metrics/0/timestamp',
            message: 'The `/body/metrics/0/timestamp` property must match format "date-time". You sent "now".',
          },
          { path: '/body/metrics/0/yes', message: 'The `/body/metrics/0/yes` property must be a whole number of 0 or more. You sent 1.5.' },
        ],
      });
      expect(await counts('edge-a')).toEqual([{ app_name: 'edge-shop', environment: 'development', yes_count: 3, no_count: 1 }]);
    });

    it('refuses frontend and admin tokens, and callers without credentials', async () => {
      const body = { applications: [], metrics: [] };
      await t.http().post('/api/client/metrics/bulk').send(body).expect(401);
      const frontend = await bulk(body, FRONTEND_TOKEN).expect(403);
      expect(frontend.body.message).toBe(
        'invalid token: expected a different token type for this endpoint. A frontend token cannot be used on the client API.',
      );
      await bulk(body, ADMIN_TOKEN).expect(403);
    });
  });

  describe('POST /edge/validate', () => {
    let production: string;
    let frontend: string;
    let adminSecret: string;
    let expired: string;

    beforeAll(async () => {
      production = await createToken({ tokenName: 'edge-production', type: 'client', environment: 'production', project: '*' });
      frontend = await createToken({
        tokenName: 'edge-frontend',
        type: 'frontend',
        environment: 'development',
        projects: ['payments', 'default'],
      });
      adminSecret = await createToken({ tokenName: 'edge-admin', type: 'admin' });
      expired = await createToken({
        tokenName: 'edge-expired',
        type: 'backend',
        environment: 'development',
        project: 'default',
        expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      });
      t.clock.advance(120_000);
    });

    it('answers the valid SDK tokens among those sent, once each, with type, environment and projects', async () => {
      const res = await validate({
        tokens: [production, 'default:development.not-a-token', frontend, adminSecret, expired, production, CLIENT_TOKEN],
      }).expect(200);
      expect(res.body).toEqual({
        tokens: [
          { token: production, type: 'client', environment: 'production', projects: ['*'] },
          { token: frontend, type: 'frontend', environment: 'development', projects: ['default', 'payments'] },
          { token: CLIENT_TOKEN, type: 'client', environment: 'development', projects: ['default'] },
        ],
      });
    });

    it('answers an empty list when nothing sent is valid', async () => {
      expect((await validate({ tokens: [] }).expect(200)).body).toEqual({ tokens: [] });
      expect((await validate({ tokens: ['*:*.guess'] }, await adminUserToken(t)).expect(200)).body).toEqual({ tokens: [] });
    });

    it('names the malformed property', async () => {
      const res = await validate({ tokens: 'default:development.x' }).expect(400);
      expect(res.body.name).toBe('ValidationError');
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/tokens']);
      expect((await validate({}).expect(400)).body.details.map((d: { path: string }) => d.path)).toEqual(['/body/tokens']);
    });

    it('takes client tokens and admin users; refuses frontend and admin tokens, and callers without credentials', async () => {
      await t.http().post('/edge/validate').send({ tokens: [] }).expect(401);
      const res = await validate({ tokens: [production] }, FRONTEND_TOKEN).expect(403);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message: 'invalid token: expected a different token type for this endpoint. A frontend token cannot be used on the edge API.',
      });
      await validate({ tokens: [production] }, ADMIN_TOKEN).expect(403);
      await validate({ tokens: [production] }, production).expect(200);
    });
  });
});
