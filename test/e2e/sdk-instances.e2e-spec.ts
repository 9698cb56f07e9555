import type { AddressInfo } from 'node:net';
import { InMemStorageProvider, Unleash } from 'unleash-client';
import { FeatureFlags } from '../../src/modules/evaluation/feature-flags.service.js';
import { createFlag, toggle } from '../helpers/sdk-fixtures.js';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const SPEC = { 'Unleash-Client-Spec': '5.2.0' };

async function urlOf(t: TestApp): Promise<string> {
  if (!t.app.getHttpServer().listening) await t.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/`;
}

/** The official Node SDK in one of its fetching modes, ready. */
async function startSdk(
  url: string,
  experimentalMode?: { type: 'polling'; format: 'delta' | 'full' } | { type: 'streaming' },
): Promise<Unleash> {
  const unleash = new Unleash({
    url,
    appName: 'sdk-instances-test',
    customHeaders: { Authorization: CLIENT_TOKEN },
    disableMetrics: true,
    refreshInterval: 100,
    storageProvider: new InMemStorageProvider(),
    ...(experimentalMode ? { experimentalMode } : {}),
  });
  unleash.on('error', () => undefined);
  await new Promise<void>((resolve) => unleash.once('synchronized', () => resolve()));
  return unleash;
}

describe("the official Node SDK's delta and streaming modes", () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createFlag(t, 'live');
    url = await urlOf(t);
  });

  afterAll(() => t.close());

  for (const mode of [{ type: 'polling', format: 'delta' } as const, { type: 'streaming' } as const]) {
    it(`${mode.type}${'format' in mode ? ` (${mode.format})` : ''}: receives a flag change within a second`, async () => {
      const unleash = await startSdk(url, mode);
      try {
        expect(unleash.isEnabled('live')).toBe(true);
        const changedAt = Date.now();
        await toggle(t, 'live', false);
        await expect.poll(() => unleash.isEnabled('live'), { timeout: 1_000, interval: 20 }).toBe(false);
        expect(Date.now() - changedAt).toBeLessThan(1_000);
        await toggle(t, 'live', true);
        await expect.poll(() => unleash.isEnabled('live'), { timeout: 1_000, interval: 20 }).toBe(true);
      } finally {
        unleash.destroy();
      }
    });
  }
});

describe('two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sdkInProcessEvaluation: true }, a.database);
    await createFlag(a, 'shared');
  });

  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const features = (t: TestApp, etag?: string) => {
    const req = t.http().get('/api/client/features').set('Authorization', CLIENT_TOKEN).set(SPEC);
    return etag ? req.set('If-None-Match', etag) : req;
  };
  const sharedOf = (body: { features: { name: string; enabled: boolean }[] }) => body.features.find((f) => f.name === 'shared')?.enabled;

  it("a change made through one is in the other's SDK answer (ETag and body) and in-process flags within a second", async () => {
    const before = await features(b).expect(200);
    expect(sharedOf(before.body)).toBe(true);
    expect((await features(a).expect(200)).headers.etag).toBe(before.headers.etag);
    const flagsOfB = b.app.get(FeatureFlags);
    await expect.poll(() => flagsOfB.isEnabled('shared'), { timeout: 1_000 }).toBe(true);
    let told = 0;
    const stop = flagsOfB.onChange(() => told++);

    const changedAt = Date.now();
    await toggle(a, 'shared', false);
    await expect.poll(async () => (await features(b, before.headers.etag)).status, { timeout: 1_000, interval: 20 }).toBe(200);
    expect(Date.now() - changedAt).toBeLessThan(1_000);
    const after = await features(b).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(sharedOf(after.body)).toBe(false);
    expect((await features(a).expect(200)).headers.etag).toBe(after.headers.etag);
    await expect.poll(() => flagsOfB.isEnabled('shared'), { timeout: 1_000, interval: 20 }).toBe(false);
    expect(told).toBeGreaterThan(0);
    stop();
  });

  it('a Node SDK polling one instance sees a change made through the other', async () => {
    const unleash = await startSdk(await urlOf(b));
    try {
      const expected = !unleash.isEnabled('shared');
      await toggle(a, 'shared', expected);
      await expect.poll(() => unleash.isEnabled('shared'), { timeout: 1_500, interval: 20 }).toBe(expected);
    } finally {
      unleash.destroy();
    }
  });
});
