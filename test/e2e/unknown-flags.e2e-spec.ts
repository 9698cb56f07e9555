import { toIso } from '../../src/core/database/database.js';
import { MetricsRetention } from '../../src/modules/client-metrics/metrics-retention.js';
import { MetricsWriter } from '../../src/modules/client-metrics/metrics-writer.js';
import { adminUserToken, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, UUID } from './features.fixtures.js';

const PATH = '/api/admin/metrics/unknown-flags';
const DAY_MS = 86_400_000;

/**
 * `GET /api/admin/metrics/unknown-flags`: the names SDKs report in their metrics (backend, frontend, Edge) that are
 * no feature, kept per application and environment with when they were last reported, written with the metrics
 * batch (never on the request), listed for 24 hours, at most 1000 by name.
 */
describe('unknown flags', () => {
  let t: TestApp;
  const report = (token: string, path: string, body: object) => t.http().post(path).set('Authorization', token).send(body);
  const bucket = (toggles: Record<string, { yes?: number; no?: number }>) => {
    const now = t.clock.now();
    return { start: now.toISOString(), stop: new Date(now.getTime() + 60_000).toISOString(), toggles };
  };
  const stored = () =>
    t.db.query<{ name: string; app_name: string; environment: string }>(
      'SELECT name, app_name, environment FROM flagwright_unknown_flags ORDER BY name, app_name, environment',
    );
  /** Runs `send` and answers the instants just before and just after it: the report's time lies between. */
  const timed = async (send: () => Promise<unknown>) => {
    const before = t.clock.now().toISOString();
    await send();
    return { before, after: t.clock.now().toISOString() };
  };
  const within = (seenAt: string, window: { before: string; after: string }) => seenAt >= window.before && seenAt <= window.after;

  beforeAll(async () => {
    t = await createTestApp({ metricsFlushIntervalSeconds: 3600 });
    await createProject(t, 'payments');
    await createFeature(t, 'default', 'known-a');
    await createFeature(t, 'payments', 'paid-flag');
    await createFeature(t, 'default', 'ghost-gone');
    await admin(t).delete('/api/admin/projects/default/features/ghost-gone').expect(202);
    await admin(t).delete('/api/admin/archive/ghost-gone').expect(200);
  });
  afterAll(() => t.close());

  it('keeps the names no feature has, per application and environment, written with the batch and not on the request', async () => {
    const shop = await timed(() =>
      report(CLIENT_TOKEN, '/api/client/metrics', {
        appName: 'shop',
        instanceId: 'i-1',
        // paid-flag is a feature of another project than the token's: dropped from the counts, but not unknown.
        bucket: bucket({ 'known-a': { yes: 1 }, 'ghost-b': { yes: 2 }, 'paid-flag': { no: 1 }, 'never-evaluated': { yes: 0, no: 0 } }),
      }).expect(202),
    );
    const web = await timed(() =>
      report(FRONTEND_TOKEN, '/api/frontend/client/metrics', {
        appName: 'web',
        instanceId: 'b-1',
        bucket: bucket({ 'ghost-a': { yes: 1 } }),
      }).expect(200),
    );
    const edge = await timed(() =>
      report(CLIENT_TOKEN, '/api/client/metrics/bulk', {
        applications: [],
        metrics: [
          { featureName: 'ghost-b', appName: 'edge-app', environment: 'development', timestamp: t.clock.now().toISOString(), no: 3 },
        ],
      }).expect(202),
    );
    const person = await adminUserToken(t);
    const production = await timed(() =>
      report(person, '/api/client/metrics', {
        appName: 'shop',
        environment: 'production',
        bucket: bucket({ 'ghost-b': { yes: 1 }, 'ghost-gone': { yes: 1 }, ['x'.repeat(256)]: { yes: 1 } }),
      }).expect(202),
    );
    expect(await stored()).toEqual([]);

    const res = await admin(t).get(PATH).expect(200);
    const [lastEvent] = await t.db.query<{ created_at: unknown }>(
      "SELECT created_at FROM flagwright_events WHERE feature_name = 'ghost-gone' ORDER BY id DESC LIMIT 1",
    );
    const seen = (flag: number, app: number, env: number): string => res.body.unknownFlags[flag].reports[app].environments[env].seenAt;
    expect(res.body).toEqual({
      unknownFlags: [
        {
          name: 'ghost-a',
          lastSeenAt: seen(0, 0, 0),
          lastEventAt: null,
          reports: [{ appName: 'web', environments: [{ environment: 'development', seenAt: seen(0, 0, 0) }] }],
        },
        {
          name: 'ghost-b',
          lastSeenAt: seen(1, 1, 1),
          lastEventAt: null,
          reports: [
            { appName: 'edge-app', environments: [{ environment: 'development', seenAt: seen(1, 0, 0) }] },
            {
              appName: 'shop',
              environments: [
                { environment: 'development', seenAt: seen(1, 1, 0) },
                { environment: 'production', seenAt: seen(1, 1, 1) },
              ],
            },
          ],
        },
        {
          name: 'ghost-gone',
          lastSeenAt: seen(2, 0, 0),
          lastEventAt: toIso(lastEvent.created_at),
          reports: [{ appName: 'shop', environments: [{ environment: 'production', seenAt: seen(2, 0, 0) }] }],
        },
      ],
    });
    expect(within(seen(0, 0, 0), web)).toBe(true);
    expect(within(seen(1, 0, 0), edge)).toBe(true);
    expect(within(seen(1, 1, 0), shop)).toBe(true);
    expect(within(seen(1, 1, 1), production)).toBe(true);
    expect(within(seen(2, 0, 0), production)).toBe(true);
    expect(await stored()).toEqual([
      { name: 'ghost-a', app_name: 'web', environment: 'development' },
      { name: 'ghost-b', app_name: 'edge-app', environment: 'development' },
      { name: 'ghost-b', app_name: 'shop', environment: 'development' },
      { name: 'ghost-b', app_name: 'shop', environment: 'production' },
      { name: 'ghost-gone', app_name: 'shop', environment: 'production' },
    ]);
  });

  it('moves a report forward when the name is reported again, and drops a name once a feature has it', async () => {
    const before = (await admin(t).get(PATH).expect(200)).body.unknownFlags[0].lastSeenAt;
    t.clock.advance(60_000);
    const again = await timed(() =>
      report(FRONTEND_TOKEN, '/api/frontend/client/metrics', { appName: 'web', bucket: bucket({ 'ghost-a': { no: 1 } }) }).expect(200),
    );
    await createFeature(t, 'payments', 'ghost-b');
    const flags = (await admin(t).get(PATH).expect(200)).body.unknownFlags;
    expect(flags.map((flag: { name: string }) => flag.name)).toEqual(['ghost-a', 'ghost-gone']);
    expect(flags[0].lastSeenAt > before).toBe(true);
    expect(within(flags[0].lastSeenAt, again)).toBe(true);
    expect(flags[0].reports).toEqual([{ appName: 'web', environments: [{ environment: 'development', seenAt: flags[0].lastSeenAt }] }]);
  });

  it('lists the first 1000 names, by name', async () => {
    const toggles = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`many-${String(i).padStart(4, '0')}`, { yes: 1 }]));
    await report(CLIENT_TOKEN, '/api/client/metrics', { appName: 'noisy', bucket: bucket(toggles) }).expect(202);
    const names = (await admin(t).get(PATH).expect(200)).body.unknownFlags.map((flag: { name: string }) => flag.name);
    expect(names).toHaveLength(1000);
    expect(names.slice(0, 3)).toEqual(['ghost-a', 'ghost-gone', 'many-0000']);
    expect(names.at(-1)).toBe('many-0997');
  });

  it('forgets reports not made again for 24 hours: no longer listed, then deleted by the retention', async () => {
    await t.app.get(MetricsWriter).flush();
    const rows = (await stored()).length;
    t.clock.advance(DAY_MS);
    const recent = await timed(() =>
      report(CLIENT_TOKEN, '/api/client/metrics', { appName: 'shop', bucket: bucket({ 'ghost-late': { yes: 1 } }) }).expect(202),
    );
    const res = await admin(t).get(PATH).expect(200);
    expect(res.body.unknownFlags.map((flag: { name: string }) => flag.name)).toEqual(['ghost-late']);
    expect(within(res.body.unknownFlags[0].lastSeenAt, recent)).toBe(true);
    expect(await t.app.get(MetricsRetention).deleteExpired()).toBe(rows);
    expect(await stored()).toEqual([{ name: 'ghost-late', app_name: 'shop', environment: 'development' }]);
  });

  it('answers 401 without credentials and 403 to SDK tokens', async () => {
    expect((await t.http().get(PATH).expect(401)).body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'AuthenticationRequired',
      message:
        'You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login',
      path: '/auth/simple/login',
      type: 'password',
      defaultHidden: false,
    });
    for (const token of [CLIENT_TOKEN, FRONTEND_TOKEN]) {
      const refused = await t.http().get(PATH).set('Authorization', token).expect(403);
      expect(refused.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message: `invalid token: expected a different token type for this endpoint. A ${token === CLIENT_TOKEN ? 'client' : 'frontend'} token cannot be used on the admin API.`,
      });
    }
  });
});
