import type { Principal } from '../../core/access/principal.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/database/database.js';
import { AppError } from '../../core/errors/app-error.js';
import { ClientMetricsService } from './client-metrics.service.js';
import { ClientMetricsStore, type HourlyCount } from './client-metrics.store.js';

class FakeStore extends ClientMetricsStore {
  environments = new Map([
    ['development', 'development'],
    ['production', 'production'],
  ]);
  features = new Map([
    ['a', 'default'],
    ['b', 'other'],
  ]);
  counts: { environment: string; hourStart: Date; counts: HourlyCount[] }[] = [];
  seen: { names: string[]; environment: string }[] = [];
  advanced: { names: string[]; stage: string }[] = [];
  instances: unknown[] = [];

  async environmentType(environment: string) {
    return this.environments.get(environment);
  }
  async existingFeatures(names: string[], projects: string[] | 'all') {
    return names.filter((n) => this.features.has(n) && (projects === 'all' || projects.includes(this.features.get(n)!)));
  }
  async addHourlyCounts(environment: string, hourStart: Date, counts: HourlyCount[]) {
    this.counts.push({ environment, hourStart, counts });
  }
  async markSeen(names: string[], environment: string) {
    this.seen.push({ names, environment });
  }
  async advanceLifecycle(names: string[], stage: 'pre-live' | 'live') {
    this.advanced.push({ names, stage });
    return names;
  }
  async touchApplication() {}
  async touchInstance(instance: unknown) {
    this.instances.push(instance);
  }
}

const clientToken = (environment: string, projects = ['*']): Principal => ({ kind: 'api-token', tokenId: 1, tokenName: 't', type: 'client', environment, projects });
const adminToken: Principal = { kind: 'api-token', tokenId: 2, tokenName: 'admin', type: 'admin', environment: '*', projects: ['*'] };
const NOW = new Date('2024-05-01T10:30:00Z');

describe('ClientMetricsService', () => {
  let store: FakeStore;
  let service: ClientMetricsService;
  const db = { transaction: <T>(work: () => Promise<T>) => work() } as unknown as Database;
  const clock = { now: () => NOW } as Clock;
  const report = (toggles: Record<string, { yes: number; no: number }>, environment?: string) => ({
    appName: 'app',
    instanceId: 'i',
    environment,
    bucket: { start: new Date('2024-05-01T09:59:59Z'), stop: NOW, toggles: new Map(Object.entries(toggles).map(([k, v]) => [k, { ...v, variants: {} }])) },
  });

  beforeEach(() => {
    store = new FakeStore();
    service = new ClientMetricsService(store, db, clock);
  });

  it("counts in the hour of the bucket's start, in the token's environment, for known features of its projects", async () => {
    await service.record(report({ a: { yes: 2, no: 1 }, b: { yes: 1, no: 0 }, unknown: { yes: 1, no: 0 } }, 'production'), clientToken('development', ['default']));
    expect(store.counts).toEqual([{ environment: 'development', hourStart: new Date('2024-05-01T09:00:00Z'), counts: [{ featureName: 'a', yes: 2, no: 1 }] }]);
    expect(store.seen).toEqual([{ names: ['a'], environment: 'development' }]);
    expect(store.advanced).toEqual([{ names: ['a'], stage: 'pre-live' }]);
  });

  it('moves features to live from a production-type environment named by an admin token', async () => {
    await service.record(report({ a: { yes: 1, no: 0 }, b: { yes: 0, no: 4 } }, 'production'), adminToken);
    expect(store.advanced).toEqual([{ names: ['a', 'b'], stage: 'live' }]);
  });

  it('writes no counts for a report without evaluations, but still records the instance', async () => {
    await service.record(report({ a: { yes: 0, no: 0 } }), adminToken);
    expect(store.counts).toEqual([]);
    expect(store.instances).toEqual([{ appName: 'app', instanceId: 'i', environment: 'development', clientIp: undefined }]);
  });

  it('refuses an environment that does not exist', async () => {
    await expect(service.record(report({}, 'nowhere'), adminToken)).rejects.toMatchObject({ name: 'ValidationError', details: [{ path: '/body/environment' }] });
    const error = await service.record(report({}), clientToken('gone')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe('The environment "gone" of these credentials does not exist.');
  });
});
