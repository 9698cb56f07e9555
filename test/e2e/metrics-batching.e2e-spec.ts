import { toIso } from '../../src/core/database/database.js';
import { MetricsRetention } from '../../src/modules/client-metrics/metrics-retention.js';
import { MetricsWriter } from '../../src/modules/client-metrics/metrics-writer.js';
import { seedMetricsHour } from '../helpers/seeds.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const HOUR_MS = 3_600_000;
const hourOf = (date: Date) => new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);
/** Moves the test clock away from an hour's edge, so that what a test does all happens in one hour. */
const settleMidHour = (t: TestApp) => {
  const minutes = (t.clock.now().getTime() % HOUR_MS) / 60_000;
  if (minutes < 5 || minutes > 40) t.clock.advance(((65 - minutes) % 60) * 60_000);
};
/** Long enough that no timed write happens during a test, unless the test wants one. */
const NO_TIMED_WRITES = { metricsFlushIntervalSeconds: 3600 };

/**
 * SDK metrics are added up in memory and written in batches: on a timer, before reads that show them, and at a
 * graceful stop. Several instances on one database add to the same hourly rows.
 */
describe('SDK metrics written in batches', () => {
  let t: TestApp;
  const others: TestApp[] = [];

  const createFeature = (name: string) =>
    t.http().post('/api/admin/projects/default/features').set('Authorization', ADMIN_TOKEN).send({ name }).expect(201);
  const report = (
    app: TestApp,
    toggles: Record<string, { yes?: number; no?: number; variants?: Record<string, number> }>,
    appName = 'shop',
  ) => {
    const start = app.clock.now();
    return app
      .http()
      .post('/api/client/metrics')
      .set('Authorization', CLIENT_TOKEN)
      .send({
        appName,
        instanceId: `${appName}-1`,
        bucket: { start: start.toISOString(), stop: new Date(start.getTime() + 60_000).toISOString(), toggles },
      })
      .expect(202);
  };
  /** Every stored count of the feature, per application and hour (read directly: this does not write pending metrics). */
  const stored = (feature: string) =>
    t.db.query<{ app_name: string; environment: string; hour_start: unknown; yes_count: number; no_count: number }>(
      'SELECT app_name, environment, hour_start, yes_count, no_count FROM flagwright_client_metrics_hourly WHERE feature_name = :feature ORDER BY app_name, hour_start',
      { feature },
    );
  const totals = async (feature: string) => {
    const rows = await stored(feature);
    return { yes: rows.reduce((sum, row) => sum + Number(row.yes_count), 0), no: rows.reduce((sum, row) => sum + Number(row.no_count), 0) };
  };
  const searched = async (feature: string) => {
    const res = await t.http().get(`/api/admin/search/features?query=${feature}`).set('Authorization', ADMIN_TOKEN).expect(200);
    return res.body.features.find((item: { name: string }) => item.name === feature);
  };
  const another = async (overrides: Parameters<typeof createTestApp>[0] = NO_TIMED_WRITES) => {
    const app = await createTestApp(overrides, t.database);
    app.clock.advance(t.clock.now().getTime() - app.clock.now().getTime()); // both instances count in the same hour
    others.push(app);
    return app;
  };

  beforeAll(async () => {
    t = await createTestApp(NO_TIMED_WRITES);
    settleMidHour(t);
    for (const name of ['batched', 'variants', 'timed', 'stopped', 'shared', 'shared-2']) await createFeature(name);
  });

  afterAll(async () => {
    for (const app of others) await app.close();
    await t.close();
  });

  it('answers 202 without writing, and shows the counts through the admin API at once', async () => {
    const from = t.clock.now();
    await report(t, { batched: { yes: 3, no: 1 } });
    const to = t.clock.now();
    expect(await stored('batched')).toEqual([]);

    const found = await searched('batched');
    expect(found.environments.find((e: { name: string }) => e.name === 'development')).toMatchObject({ yes: 3, no: 1 });
    const seen = new Date(found.lastSeenAt);
    expect(seen >= from && seen <= to).toBe(true);
    expect(await stored('batched')).toEqual([
      { app_name: 'shop', environment: 'development', hour_start: expect.anything(), yes_count: 3, no_count: 1 },
    ]);
    expect(toIso((await stored('batched'))[0].hour_start)).toBe(hourOf(from).toISOString());

    const feature = await t.http().get('/api/admin/projects/default/features/batched').set('Authorization', ADMIN_TOKEN).expect(200);
    expect(feature.body.lastSeenAt).toBe(found.lastSeenAt);
    expect(feature.body.environments.find((e: { name: string }) => e.name === 'development').lastSeenAt).toBe(found.lastSeenAt);
    expect(feature.body.lifecycle).toEqual({ stage: 'pre-live', enteredStageAt: found.lastSeenAt });
  });

  it('keeps variant counts per application and hour', async () => {
    await report(t, { variants: { yes: 4, variants: { red: 3, blue: 1 } } });
    await report(t, { variants: { yes: 2, variants: { red: 2 } } }, 'billing');
    await t.app.get(MetricsWriter).flush();
    const rows = await t.db.query<{ app_name: string; variant: string; count: number }>(
      "SELECT app_name, variant, count FROM flagwright_client_metrics_variants_hourly WHERE feature_name = 'variants' ORDER BY app_name, variant",
    );
    expect(rows).toEqual([
      { app_name: 'billing', variant: 'red', count: 2 },
      { app_name: 'shop', variant: 'blue', count: 1 },
      { app_name: 'shop', variant: 'red', count: 3 },
    ]);
  });

  it('writes by itself every metricsFlushIntervalSeconds', async () => {
    const timed = await another({ metricsFlushIntervalSeconds: 1 });
    await report(timed, { timed: { yes: 2 } });
    await vi.waitFor(async () => expect(await totals('timed')).toEqual({ yes: 2, no: 0 }), { timeout: 5000, interval: 100 });
  });

  it('writes what it holds when it stops gracefully', async () => {
    const stopping = await another();
    await report(stopping, { stopped: { yes: 5, no: 2 } });
    await stopping
      .http()
      .post('/api/client/register')
      .set('Authorization', CLIENT_TOKEN)
      .send({
        appName: 'stopping-app',
        instanceId: 'stopping-1',
        strategies: ['default'],
        started: new Date().toISOString(),
        interval: 10_000,
      })
      .expect(202);
    expect(await stored('stopped')).toEqual([]);
    await stopping.close();
    expect(await totals('stopped')).toEqual({ yes: 5, no: 2 });
    expect(await t.db.query("SELECT instance_id FROM flagwright_client_instances WHERE app_name = 'stopping-app'")).toEqual([
      { instance_id: 'stopping-1' },
    ]);
  });

  it('adds up exactly what two instances on one database were sent, written concurrently', async () => {
    const b = await another();
    const sends: Promise<unknown>[] = [];
    const sent = { yes: 0, no: 0 };
    for (let i = 0; i < 20; i++) {
      const [fromA, fromB] = [
        { yes: 1 + (i % 3), no: i % 2 },
        { yes: 2, no: 1 },
      ];
      sent.yes += fromA.yes + fromB.yes;
      sent.no += fromA.no + fromB.no;
      sends.push(report(t, { shared: fromA, 'shared-2': { yes: 1 } }, i % 2 ? 'shop' : 'billing'));
      sends.push(report(b, { shared: fromB, 'shared-2': { no: 1 } }, i % 2 ? 'shop' : 'billing'));
      if (i % 5 === 4) sends.push(t.app.get(MetricsWriter).flush(), b.app.get(MetricsWriter).flush());
    }
    await Promise.all(sends);
    await Promise.all([t.app.get(MetricsWriter).flush(), b.app.get(MetricsWriter).flush()]);
    expect(sent).toEqual({ yes: 79, no: 30 });
    expect(await totals('shared')).toEqual(sent);
    expect(await totals('shared-2')).toEqual({ yes: 20, no: 20 });
    expect((await stored('shared')).map((row) => row.app_name)).toEqual(['billing', 'shop']);
    const found = await searched('shared');
    expect(found.environments.find((e: { name: string }) => e.name === 'development')).toMatchObject(sent);
  });
});

describe('SDK metrics retention', () => {
  let t: TestApp;
  const keptHours = async (feature: string, table = 'flagwright_client_metrics_hourly') =>
    (
      await t.db.query<{ hour_start: unknown }>(`SELECT hour_start FROM ${table} WHERE feature_name = :feature ORDER BY hour_start`, {
        feature,
      })
    ).map((row) => toIso(row.hour_start));

  beforeAll(async () => {
    t = await createTestApp({ ...NO_TIMED_WRITES, metricsRetentionHours: 48 });
    settleMidHour(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('deletes the hours that ended more than metricsRetentionHours ago, and keeps the rest', async () => {
    const edgeHour = hourOf(new Date(t.clock.now().getTime() - 48 * HOUR_MS));
    const hours = [-2, -1, 0, 1, 47].map((offset) => new Date(edgeHour.getTime() + offset * HOUR_MS));
    for (const hour of hours) await seedMetricsHour(t, 'retained', hour);
    expect(await t.app.get(MetricsRetention).deleteExpired()).toBe(4);
    const kept = hours.slice(2).map((hour) => hour.toISOString());
    expect(await keptHours('retained')).toEqual(kept);
    expect(await keptHours('retained', 'flagwright_client_metrics_variants_hourly')).toEqual(kept);

    t.clock.advance(2 * HOUR_MS);
    expect(await t.app.get(MetricsRetention).deleteExpired()).toBe(4);
    expect(await keptHours('retained')).toEqual(hours.slice(4).map((hour) => hour.toISOString()));
  });

  it('deletes expired hours when an instance starts', async () => {
    const old = hourOf(new Date(Date.now() - 60 * HOUR_MS));
    const recent = hourOf(new Date(Date.now() - 2 * HOUR_MS));
    await seedMetricsHour(t, 'at-start', old);
    await seedMetricsHour(t, 'at-start', recent);
    const starting = await createTestApp({ ...NO_TIMED_WRITES, metricsRetentionHours: 48 }, t.database);
    await starting.close();
    expect(await keptHours('at-start')).toEqual([recent.toISOString()]);
  });
});
