import { ADMIN_TOKEN, adminUserToken, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

const FLAG = 'checkout-v2';
const ON_IN_PRODUCTION = `/api/admin/projects/default/features/${FLAG}/environments/production/on`;
const OFF_IN_PRODUCTION = `/api/admin/projects/default/features/${FLAG}/environments/production/off`;
const REFUSED = {
  id: expect.any(String),
  name: 'NoAccessError',
  message:
    'This request came from another site, so it cannot use your session: writes with a session cookie are accepted from Flagwright’s own pages only. Send an API token or a personal access token in the authorization header instead.',
};

/** What a browser adds to a form's POST from https://evil.example to the service. */
const CROSS_SITE = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };

describe('writes a browser sends from another site', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await sessionCookieFor(t, 1);
    await t.http().post('/api/admin/projects/default/features').set('Authorization', ADMIN_TOKEN).send({ name: FLAG }).expect(201);
  });
  afterAll(() => t.close());

  async function enabledInProduction(): Promise<boolean> {
    const res = await t.http().get(`/api/admin/projects/default/features/${FLAG}`).set('Authorization', ADMIN_TOKEN).expect(200);
    return res.body.environments.find((env: { name: string }) => env.name === 'production').enabled;
  }

  async function expectRefused(request: ReturnType<ReturnType<TestApp['http']>['post']>): Promise<void> {
    const res = await request.expect(403);
    expect(res.body).toEqual(REFUSED);
  }

  it('refuses a body-less POST with the session cookie from another site, and from a sibling subdomain', async () => {
    await expectRefused(t.http().post(ON_IN_PRODUCTION).set('Cookie', cookie).set(CROSS_SITE));
    await expectRefused(
      t.http().post(ON_IN_PRODUCTION).set('Cookie', cookie).set({ Origin: 'https://other.example.com', 'Sec-Fetch-Site': 'same-site' }),
    );
    // Browsers without Sec-Fetch-Site still send Origin; an opaque origin (a sandboxed frame, a redirect) says "null".
    await expectRefused(t.http().post(ON_IN_PRODUCTION).set('Cookie', cookie).set('Origin', 'https://evil.example'));
    await expectRefused(t.http().post(ON_IN_PRODUCTION).set('Cookie', cookie).set('Origin', 'null'));
    expect(await enabledInProduction()).toBe(false);
  });

  it('refuses logout, revive and unlock from another site too, and the session goes on', async () => {
    await expectRefused(t.http().post('/logout').set('Cookie', cookie).set(CROSS_SITE));
    await expectRefused(t.http().post(`/api/admin/archive/revive/${FLAG}`).set('Cookie', cookie).set(CROSS_SITE));
    await expectRefused(t.http().post('/api/admin/user-admin/1/unlock').set('Cookie', cookie).set(CROSS_SITE));
    await expectRefused(t.http().post('/auth/simple/login').set(CROSS_SITE).send({ username: 'admin', password: 'unleash4all' }));
    await t.http().get('/api/admin/user').set('Cookie', cookie).expect(200);
  });

  it('accepts the same write from the service’s own pages, and from clients that are not browsers', async () => {
    await t
      .http()
      .post(ON_IN_PRODUCTION)
      .set('Cookie', cookie)
      .set({ Origin: 'http://flags.example', 'Sec-Fetch-Site': 'same-origin' })
      .expect(200);
    expect(await enabledInProduction()).toBe(true);
    const host = 'flags.example:4242';
    await t
      .http()
      .post(OFF_IN_PRODUCTION)
      .set('Cookie', cookie)
      .set({ Host: host, Origin: `http://${host}` })
      .expect(200);
    expect(await enabledInProduction()).toBe(false);
    await t.http().post(ON_IN_PRODUCTION).set('Cookie', cookie).expect(200);
    expect(await enabledInProduction()).toBe(true);
  });

  it('leaves API tokens and personal access tokens unaffected, wherever the request comes from', async () => {
    await t.http().post(OFF_IN_PRODUCTION).set('Authorization', ADMIN_TOKEN).set(CROSS_SITE).expect(200);
    expect(await enabledInProduction()).toBe(false);
    await t
      .http()
      .post(ON_IN_PRODUCTION)
      .set('Authorization', await adminUserToken(t))
      .set(CROSS_SITE)
      .expect(200);
    expect(await enabledInProduction()).toBe(true);
  });
});
