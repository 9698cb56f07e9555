import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

describe('client addresses: TRUST_PROXY', () => {
  describe('by default (no proxy trusted)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ loginRateLimitPerMinute: 10 });
    });
    afterAll(async () => {
      await t.close();
    });

    it('ignores X-Forwarded-For: 13 logins each naming a new address are limited as one client, and events record the real address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 13; i++) {
        const res = await t
          .http()
          .post('/auth/simple/login')
          .set('X-Forwarded-For', `198.51.100.${i + 1}`)
          .send({ username: 'nobody', password: 'wrong' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429, 429]);
      const events = await t.db.query<{ ip: string }>("SELECT DISTINCT ip FROM flagwright_events WHERE type = 'user-login-failed'");
      expect(events.map((row) => row.ip)).toEqual([expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$|^::1$/)]);
      await t.http().get('/api/admin/user').set('Authorization', ADMIN_TOKEN).expect(403);
    });
  });

  describe('naming the proxy (TRUST_PROXY=loopback)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ loginRateLimitPerMinute: 10, trustProxy: ['loopback'] });
    });
    afterAll(async () => {
      await t.close();
    });

    it('takes the client address from the named proxy’s X-Forwarded-For', async () => {
      await t
        .http()
        .post('/auth/simple/login')
        .set('X-Forwarded-For', '198.51.100.77')
        .send({ username: 'nobody', password: 'wrong' })
        .expect(401);
      const [row] = await t.db.query<{ ip: string }>("SELECT ip FROM flagwright_events WHERE type = 'user-login-failed'");
      expect(row.ip).toBe('198.51.100.77');
    });
  });
});
