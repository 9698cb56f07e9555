import { createTestApp, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('login: attempts per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 3, trustProxy: ['loopback'] });
  });
  afterAll(async () => {
    await t.close();
  });

  // The app trusts the loopback proxy (TRUST_PROXY=loopback), so X-Forwarded-For names the client address.
  const from = (address: string) => ({
    login: (body: unknown) =>
      t
        .http()
        .post('/auth/simple/login')
        .set('X-Forwarded-For', address)
        .send(body as object),
  });

  it('answers the attempt over SIMPLE_LOGIN_LIMIT_PER_MINUTE with 429 TooManyRequests and Retry-After', async () => {
    const client = from('203.0.113.10');
    const first = await client.login({ username: 'admin', password: 'wrong' }).expect(401);
    expect([first.headers['x-ratelimit-limit'], first.headers['x-ratelimit-remaining'], first.headers['x-ratelimit-reset']]).toEqual([
      '3',
      '2',
      '60',
    ]);
    await client.login({ username: 'admin', password: 'unleash4all' }).expect(200);
    await client.login({ username: 'nobody', password: 'x' }).expect(401);

    const limited = await client.login({ username: 'admin', password: 'unleash4all' }).expect(429);
    expect(limited.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'TooManyRequests',
      message: expect.stringMatching(/^Too many login attempts from your address\. Try again in \d+ seconds?\.$/),
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.message).toContain(`${retryAfter} second`);
    expect(limited.headers['set-cookie']).toBeUndefined();
  });

  it('limits before the content-type and body checks', async () => {
    const client = from('203.0.113.20');
    for (let i = 0; i < 3; i++) await client.login({ username: 'nobody', password: 'x' }).expect(401);
    await t.http().post('/auth/simple/login').set('X-Forwarded-For', '203.0.113.20').type('form').send('username=admin').expect(429);
    await client.login({ username: 'admin' }).expect(429);
  });

  it('counts every address on its own', async () => {
    for (let i = 0; i < 3; i++) await from('203.0.113.30').login({ username: 'nobody', password: 'x' }).expect(401);
    await from('203.0.113.30').login({ username: 'admin', password: 'unleash4all' }).expect(429);
    await from('203.0.113.31').login({ username: 'admin', password: 'unleash4all' }).expect(200);
  });

  it('does not limit other routes', async () => {
    for (let i = 0; i < 4; i++) await from('203.0.113.10').login({ username: 'admin', password: 'unleash4all' }).expect(429);
    for (let i = 0; i < 5; i++) await t.http().get('/health').set('X-Forwarded-For', '203.0.113.10').expect(200);
  });
});
