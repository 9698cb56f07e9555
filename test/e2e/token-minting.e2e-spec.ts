import { ADMIN_TOKEN, adminUserToken, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const REFUSED = {
  id: expect.stringMatching(UUID),
  name: 'NoAccessError',
  message:
    'A personal access token cannot create tokens or extend them: sign in (or use an admin API token), so that a leaked token cannot be turned into more tokens that outlive it.',
};

describe('tokens are made by people who signed in, not by personal access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const farFuture = () => new Date(t.clock.now().getTime() + 9999 * 24 * 3600_000).toISOString();
  const countOf = async (table: string) => Number((await t.db.query<{ c: number }>(`SELECT COUNT(*) AS c FROM ${table}`))[0].c);

  it("refuses an admin's personal access token every token-making route, and makes nothing", async () => {
    const pat = await adminUserToken(t);
    const before = [await countOf('flagwright_personal_access_tokens'), await countOf('flagwright_api_tokens')];
    const account = await t
      .http()
      .post('/api/admin/service-account')
      .set('Authorization', ADMIN_TOKEN)
      .send({ username: 'mint-robot', name: 'Robot', rootRole: 2 })
      .expect(201);
    const apiToken = await t
      .http()
      .post('/api/admin/api-tokens')
      .set('Authorization', ADMIN_TOKEN)
      .send({ tokenName: 'mint-sdk', type: 'client', environment: 'development' })
      .expect(201);
    const attempts = [
      t.http().post('/api/admin/user/tokens').send({ description: 'child', expiresAt: farFuture() }),
      t.http().post(`/api/admin/service-account/${account.body.id}/token`).send({ description: 'child', expiresAt: farFuture() }),
      t.http().post('/api/admin/api-tokens').send({ tokenName: 'child', type: 'admin' }),
      t.http().put(`/api/admin/api-tokens/${apiToken.body.id}`).send({ expiresAt: farFuture() }),
    ];
    for (const attempt of attempts) {
      const res = await attempt.set('Authorization', pat);
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: REFUSED });
    }
    expect([await countOf('flagwright_personal_access_tokens'), await countOf('flagwright_api_tokens')]).toEqual([
      before[0],
      before[1] + 1,
    ]);
  });

  it("refuses a service account's token too", async () => {
    const account = await t
      .http()
      .post('/api/admin/service-account')
      .set('Authorization', ADMIN_TOKEN)
      .send({ username: 'mint-admin-robot', name: 'Robot', rootRole: 1 })
      .expect(201);
    const token = await t
      .http()
      .post(`/api/admin/service-account/${account.body.id}/token`)
      .set('Authorization', ADMIN_TOKEN)
      .send({ description: 'ci', expiresAt: farFuture() })
      .expect(201);
    const res = await t
      .http()
      .post('/api/admin/api-tokens')
      .set('Authorization', token.body.secret)
      .send({ tokenName: 'from-robot', type: 'client', environment: 'development' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: REFUSED });
    // The token still does what it is for.
    await t.http().get('/api/admin/projects').set('Authorization', token.body.secret).expect(200);
  });

  it('lets a signed-in person and an admin API token make tokens', async () => {
    await t
      .http()
      .post('/api/admin/user/tokens')
      .set('Cookie', await sessionCookieFor(t, 1))
      .send({ description: 'mine', expiresAt: farFuture() })
      .expect(201);
    await t
      .http()
      .post('/api/admin/api-tokens')
      .set('Authorization', ADMIN_TOKEN)
      .send({ tokenName: 'by-admin-token', type: 'client', environment: 'development' })
      .expect(201);
  });
});
