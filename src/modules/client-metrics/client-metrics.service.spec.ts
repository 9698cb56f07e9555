import type { Principal } from '../../core/access/principal.js';
import type { Clock } from '../../core/clock.js';
import type { FlagwrightConfig } from '../../core/config/flagwright-config.js';
import type { Database } from '../../core/database/database.js';
import { AppError } from '../../core/errors/app-error.js';
import type { ToggleCounts } from './client-metrics.model.js';
import { ClientMetricsService } from './client-metrics.service.js';
import { lifecycleSteps, MAX_PENDING_ENTRIES, MetricsWriter } from './metrics-writer.js';
import { ReportingEnvironments } from './reporting-environments.js';
import { FakeClientMetricsStore } from './testing/client-metrics-store.fake.js';

const clientToken = (environment: string, projects = ['*']): Principal => ({
  kind: 'api-token',
  tokenId: 1,
  tokenName: 't',
  type: 'client',
  environment,
  projects,
});
const adminUser: Principal = { kind: 'user', id: 1, username: 'admin', email: null, name: null, isService: false, via: 'pat' };
const NOW = new Date('2024-05-01T10:30:00Z');
const HOUR = new Date('2024-05-01T09:00:00Z');

describe('ClientMetricsService with its MetricsWriter', () => {
  let store: FakeClientMetricsStore;
  let writer: MetricsWriter;
  let service: ClientMetricsService;
  let now: Date;
  const db = { transaction: <T>(work: () => Promise<T>) => work(), inTransaction: false } as unknown as Database;
  const clock = { now: () => now } as Clock;
  const config = { metricsFlushIntervalSeconds: 5 } as FlagwrightConfig;
  const report = (toggles: Record<string, Partial<ToggleCounts>>, environment?: string) => ({
    appName: 'app',
    instanceId: 'i',
    environment,
    bucket: {
      start: new Date('2024-05-01T09:59:59Z'),
      stop: NOW,
      toggles: new Map(Object.entries(toggles).map(([k, v]) => [k, { yes: v.yes ?? 0, no: v.no ?? 0, variants: v.variants ?? {} }])),
    },
  });

  beforeEach(() => {
    now = NOW;
    store = new FakeClientMetricsStore();
    const environments = new ReportingEnvironments(store);
    writer = new MetricsWriter(store, environments, db, config);
    writer.useFeatureUsage(store);
    service = new ClientMetricsService(writer, environments, clock);
  });

  it("holds reports in memory, then counts in the hour of the bucket's start, in the token's environment, for known features of its projects", async () => {
    await service.record(
      report({ a: { yes: 2, no: 1, variants: { red: 2 } }, b: { yes: 1 }, unknown: { yes: 1 } }, 'production'),
      clientToken('development', ['default']),
    );
    await service.record(report({ a: { yes: 1 } }), clientToken('development', ['default']));
    expect(store.counts.size).toBe(0);
    await writer.flush();
    expect([...store.counts]).toEqual([[`a|app|development|${HOUR.toISOString()}`, { yes: 3, no: 1 }]]);
    expect([...store.variants]).toEqual([['a|red', 2]]);
    expect([...store.seen]).toEqual([['a|development', NOW]]);
    expect(store.stages).toEqual([{ featureName: 'a', stage: 'pre-live', at: NOW }]);
    expect(store.instances).toEqual([{ appName: 'app', instanceId: 'i', environment: 'development', seenAt: NOW }]);
  });

  it('reads an environment once, then answers from memory', async () => {
    await service.record(report({ a: { yes: 1 } }), clientToken('development'));
    await service.record(report({ a: { yes: 1 } }), clientToken('development'));
    expect(store.environmentReads).toBe(1);
  });

  it('moves features to live from a production-type environment named by an admin user', async () => {
    await service.record(report({ a: { yes: 1 }, b: { no: 4 } }, 'production'), adminUser);
    await writer.flush();
    expect(store.stages.map((s) => [s.featureName, s.stage])).toEqual([
      ['a', 'live'],
      ['b', 'live'],
    ]);
  });

  it('refuses an environment that does not exist, naming the property when the body named it', async () => {
    await expect(service.record(report({}, 'nowhere'), adminUser)).rejects.toMatchObject({
      name: 'ValidationError',
      details: [{ path: '/body/environment' }],
    });
    const error = await service.record(report({}), clientToken('gone')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe('The environment "gone" of these credentials does not exist.');
  });

  it('drops the counts of an environment deleted before the write, and forgets it', async () => {
    await service.record(report({ a: { yes: 1 } }, 'production'), adminUser);
    store.environments.delete('production');
    await writer.flush();
    expect(store.counts.size).toBe(0);
    await expect(service.record(report({ a: { yes: 1 } }, 'production'), adminUser)).rejects.toMatchObject({
      details: [{ path: '/body/environment' }],
    });
  });

  it("counts a bulk report only in the client token's own environment", async () => {
    const metric = (environment: string, yes: number) => ({
      featureName: 'a',
      appName: 'edge-app',
      environment,
      timestamp: NOW,
      counts: { yes, no: 0, variants: {} },
    });
    const bulk = {
      applications: [
        { appName: 'edge-app', instanceId: 'e1', environment: 'development', strategies: ['default'] },
        { appName: 'edge-app', instanceId: 'e2', environment: 'production' },
      ],
      metrics: [metric('development', 3), metric('production', 5)],
    };
    await service.recordBulk(bulk, clientToken('development'));
    await writer.flush();
    expect([...store.counts]).toEqual([['a|edge-app|development|2024-05-01T10:00:00.000Z', { yes: 3, no: 0 }]]);
    expect(store.instances.map((i) => i.instanceId)).toEqual(['e1']);
    expect(store.applications.get('edge-app')?.strategies).toEqual(['default']);
  });

  it('keeps a batch whose write failed and writes it with the next one', async () => {
    await service.record(report({ a: { yes: 1 } }), clientToken('development'));
    store.failNextWrite = true;
    await expect(writer.flush()).rejects.toThrow('database unavailable');
    await service.record(report({ a: { yes: 2 } }), clientToken('development'));
    await writer.flush();
    expect([...store.counts.values()]).toEqual([{ yes: 3, no: 0 }]);
  });

  it('writes at once when the batch grows past its bound, and after the stop', async () => {
    const many = Object.fromEntries(Array.from({ length: MAX_PENDING_ENTRIES }, (_, i) => [`f${i}`, { yes: 1 }]));
    store.features = new Map(Object.keys(many).map((name) => [name, 'default']));
    await service.record(report(many), clientToken('development'));
    await vi.waitFor(() => expect(store.counts.size).toBe(MAX_PENDING_ENTRIES));
    await writer.onApplicationShutdown();
    await service.record(report({ f1: { no: 1 } }), clientToken('development'));
    expect(store.counts.get(`f1|app|development|${HOUR.toISOString()}`)).toEqual({ yes: 1, no: 1 });
  });

  it('does not write for a reader inside a transaction', async () => {
    const inTransaction = new MetricsWriter(
      store,
      new ReportingEnvironments(store),
      { ...db, inTransaction: true } as unknown as Database,
      config,
    );
    inTransaction.add((batch) =>
      batch.count({ environment: 'development', projects: 'all' }, 'app', NOW, [['a', { yes: 1, no: 0, variants: {} }]], NOW),
    );
    await inTransaction.flushPending();
    expect(store.counts.size).toBe(0);
  });
});

describe('lifecycleSteps', () => {
  const types = new Map([
    ['development', 'development'],
    ['production', 'production'],
  ]);
  const seen = (featureName: string, environment: string, first: string) => ({
    featureName,
    environment,
    firstSeenAt: new Date(first),
    lastSeenAt: new Date(first),
  });

  it('passes pre-live first when a feature was seen outside production before, and goes straight to live otherwise', () => {
    const steps = lifecycleSteps(
      [
        seen('dev-then-prod', 'development', '2024-05-01T10:00:00Z'),
        seen('dev-then-prod', 'production', '2024-05-01T10:05:00Z'),
        seen('prod-then-dev', 'production', '2024-05-01T10:00:00Z'),
        seen('prod-then-dev', 'development', '2024-05-01T10:05:00Z'),
      ],
      types,
    );
    expect(steps.preLive.map((e) => e.featureName)).toEqual(['dev-then-prod']);
    expect(steps.live.map((e) => [e.featureName, e.at.toISOString()])).toEqual([
      ['dev-then-prod', '2024-05-01T10:05:00.000Z'],
      ['prod-then-dev', '2024-05-01T10:00:00.000Z'],
    ]);
  });
});
