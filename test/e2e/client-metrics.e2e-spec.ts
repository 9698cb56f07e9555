import { toIso } from '../../src/core/database/database.js';
import { MetricsWriter } from '../../src/modules/client-metrics/metrics-writer.js';
import { adminUserToken, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';
import { hourOf, SearchFixtures } from './search.fixtures.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The test clock runs on, so a time the service stamped is checked against the span of the request. */
const stampedWithin = (span: { from: Date; to: Date }) =>
  expect.toSatisfy(
    (iso: unknown) => typeof iso === 'string' && new Date(iso) >= span.from && new Date(iso) <= span.to,
    'a time stamped during the request',
  );

describe('SDK traffic: POST /api/client/metrics and /api/client/register', () => {
  let t: TestApp;
  let f: SearchFixtures;
  let now: Date;
  const created = new Date('2024-05-01T08:00:00Z');

  const bucket = (toggles: Record<string, unknown>, start = now) => ({
    start: start.toISOString(),
    stop: new Date(start.getTime() + 60_000).toISOString(),
    toggles,
  });
  const report = (body: unknown, token = CLIENT_TOKEN) =>
    t
      .http()
      .post('/api/client/metrics')
      .set('Authorization', token)
      .send(body as object);
  /** Runs the request and answers the span of test-clock time it took. */
  const timed = async (request: () => PromiseLike<unknown>) => {
    const from = t.clock.now();
    await request();
    return { from, to: t.clock.now() };
  };
  let countedReport: { from: Date; to: Date };
  /** Reports wait in memory; these tests read the database directly, so they write what is pending first. */
  const written = () => t.app.get(MetricsWriter).flush();
  const hourly = async (feature: string) => {
    await written();
    return t.db.query<{ environment: string; hour_start: unknown; yes_count: number; no_count: number }>(
      'SELECT environment, hour_start, yes_count, no_count FROM flagwright_client_metrics_hourly WHERE feature_name = :feature ORDER BY environment, hour_start',
      { feature },
    );
  };
  const stages = async (feature: string) => {
    await written();
    return (
      await t.db.query<{ stage: string }>(
        'SELECT stage FROM flagwright_feature_lifecycles WHERE feature_name = :feature ORDER BY created_at, stage',
        {
          feature,
        },
      )
    ).map((r) => r.stage);
  };
  const item = async (name: string) => {
    const res = await f.search(`query=${name}&archived=IS:${name.startsWith('gone') ? 'true' : 'false'}`).expect(200);
    return res.body.features.find((x: { name: string }) => x.name === name);
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = new SearchFixtures(t);
    f.settleMidHour();
    now = t.clock.now();
    await f.project('payments');
    for (const name of ['counted', 'dev-first', 'prod-first', 'already-live', 'gone', 'other-project', 'zeroes']) {
      await f.feature({
        name,
        project: name === 'other-project' ? 'payments' : 'default',
        createdAt: created,
        archivedAt: name === 'gone' ? created : null,
      });
      await f.environment(name, 'development', { enabled: true });
      await f.environment(name, 'production', { enabled: false });
      await f.lifecycle(name, 'initial', created);
    }
    await f.lifecycle('already-live', 'live', created);
  });

  afterAll(async () => {
    await t.close();
  });

  describe('metrics', () => {
    it('accepts a report with 202, counting per feature, environment and hour, ignoring unknown features', async () => {
      countedReport = await timed(() =>
        report({
          appName: 'shop',
          instanceId: 'shop-1',
          bucket: bucket({ counted: { yes: 5, no: 2, variants: { a: 5 } }, 'no-such-feature': { yes: 1, no: 0 } }),
        }).expect(202),
      );
      expect(await hourly('counted')).toEqual([{ environment: 'development', hour_start: expect.anything(), yes_count: 5, no_count: 2 }]);
      expect(toIso((await hourly('counted'))[0].hour_start)).toBe(hourOf(now).toISOString());
      expect(await hourly('no-such-feature')).toEqual([]);
    });

    it('adds later reports of the same hour, and keeps other hours apart', async () => {
      await report({ appName: 'shop', instanceId: 'shop-2', bucket: bucket({ counted: { yes: 1, no: 4 } }) }).expect(202);
      const earlier = new Date(now.getTime() - 2 * 3_600_000);
      await report({ appName: 'shop', bucket: bucket({ counted: { yes: 50, no: 50 } }, earlier) }).expect(202);
      countedReport.to = t.clock.now(); // The feature was seen again (now), whatever hour the report counts in.
      const rows = await hourly('counted');
      expect(rows.map((r) => [r.yes_count, r.no_count])).toEqual([
        [50, 50],
        [6, 6],
      ]);
    });

    it('shows the last hour of evaluations and the last-seen times in search', async () => {
      const counted = await item('counted');
      expect(counted.lastSeenAt).toEqual(stampedWithin(countedReport));
      expect(counted.environments).toEqual([
        expect.objectContaining({ name: 'development', lastSeenAt: stampedWithin(countedReport), yes: 6, no: 6 }),
        expect.objectContaining({ name: 'production', lastSeenAt: null, yes: 0, no: 0 }),
      ]);
    });

    it('moves a feature from initial to pre-live on its first metrics from a non-production environment', async () => {
      const span = await timed(() => report({ appName: 'shop', bucket: bucket({ 'dev-first': { yes: 1 } }) }).expect(202));
      expect(await stages('dev-first')).toEqual(['initial', 'pre-live']);
      expect((await item('dev-first')).lifecycle).toEqual({ stage: 'pre-live', status: null, enteredStageAt: stampedWithin(span) });
    });

    it('moves a feature to live on metrics from a production-type environment, named in the body for an admin user', async () => {
      t.clock.advance(1000);
      await report(
        { appName: 'shop', environment: 'production', bucket: bucket({ 'prod-first': { no: 3 }, 'dev-first': { yes: 2 } }) },
        await adminUserToken(t),
      ).expect(202);
      expect(await stages('prod-first')).toEqual(['initial', 'live']);
      expect(await stages('dev-first')).toEqual(['initial', 'pre-live', 'live']);
      expect((await hourly('prod-first')).map((r) => [r.environment, r.yes_count, r.no_count])).toEqual([['production', 0, 3]]);
      expect((await item('prod-first')).environments[1]).toMatchObject({ name: 'production', yes: 0, no: 3 });
    });

    it('never moves a feature back, nor an archived one', async () => {
      await report({ appName: 'shop', bucket: bucket({ 'already-live': { yes: 1 }, 'prod-first': { yes: 1 }, gone: { yes: 1 } }) }).expect(
        202,
      );
      expect(await stages('already-live')).toEqual(['initial', 'live']);
      expect(await stages('prod-first')).toEqual(['initial', 'live']);
      expect(await stages('gone')).toEqual(['initial']);
      expect((await hourly('gone')).map((r) => r.yes_count)).toEqual([1]);
    });

    it('ignores features a project-scoped token cannot see, and features evaluated zero times', async () => {
      await report({ appName: 'shop', bucket: bucket({ 'other-project': { yes: 4 }, zeroes: { yes: 0, no: 0 } }) }).expect(202);
      expect(await hourly('other-project')).toEqual([]);
      expect(await hourly('zeroes')).toEqual([]);
      expect(await stages('zeroes')).toEqual(['initial']);
      expect((await item('zeroes')).lastSeenAt).toBeNull();
    });

    it("counts in the client token's own environment, whatever the body says", async () => {
      await report({ appName: 'shop', environment: 'production', bucket: bucket({ zeroes: { yes: 1 } }) }).expect(202);
      expect((await hourly('zeroes')).map((r) => r.environment)).toEqual(['development']);
    });

    it('counts in development for an admin user who names no environment, and refuses an unknown one', async () => {
      const admin = await adminUserToken(t);
      await report({ appName: 'shop', bucket: bucket({ 'other-project': { yes: 2 } }) }, admin).expect(202);
      expect((await hourly('other-project')).map((r) => [r.environment, r.yes_count])).toEqual([['development', 2]]);
      const res = await report({ appName: 'shop', environment: 'staging', bucket: bucket({ counted: { yes: 1 } }) }, admin).expect(400);
      const message = 'The `/body/environment` property must name an existing environment. There is no environment named "staging".';
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message,
        details: [{ path: '/body/environment', message }],
      });
    });

    it('records the application and the instance', async () => {
      await written();
      const apps = await t.db.query<{ app_name: string }>("SELECT app_name FROM flagwright_client_applications WHERE app_name = 'shop'");
      expect(apps).toHaveLength(1);
      const instances = await t.db.query<{ instance_id: string; environment: string }>(
        "SELECT instance_id, environment FROM flagwright_client_instances WHERE app_name = 'shop' ORDER BY instance_id, environment",
      );
      expect(instances).toEqual([
        { instance_id: 'default', environment: 'development' },
        { instance_id: 'default', environment: 'production' },
        { instance_id: 'shop-1', environment: 'development' },
        { instance_id: 'shop-2', environment: 'development' },
      ]);
    });

    it('reports every malformed property of a report', async () => {
      const res = await report({
        instanceId: 5,
        bucket: { start: 'yesterday', toggles: { a: { yes: -1, no: 1.5, variants: { x: 'many' } }, b: 'lots', c: { variants: [] } } },
      }).expect(400);
      expect(res.body.name).toBe('ValidationError');
      expect(res.body.details).toEqual([
        { path: '/body/appName', message: 'The `/body/appName` property is required. It was not present on the data you sent.' },
        { path: '/body/instanceId', message: 'The `/body/instanceId` property must be a non-empty string. You sent 5.' },
        { path: '/body/bucket/start', message: 'The `/body/bucket/start` property must match format "date-time". You sent "yesterday".' },
        { path: '/body/bucket/stop', message: 'The `/body/bucket/stop` property is required. It was not present on the data you sent.' },
        {
          path: '/body/bucket/toggles/a/yes',
          message: 'The `/body/bucket/toggles/a/yes` property must be a whole number of 0 or more. You sent -1.',
        },
        {
          path: '/body/bucket/toggles/a/no',
          message: 'The `/body/bucket/toggles/a/no` property must be a whole number of 0 or more. You sent 1.5.',
        },
        {
          path: '/body/bucket/toggles/a/variants/x',
          message: 'The `/body/bucket/toggles/a/variants/x` property must be a whole number of 0 or more. You sent "many".',
        },
        { path: '/body/bucket/toggles/b', message: 'The `/body/bucket/toggles/b` property must be object. You sent "lots".' },
        { path: '/body/bucket/toggles/c/variants', message: 'The `/body/bucket/toggles/c/variants` property must be object. You sent [].' },
      ]);
    });

    it.each([
      [[], '/body', 'The `/body` property must be object. You sent [].'],
      [{ appName: 'shop' }, '/body/bucket', 'The `/body/bucket` property is required. It was not present on the data you sent.'],
      [{ appName: '', bucket: 1 }, '/body/appName', 'The `/body/appName` property must be a non-empty string. You sent "".'],
      [
        { appName: 'shop', bucket: { start: '2024-01-01T00:00:00Z', stop: '2024-01-01T00:01:00Z' } },
        '/body/bucket/toggles',
        'The `/body/bucket/toggles` property is required. It was not present on the data you sent.',
      ],
      [
        { appName: 'shop', bucket: { start: '2024-01-01T00:00:00Z', stop: '2024-13-01T00:01:00Z', toggles: [] } },
        '/body/bucket/stop',
        'The `/body/bucket/stop` property must match format "date-time". You sent "2024-13-01T00:01:00Z".',
      ],
    ])('refuses %j with a 400 naming %s', async (body, path, message) => {
      const res = await report(body).expect(400);
      expect(res.body.details[0]).toEqual({ path, message });
    });

    it('ignores properties it does not use, as newer SDKs send them', async () => {
      await report({
        appName: 'shop',
        sdkVersion: 'unleash-client-node:6.1.0',
        platformName: 'node',
        connectionId: 'x',
        bucket: { ...bucket({ counted: { yes: 1, appName: 'x' } }), extra: true },
      }).expect(202);
    });

    it('checks credentials and content type first', async () => {
      await t.http().post('/api/client/metrics').send({ appName: 'shop' }).expect(401);
      await t.http().post('/api/client/metrics').set('Authorization', FRONTEND_TOKEN).send({}).expect(403);
      const res = await t
        .http()
        .post('/api/client/metrics')
        .set('Authorization', CLIENT_TOKEN)
        .type('form')
        .send('appName=shop')
        .expect(415);
      expect(res.body.name).toBe('ContentTypeerror');
    });
  });

  describe('register', () => {
    const registration = {
      appName: 'billing',
      instanceId: 'billing-1',
      sdkVersion: 'unleash-client-node:6.1.0',
      strategies: ['default', 'flexibleRollout'],
      started: '2024-05-01T08:00:00.000Z',
      interval: 10000,
    };

    it('records the application and its instance with 202', async () => {
      await t
        .http()
        .post('/api/client/register')
        .set('Authorization', CLIENT_TOKEN)
        .send({ ...registration, platformName: 'node' })
        .expect(202);
      await written();
      const app = await t.db.one<{ strategies: string; seen_at: unknown }>(
        "SELECT strategies, seen_at FROM flagwright_client_applications WHERE app_name = 'billing'",
      );
      expect(JSON.parse(app!.strategies)).toEqual(['default', 'flexibleRollout']);
      expect(app!.seen_at).not.toBeNull();
      const instance = await t.db.one(
        "SELECT instance_id, environment, sdk_version FROM flagwright_client_instances WHERE app_name = 'billing'",
      );
      expect(instance).toEqual({ instance_id: 'billing-1', environment: 'development', sdk_version: 'unleash-client-node:6.1.0' });
    });

    it('updates a known application and instance', async () => {
      t.clock.advance(60_000);
      await t
        .http()
        .post('/api/client/register')
        .set('Authorization', CLIENT_TOKEN)
        .send({ ...registration, strategies: ['default'], sdkVersion: 'unleash-client-node:6.2.0' })
        .expect(202);
      await written();
      const app = await t.db.one<{ strategies: string }>(
        "SELECT strategies FROM flagwright_client_applications WHERE app_name = 'billing'",
      );
      expect(JSON.parse(app!.strategies)).toEqual(['default']);
      const instances = await t.db.query("SELECT sdk_version FROM flagwright_client_instances WHERE app_name = 'billing'");
      expect(instances).toEqual([{ sdk_version: 'unleash-client-node:6.2.0' }]);
    });

    it('reports every malformed property', async () => {
      const res = await t
        .http()
        .post('/api/client/register')
        .set('Authorization', CLIENT_TOKEN)
        .send({ appName: '', strategies: 'default', started: 'now', interval: -1 })
        .expect(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([
        '/body/appName',
        '/body/strategies',
        '/body/started',
        '/body/interval',
      ]);
    });

    it('refuses an unknown environment named by an admin user', async () => {
      const res = await t
        .http()
        .post('/api/client/register')
        .set('Authorization', await adminUserToken(t))
        .send({ ...registration, environment: 'nowhere' })
        .expect(400);
      expect(res.body.details).toEqual([
        {
          path: '/body/environment',
          message: 'The `/body/environment` property must name an existing environment. There is no environment named "nowhere".',
        },
      ]);
    });
  });
});
