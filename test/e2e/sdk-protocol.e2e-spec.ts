import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createFlag, toggle } from '../helpers/sdk-fixtures.js';
import { seedConfiguredFeature, seedSegment, seedStrategy } from '../helpers/seeds.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const SPEC = { 'Unleash-Client-Spec': '5.2.0' };

describe('SDK protocol: /api/client/features from memory', () => {
  let t: TestApp;
  let segmentId: number;

  beforeAll(async () => {
    t = await createTestApp();
    segmentId = await seedSegment(t, 'beta', null, [{ contextName: 'userId', operator: 'IN', values: ['u1'] }]);
    await seedConfiguredFeature(t, { name: 'seg-flag', environments: { development: { enabled: true } } });
    await seedStrategy(t, {
      feature: 'seg-flag',
      name: 'default',
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
      segments: [segmentId],
    });
    await createFlag(t, 'plain');
  });

  afterAll(() => t.close());

  const features = (headers: Record<string, string> = SPEC) =>
    t.http().get('/api/client/features').set('Authorization', CLIENT_TOKEN).set(headers);

  /** The answer's bytes as sent, over plain HTTP (supertest would decode them). */
  async function compressed(acceptEncoding: string): Promise<{ encoding?: string; vary?: string; etag?: string; body: Buffer }> {
    if (!t.app.getHttpServer().listening) await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const headers = { Authorization: CLIENT_TOKEN, 'Accept-Encoding': acceptEncoding, ...SPEC };
      httpRequest({ host: '127.0.0.1', port, path: '/api/client/features', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            encoding: res.headers['content-encoding'],
            vary: res.headers.vary,
            etag: res.headers.etag,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    });
  }

  it('answers a strong ETag, and a 304 with no body when If-None-Match names it, whatever Cache-Control says', async () => {
    const first = await features().expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await features({ ...SPEC, 'If-None-Match': etag, 'Cache-Control': 'no-cache' }).expect(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.text).toBe('');
    await features({ ...SPEC, 'If-None-Match': `"other", W/${etag}` }).expect(304);
    await features({ ...SPEC, 'If-None-Match': '"other"' }).expect(200);
    expect((await features().expect(200)).headers.etag).toBe(etag);
  });

  it('moves the ETag and the body with a change made through the admin API, at once', async () => {
    const before = await features().expect(200);
    await toggle(t, 'plain', false);
    const after = await features({ ...SPEC, 'If-None-Match': before.headers.etag }).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.features.find((f: { name: string }) => f.name === 'plain').enabled).toBe(false);
    await toggle(t, 'plain', true);
    const back = await features().expect(200);
    expect(back.body.features.find((f: { name: string }) => f.name === 'plain').enabled).toBe(true);
  });

  it('sends brotli or gzip as Accept-Encoding asks, the same JSON as the plain answer', async () => {
    const plain = await features({ ...SPEC, 'Accept-Encoding': 'identity' }).expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await compressed('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gz.vary).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(plain.body);
    const br = await compressed('gzip;q=0.5, br');
    expect(br.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(plain.body);
    expect((await compressed('br;q=0, gzip')).encoding).toBe('gzip');
    expect(gz.etag).toBe(plain.headers.etag);
  });

  it('inlines segment constraints for clients older than 4.2.0 or without Unleash-Client-Spec', async () => {
    const segmentConstraint = { contextName: 'userId', operator: 'IN', values: ['u1'], caseInsensitive: false, inverted: false };
    const own = { contextName: 'appName', operator: 'IN', values: ['web'], caseInsensitive: false, inverted: false };
    for (const headers of [{}, { 'Unleash-Client-Spec': '4.1.9' }] as Record<string, string>[]) {
      const res = await features(headers).expect(200);
      expect(res.body.segments).toEqual([]);
      const strategy = res.body.features.find((f: { name: string }) => f.name === 'seg-flag').strategies[0];
      expect(strategy.constraints).toEqual([segmentConstraint, own]);
      expect(strategy).not.toHaveProperty('segments');
    }
    const modern = await features({ 'Unleash-Client-Spec': '4.2.0' }).expect(200);
    expect(modern.body.segments).toEqual([{ id: segmentId, name: 'beta', constraints: [segmentConstraint] }]);
    const strategy = modern.body.features.find((f: { name: string }) => f.name === 'seg-flag').strategies[0];
    expect(strategy).toMatchObject({ constraints: [own], segments: [segmentId] });
    expect((await features({}).expect(200)).headers.etag).not.toBe(modern.headers.etag);
  });

  it('refuses an Unleash-Client-Spec that is not a version with a 400 naming the header', async () => {
    const res = await features({ 'Unleash-Client-Spec': 'five' }).expect(400);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'ValidationError',
      message: 'The `Unleash-Client-Spec` header must be a semantic version such as 5.2.0; it was "five".',
      details: [
        {
          path: '/headers/unleash-client-spec',
          message: 'The `Unleash-Client-Spec` header must be a semantic version such as 5.2.0; it was "five".',
        },
      ],
    });
  });
});

describe('SDK protocol: /api/client/delta and /api/client/streaming', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await createFlag(t, 'one');
  });

  afterAll(() => t.close());

  const delta = (etag?: string) => {
    const req = t.http().get('/api/client/delta').set('Authorization', CLIENT_TOKEN).set(SPEC);
    return etag ? req.set('If-None-Match', etag) : req;
  };

  it('hydrates, answers 304 while nothing changed, then sends only the changes', async () => {
    const first = await delta().expect(200);
    expect(first.body.events).toHaveLength(1);
    const [hydration] = first.body.events;
    expect(hydration).toMatchObject({ type: 'hydration', segments: [] });
    expect(hydration.features.map((f: { name: string }) => f.name)).toEqual(['one']);
    expect(first.headers.etag).toBe(`"${first.headers.etag.slice(1, -1).split(':')[0]}:${hydration.eventId}"`);

    await delta(first.headers.etag).expect(304);

    await toggle(t, 'one', false);
    await createFlag(t, 'two');
    await t.http().delete('/api/admin/projects/default/features/one').set('Authorization', ADMIN_TOKEN).expect(202);
    const changes = await delta(first.headers.etag).expect(200);
    const types = changes.body.events.map((e: { type: string }) => e.type);
    expect(types).not.toContain('hydration');
    const last = changes.body.events[changes.body.events.length - 1];
    expect(last).toEqual({ eventId: last.eventId, type: 'feature-removed', featureName: 'one', project: 'default' });
    expect(
      changes.body.events.some(
        (e: { type: string; feature?: { name: string; enabled: boolean } }) =>
          e.type === 'feature-updated' && e.feature?.name === 'two' && e.feature.enabled,
      ),
    ).toBe(true);
    const ids = changes.body.events.map((e: { eventId: number }) => e.eventId);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    expect(ids[0]).toBeGreaterThan(hydration.eventId);
    expect(changes.headers.etag).toMatch(new RegExp(`:${last.eventId}"$`));
    await delta(changes.headers.etag).expect(304);
  });

  it('hydrates a client whose tag it does not know (another instance, a restart)', async () => {
    const res = await delta('"elsewhere:3"').expect(200);
    expect(res.body.events.map((e: { type: string }) => e.type)).toEqual(['hydration']);
  });

  it('streams a hydration on connect and each change within a second', async () => {
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const received: { event: string; data: { events: { type: string; feature?: { name: string; enabled: boolean } }[] } }[] = [];
    let buffer = '';
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/client/streaming', headers: { Authorization: CLIENT_TOKEN, ...SPEC } });
    const opened = new Promise<{ status?: number; type?: string }>((resolve) =>
      req.on('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) received.push({ event, data: JSON.parse(data) });
          }
        });
        resolve({ status: res.statusCode, type: res.headers['content-type'] });
      }),
    );
    req.end();
    try {
      expect(await opened).toEqual({ status: 200, type: 'text/event-stream; charset=utf-8' });
      await expect.poll(() => received.length, { timeout: 2_000 }).toBe(1);
      expect(received[0].event).toBe('unleash-connected');
      expect(received[0].data.events[0].type).toBe('hydration');

      const changedAt = Date.now();
      await toggle(t, 'two', false);
      await expect.poll(() => received.length, { timeout: 1_000, interval: 20 }).toBe(2);
      expect(Date.now() - changedAt).toBeLessThan(1_000);
      expect(received[1]).toEqual({
        event: 'unleash-updated',
        data: {
          events: [expect.objectContaining({ type: 'feature-updated', feature: expect.objectContaining({ name: 'two', enabled: false }) })],
        },
      });
    } finally {
      req.destroy();
    }
  });
});
