import type { AddressInfo } from 'node:net';
import { EVENTS, InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { seedConfiguredFeature, seedStrategy } from '../helpers/seeds.js';
import { ADMIN_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_VARIANT = { name: 'disabled', enabled: false, feature_enabled: true };

describe('frontend API: POST /api/frontend and conditional answers', () => {
  let t: TestApp;
  const post = (body: unknown, token = FRONTEND_TOKEN) =>
    t
      .http()
      .post('/api/frontend')
      .set('Authorization', token)
      .send(body as object);

  beforeAll(async () => {
    t = await createTestApp();
    await seedConfiguredFeature(t, { name: 'for-u1', environments: { development: { enabled: true } } });
    await seedStrategy(t, { feature: 'for-u1', constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }] });
    await seedConfiguredFeature(t, { name: 'gold', environments: { development: { enabled: true } } });
    await seedStrategy(t, { feature: 'gold', constraints: [{ contextName: 'tier', operator: 'IN', values: ['gold'] }] });
  });

  afterAll(() => t.close());

  it('evaluates the context in the body as GET evaluates the query', async () => {
    const res = await post({ context: { userId: 'u1', appName: 'web', properties: { tier: 'gold' } } }).expect(200);
    expect(res.body).toEqual({
      toggles: [
        { name: 'for-u1', enabled: true, variant: NO_VARIANT, impressionData: false },
        { name: 'gold', enabled: true, variant: NO_VARIANT, impressionData: false },
      ],
    });
    const viaQuery = await t
      .http()
      .get('/api/frontend?userId=u1&appName=web&properties[tier]=gold')
      .set('Authorization', FRONTEND_TOKEN)
      .expect(200);
    expect(viaQuery.body).toEqual(res.body);
    // Other top-level fields are custom properties, as other query parameters are.
    expect((await post({ context: { tier: 'gold' } }).expect(200)).body.toggles.map((toggle: { name: string }) => toggle.name)).toEqual([
      'gold',
    ]);
    expect((await post({}).expect(200)).body).toEqual({ toggles: [] });
  });

  it('answers an ETag of the answer, and 304 when If-None-Match names it', async () => {
    const first = await post({ context: { userId: 'u1' } }).expect(200);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    await post({ context: { userId: 'u1' } })
      .set('If-None-Match', first.headers.etag)
      .expect(304);
    const other = await post({ context: { userId: 'u2' } })
      .set('If-None-Match', first.headers.etag)
      .expect(200);
    expect(other.headers.etag).not.toBe(first.headers.etag);
    const get = await t
      .http()
      .get('/api/frontend?userId=u1')
      .set('Authorization', FRONTEND_TOKEN)
      .set('If-None-Match', first.headers.etag)
      .set('Cache-Control', 'no-cache');
    expect(get.status).toBe(304);
  });

  it('refuses a context that is not an object of strings, naming the property', async () => {
    const cases: [unknown, string, string][] = [
      [{ context: 'u1' }, '/body/context', 'The `/body/context` property must be an object.'],
      [{ context: { userId: 7 } }, '/body/context/userId', 'The `/body/context/userId` property must be a string.'],
      [
        { context: { properties: ['a'] } },
        '/body/context/properties',
        'The `/body/context/properties` property must be an object of strings.',
      ],
      [
        { context: { properties: { tier: true } } },
        '/body/context/properties/tier',
        'The `/body/context/properties/tier` property must be a string.',
      ],
      [[1], '/body', 'The request body must be a JSON object with a `context` object.'],
    ];
    for (const [body, path, message] of cases) {
      const res = await post(body).expect(400);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'ValidationError', message, details: [{ path, message }] });
    }
  });

  it('refuses client tokens and callers without credentials, as GET does', async () => {
    await t.http().post('/api/frontend').send({ context: {} }).expect(401);
    const client = await t
      .http()
      .post('/api/frontend')
      .set('Authorization', 'default:development.test-client-secret-0123456789abcdef')
      .send({ context: {} })
      .expect(403);
    expect(client.body.name).toBe('NoAccessError');
  });
});

describe('unleash-proxy-client (the frontend SDK) against Flagwright', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedConfiguredFeature(t, { name: 'for-u1', environments: { development: { enabled: true } } });
    await seedStrategy(t, { feature: 'for-u1', constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }] });
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/frontend`;
  });

  afterAll(() => t.close());

  for (const usePOSTrequests of [false, true]) {
    it(`${usePOSTrequests ? 'POST' : 'GET'} mode: becomes ready, follows context changes, and its metrics arrive`, async () => {
      const appName = `web-${usePOSTrequests ? 'post' : 'get'}`;
      const client = new UnleashClient({
        url,
        clientKey: FRONTEND_TOKEN,
        appName,
        usePOSTrequests,
        refreshInterval: 0,
        metricsInterval: 60,
        metricsIntervalInitial: 0,
        storageProvider: new InMemoryStorageProvider(),
        context: { userId: 'u1' },
      });
      const errors: unknown[] = [];
      client.on(EVENTS.ERROR, (error: unknown) => errors.push(error));
      const ready = new Promise<void>((resolve) => client.on(EVENTS.READY, () => resolve()));
      await client.start();
      await ready;
      try {
        expect(client.isEnabled('for-u1')).toBe(true);
        await client.updateContext({ userId: 'u2' });
        expect(client.isEnabled('for-u1')).toBe(false);
        expect(client.getVariant('for-u1')).toEqual({ name: 'disabled', enabled: false, feature_enabled: false });
        await client.sendMetrics();
        expect(errors).toEqual([]);

        // Counted: isEnabled twice (yes, then no) and getVariant once (no), on top of the previous mode's counts.
        const expected = usePOSTrequests ? { yes: 2, no: 4 } : { yes: 1, no: 2 };
        const search = await t.http().get('/api/admin/search/features?query=for-u1').set('Authorization', ADMIN_TOKEN).expect(200);
        const development = search.body.features[0].environments.find(
          (environment: { name: string }) => environment.name === 'development',
        );
        expect({ yes: development.yes, no: development.no }).toEqual(expected);
      } finally {
        client.stop();
      }
    });
  }
});
