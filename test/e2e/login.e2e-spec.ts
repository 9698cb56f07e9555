import { createHash } from 'node:crypto';
import { Algorithm, hashSync } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { seedServiceAccount } from '../helpers/seeds.js';
import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INVALID =
  'The combination of password and username you provided is invalid. If you have forgotten your password, visit /forgotten-password or get in touch with your instance administrator.';
const LOCKED_15 =
  'This login is temporarily locked after too many failed attempts. Try again in 15 minutes, or ask your instance administrator to unlock it.';
const MINUTE = 60_000;

describe('login: POST /auth/simple/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A high per-address limit: this file is about credentials and locks; login-throttle.e2e-spec.ts tests the limit.
    // Behind a proxy on loopback (TRUST_PROXY=loopback), whose X-Forwarded-Proto says whether the client used https.
    t = await createTestApp({ loginRateLimitPerMinute: 100_000, trustProxy: ['loopback'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: unknown, password: unknown) => t.http().post('/auth/simple/login').send({ username, password });
  const cookieOf = (res: { headers: Record<string, unknown> }) => (res.headers['set-cookie'] as string[])[0].split(';')[0];
  let serial = 0;
  /** A new person with a password, through the admin API. */
  const createUser = async (fields: Record<string, unknown> = {}) => {
    serial += 1;
    const res = await t
      .http()
      .post('/api/admin/user-admin')
      .set('Authorization', ADMIN_TOKEN)
      .send({ username: `person${serial}`, password: 'Sup3r-secret', rootRole: 3, ...fields })
      .expect(201);
    return res.body as { id: number; username: string; email?: string };
  };

  describe('success', () => {
    it('answers 200 with the user record as it is after the login, and never a hash', async () => {
      const before = t.clock.now().getTime();
      const res = await login('admin', 'unleash4all').expect(200);
      expect(res.body).toEqual({
        id: 1,
        name: 'admin',
        username: 'admin',
        imageUrl: `https://gravatar.com/avatar/${createHash('sha256').update('admin').digest('hex')}?s=42&d=retro&r=g`,
        loginAttempts: 0,
        emailSent: false,
        rootRole: 1,
        seenAt: expect.any(String),
        createdAt: expect.any(String),
        accountType: 'User',
        isAPI: false,
        permissions: [],
        scimId: null,
      });
      expect(new Date(res.body.seenAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(res.body.seenAt).getTime()).toBeLessThanOrEqual(t.clock.now().getTime() + 1000);
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|password|hash/i);
      const [row] = await t.db.query<{ seen_at: unknown }>('SELECT seen_at FROM flagwright_users WHERE id = 1');
      expect(row.seen_at).not.toBeNull();
    });

    it('sets an HttpOnly, SameSite=Lax session cookie that authenticates admin routes on its own', async () => {
      const res = await login('admin', 'unleash4all').expect(200);
      const cookies = res.headers['set-cookie'] as unknown as string[];
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatch(/^unleash-session=s%3A[0-9a-f]{64}\.[^;]+; Path=\/; Expires=[^;]+ GMT; HttpOnly; SameSite=Lax$/);
      const expires = new Date(/Expires=([^;]+)/.exec(cookies[0])![1]).getTime();
      expect(Math.abs(expires - (t.clock.now().getTime() + 48 * 3600_000))).toBeLessThan(5000);

      const users = await t.http().get('/api/admin/user-admin').set('Cookie', cookieOf(res)).expect(200);
      expect(users.body.users.map((u: { id: number }) => u.id)).toContain(1);
      const me = await t.http().get('/api/admin/user').set('Cookie', cookieOf(res)).expect(200);
      expect(me.body.user.id).toBe(1);
    });

    it('marks the cookie Secure when the request came over https', async () => {
      const res = await t
        .http()
        .post('/auth/simple/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ username: 'admin', password: 'unleash4all' })
        .expect(200);
      expect((res.headers['set-cookie'] as unknown as string[])[0]).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    });

    it('stores only a digest of the session id', async () => {
      const res = await login('admin', 'unleash4all').expect(200);
      const sessionId = decodeURIComponent(cookieOf(res).split('=')[1]).slice(2).split('.')[0];
      const rows = await t.db.query<{ id_hash: string }>('SELECT id_hash FROM flagwright_sessions');
      expect(rows.map((r) => r.id_hash)).toContain(createHash('sha256').update(sessionId).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(sessionId);
    });

    it('matches the username exactly and the email ignoring case', async () => {
      const user = await createUser({ email: 'Grace.Hopper@Example.com' });
      expect(user.email).toBe('grace.hopper@example.com');
      const byEmail = await login('  GRACE.hopper@example.COM ', 'Sup3r-secret').expect(200);
      expect(byEmail.body).toMatchObject({ id: user.id, email: 'grace.hopper@example.com', username: user.username });
      await login(user.username, 'Sup3r-secret').expect(200);
      const wrongCase = await login(user.username.toUpperCase(), 'Sup3r-secret').expect(401);
      expect(wrongCase.body.message).toBe(INVALID);
    });

    it('verifies a legacy bcrypt hash and replaces it with argon2id on success', async () => {
      const user = await createUser();
      // Planted in storage: no route writes a bcrypt hash, only users migrated from an older release have one.
      await t.db.execute('UPDATE flagwright_users SET password_hash = :hash WHERE id = :id', {
        id: user.id,
        hash: bcrypt.hashSync('Legacy-pass1', 10),
      });
      await login(user.username, 'wrong-password').expect(401);
      expect(
        (await t.db.one<{ password_hash: string }>('SELECT password_hash FROM flagwright_users WHERE id = :id', { id: user.id }))!
          .password_hash,
      ).toMatch(/^\$2[aby]\$/);
      await login(user.username, 'Legacy-pass1').expect(200);
      const [row] = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM flagwright_users WHERE id = :id', {
        id: user.id,
      });
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      await login(user.username, 'Legacy-pass1').expect(200);
    });

    it("stores OWASP's argon2id parameters, and replaces a hash made with others at the next successful login", async () => {
      const user = await createUser();
      const hashOf = async () =>
        (await t.db.one<{ password_hash: string }>('SELECT password_hash FROM flagwright_users WHERE id = :id', { id: user.id }))!
          .password_hash;
      expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const strongerButSlower = hashSync('Other-params1', {
        algorithm: Algorithm.Argon2id,
        memoryCost: 65_536,
        timeCost: 3,
        parallelism: 4,
      });
      // Planted in storage: every route hashes with OWASP's parameters, so only a direct write gives other ones.
      await t.db.execute('UPDATE flagwright_users SET password_hash = :hash WHERE id = :id', { id: user.id, hash: strongerButSlower });
      await login(user.username, 'wrong-password').expect(401);
      expect(await hashOf()).toBe(strongerButSlower);
      await login(user.username, 'Other-params1').expect(200);
      expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await login(user.username, 'Other-params1').expect(200);
    });

    it('keeps a hash with the same parameters written in another order (as hashes made with node-argon2 are)', async () => {
      const user = await createUser();
      // The service's hashes before it moved to @node-rs/argon2: 'Earlier-release1' at m=19456, t=2, p=1, written `m,p,t`.
      const earlier = '$argon2id$v=19$m=19456,p=1,t=2$sC9IqjkBliKBgxV/qSl5oQ$VilFTG6S5LLeM7DK9t8y/YGRo9cQilFSUaz1l1lQMUg';
      // Planted in storage: no route of this release writes the `m,p,t` order.
      await t.db.execute('UPDATE flagwright_users SET password_hash = :hash WHERE id = :id', { id: user.id, hash: earlier });
      await login(user.username, 'Earlier-release2').expect(401);
      await login(user.username, 'Earlier-release1').expect(200);
      const stored = await t.db.one<{ password_hash: string }>('SELECT password_hash FROM flagwright_users WHERE id = :id', {
        id: user.id,
      });
      expect(stored!.password_hash).toBe(earlier);
    });
  });

  describe('failure', () => {
    it('answers an unknown user and a wrong password identically', async () => {
      const unknown = await login('nobody-here', 'unleash4all').expect(401);
      const wrong = await login('admin', 'not-the-password').expect(401);
      for (const res of [unknown, wrong]) {
        expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'AuthenticationRequired', message: INVALID });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
      await login('admin', 'unleash4all').expect(200);
    });

    it('takes about as long for an unknown user as for a wrong password (a dummy hash is checked)', async () => {
      const time = async (username: string) => {
        const start = performance.now();
        await login(username, 'not-the-password').expect(401);
        return performance.now() - start;
      };
      await time('warm-up');
      const unknown = Math.min(await time('nobody-1'), await time('nobody-2'), await time('nobody-3'));
      const wrong = Math.min(await time('admin'), await time('admin'), await time('admin'));
      // Both run one argon2id verification; without the dummy hash an unknown user would answer in a few ms.
      expect(unknown).toBeGreaterThan(wrong * 0.5);
      await login('admin', 'unleash4all').expect(200);
    });

    it('refuses service accounts and people without a password with the same 401', async () => {
      const hash = (await t.db.one<{ password_hash: string }>('SELECT password_hash FROM flagwright_users WHERE id = 1'))!.password_hash;
      await seedServiceAccount(t, { username: 'robot', name: 'Robot', rootRole: 1, passwordHash: hash });
      const robot = await login('robot', 'unleash4all').expect(401);
      expect(robot.body).toEqual({ id: expect.stringMatching(UUID), name: 'AuthenticationRequired', message: INVALID });

      const passwordless = await t
        .http()
        .post('/api/admin/user-admin')
        .set('Authorization', ADMIN_TOKEN)
        .send({ username: 'no-password', rootRole: 3 })
        .expect(201);
      expect(passwordless.body.username).toBe('no-password');
      const res = await login('no-password', '').expect(401);
      expect(res.body.message).toBe(INVALID);
    });

    it('counts consecutive failures in loginAttempts and resets them on success', async () => {
      const user = await createUser();
      for (let i = 0; i < 3; i++) await login(user.username, `wrong-${i}`).expect(401);
      const read = await t.http().get(`/api/admin/user-admin/${user.id}`).set('Authorization', ADMIN_TOKEN).expect(200);
      expect(read.body.loginAttempts).toBe(3);
      const ok = await login(user.username, 'Sup3r-secret').expect(200);
      expect(ok.body.loginAttempts).toBe(0);
      const after = await t.http().get(`/api/admin/user-admin/${user.id}`).set('Authorization', ADMIN_TOKEN).expect(200);
      expect(after.body.loginAttempts).toBe(0);
      expect(after.body.seenAt).toBe(ok.body.seenAt);
    });
  });

  describe('request checks', () => {
    it('requires both properties, as strings, and nothing else (400 naming each)', async () => {
      const missing = await t.http().post('/auth/simple/login').send({ username: 'admin' }).expect(400);
      expect(missing.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message: 'The `/body/password` property is required. It was not present on the data you sent.',
        details: [
          { path: '/body/password', message: 'The `/body/password` property is required. It was not present on the data you sent.' },
        ],
      });
      const extra = await t
        .http()
        .post('/auth/simple/login')
        .send({ username: 'admin', password: 'unleash4all', remember: true })
        .expect(400);
      expect(extra.body.details).toEqual([
        {
          path: '/body/remember',
          message:
            'The `/body` object of the request does not allow additional properties. Your request included the `/body/remember` property.',
        },
      ]);
      const wrongTypes = await login(42, ['unleash4all']).expect(400);
      expect(wrongTypes.body.details).toEqual([
        { path: '/body/username', message: 'The `/body/username` property must be a string. You sent 42.' },
        { path: '/body/password', message: 'The `/body/password` property must be a string.' },
      ]);
      const nullName = await login(null, 'unleash4all').expect(400);
      expect(nullName.body.details).toEqual([
        { path: '/body/username', message: 'The `/body/username` property must be a string. You sent null.' },
      ]);
      expect(wrongTypes.body.message).not.toContain('unleash4all');
      const notObject = await t.http().post('/auth/simple/login').set('Content-Type', 'application/json').send('[]').expect(400);
      expect(notObject.body.details[0].path).toBe('/body');
    });

    it('answers a form-encoded body with 415 before looking at it', async () => {
      const res = await t.http().post('/auth/simple/login').type('form').send('username=admin&password=unleash4all').expect(415);
      expect(res.body.name).toBe('ContentTypeerror');
    });

    it('is described in the OpenAPI document as loginSchema → userSchema', async () => {
      const doc = (await t.http().get('/docs/openapi.json').expect(200)).body;
      const post = doc.paths['/auth/simple/login'].post;
      expect(post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/loginSchema');
      expect(post.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/userSchema');
      expect(doc.components.schemas.loginSchema.required).toEqual(['username', 'password']);
    });
  });

  describe('lockout', () => {
    const failTimes = async (username: string, times: number) => {
      for (let i = 0; i < times; i++) {
        const res = await login(username, `wrong-${i}`).expect(401);
        expect(res.body.message).toBe(INVALID);
      }
    };

    it('locks an account after 10 consecutive failures, even for the right password, until the lock expires', async () => {
      const user = await createUser();
      await failTimes(user.username, 10);
      const locked = await login(user.username, 'Sup3r-secret').expect(401);
      expect(locked.body).toEqual({ id: expect.stringMatching(UUID), name: 'AuthenticationRequired', message: LOCKED_15 });
      expect(locked.headers['set-cookie']).toBeUndefined();
      const read = await t.http().get(`/api/admin/user-admin/${user.id}`).set('Authorization', ADMIN_TOKEN).expect(200);
      expect(read.body.loginAttempts).toBe(10);
      const [row] = await t.db.query<{ failed_count: number; lock_count: number; locked_until: unknown }>(
        'SELECT failed_count, lock_count, locked_until FROM flagwright_login_failures WHERE login_name = :name',
        { name: ` account ${user.id}` },
      );
      expect({ failed: Number(row.failed_count), locks: Number(row.lock_count) }).toEqual({ failed: 0, locks: 1 });
      expect(row.locked_until).not.toBeNull();

      t.clock.advance(14 * MINUTE);
      const stillLocked = await login(user.username, 'Sup3r-secret').expect(401);
      expect(stillLocked.body.message).toBe(LOCKED_15.replace('15 minutes', '1 minute'));
      t.clock.advance(MINUTE + 1000);
      const ok = await login(user.username, 'Sup3r-secret').expect(200);
      expect(ok.body.loginAttempts).toBe(0);
      expect(await t.db.query('SELECT * FROM flagwright_login_failures WHERE login_name = :name', { name: ` account ${user.id}` })).toEqual(
        [],
      );
    });

    it('does not lock before the threshold', async () => {
      const user = await createUser();
      await failTimes(user.username, 9);
      await login(user.username, 'Sup3r-secret').expect(200);
      await failTimes(user.username, 9);
      await login(user.username, 'Sup3r-secret').expect(200);
    });

    it('locks unknown names the same way, with the same message as for real users', async () => {
      const user = await createUser();
      await failTimes(user.username, 10);
      await failTimes('no-such-person', 10);
      const real = await login(user.username, 'Sup3r-secret').expect(401);
      const unknown = await login('no-such-person', 'whatever').expect(401);
      expect(unknown.body.name).toBe(real.body.name);
      expect(unknown.body.message).toBe(real.body.message);
      expect(unknown.body.message).toContain('temporarily locked');
      t.clock.advance(16 * MINUTE);
      const afterwards = await login('no-such-person', 'whatever').expect(401);
      expect(afterwards.body.message).toBe(INVALID);
    });

    it('counts every name of an account on the account: the email in any case and the username share one lock', async () => {
      const user = await createUser({ email: 'locked.out@example.com' });
      for (const variant of ['Locked.Out@example.com', ' LOCKED.OUT@EXAMPLE.COM', 'locked.out@Example.com '])
        await login(variant, 'nope').expect(401);
      await failTimes(user.username, 7);
      for (const name of ['locked.out@example.com', user.username]) {
        const res = await login(name, 'Sup3r-secret').expect(401);
        expect(res.body.message).toBe(LOCKED_15);
      }
    });

    it('answers an empty password or username (which passport-local refuses unchecked) like any wrong password, and counts it', async () => {
      const user = await createUser();
      for (const [username, password] of [
        [user.username, ''],
        ['', 'whatever'],
      ]) {
        const res = await login(username, password).expect(401);
        expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'AuthenticationRequired', message: INVALID });
      }
      const read = await t.http().get(`/api/admin/user-admin/${user.id}`).set('Authorization', ADMIN_TOKEN).expect(200);
      expect(read.body.loginAttempts).toBe(1);
    });

    it('records every failure and every sign-in as an event, with the address', async () => {
      const user = await createUser({ email: 'evented@example.com' });
      await login('evented@example.com', 'wrong').expect(401);
      await login('nobody-here', 'wrong').expect(401);
      await login(user.username, 'Sup3r-secret').expect(200);
      const read = async (type: string) =>
        (await t.http().get(`/api/admin/events?type=${type}`).set('Authorization', ADMIN_TOKEN).expect(200)).body.events.slice(0, 2);
      const failed = await read('user-login-failed');
      expect(failed.map((event: { createdBy: string; data: unknown }) => [event.createdBy, event.data])).toEqual([
        ['unleash_system_user', { loginName: 'nobody-here', userId: null, reason: 'invalid' }],
        ['unleash_system_user', { loginName: 'evented@example.com', userId: user.id, reason: 'invalid' }],
      ]);
      const [signedIn] = await read('user-logged-in');
      expect(signedIn).toMatchObject({
        type: 'user-logged-in',
        createdBy: user.username,
        createdByUserId: user.id,
        data: { id: user.id, username: user.username, email: 'evented@example.com', method: 'password' },
      });
      const [row] = await t.db.query<{ ip: string }>("SELECT ip FROM flagwright_events WHERE type = 'user-logged-in' ORDER BY id DESC");
      expect(row.ip).toMatch(/127\.0\.0\.1|::1/);
    });

    it('locks for longer on each further lock', async () => {
      const user = await createUser();
      await failTimes(user.username, 10);
      t.clock.advance(15 * MINUTE + 1000);
      await failTimes(user.username, 10);
      const second = await login(user.username, 'Sup3r-secret').expect(401);
      expect(second.body.message).toContain('Try again in 30 minutes');
      t.clock.advance(16 * MINUTE);
      await login(user.username, 'Sup3r-secret').expect(401);
      t.clock.advance(15 * MINUTE);
      await login(user.username, 'Sup3r-secret').expect(200);
    });

    it('keeps the lock in the database, so another instance on the same database honours it', async () => {
      const user = await createUser();
      await failTimes(user.username, 10);
      const other = await createTestApp({ loginRateLimitPerMinute: 100_000 }, t.database);
      try {
        other.clock.advance(t.clock.now().getTime() - other.clock.now().getTime());
        const res = await other.http().post('/auth/simple/login').send({ username: user.username, password: 'Sup3r-secret' }).expect(401);
        expect(res.body.message).toContain('temporarily locked');
      } finally {
        await other.app.close();
      }
    });

    it('lets an admin unlock a user: lock and counters cleared, event recorded', async () => {
      const user = await createUser({ email: 'unlock.me@example.com' });
      await failTimes(user.username, 10);
      const viewer = await sessionCookieFor(t, user.id);
      await t.http().post(`/api/admin/user-admin/${user.id}/unlock`).set('Cookie', viewer).expect(403);

      const res = await t.http().post(`/api/admin/user-admin/${user.id}/unlock`).set('Authorization', ADMIN_TOKEN).expect(200);
      expect(res.body).toMatchObject({ id: user.id, username: user.username, loginAttempts: 0 });
      await login(user.username, 'Sup3r-secret').expect(200);
      await login('unlock.me@example.com', 'Sup3r-secret').expect(200);

      const events = await t.http().get('/api/admin/events?type=user-unlocked').set('Authorization', ADMIN_TOKEN).expect(200);
      const event = events.body.events.find((e: { data: { id: number } }) => e.data.id === user.id);
      expect(event).toMatchObject({
        type: 'user-unlocked',
        createdBy: 'init-admin-token',
        data: { id: user.id, username: user.username, email: 'unlock.me@example.com', loginAttempts: 0, locked: false },
        preData: { id: user.id, loginAttempts: 10, locked: true },
      });
      await t.http().post('/api/admin/user-admin/99999/unlock').set('Authorization', ADMIN_TOKEN).expect(404);
    });

    it('checks the body (400) before the lock', async () => {
      await failTimes('locked-name', 10);
      await t.http().post('/auth/simple/login').send({ username: 'locked-name' }).expect(400);
      const locked = await login('locked-name', 'x').expect(401);
      expect(locked.body.message).toContain('temporarily locked');
    });
  });

  describe('sessions', () => {
    it('ends the session on logout and clears the cookie', async () => {
      const res = await login('admin', 'unleash4all').expect(200);
      const cookie = cookieOf(res);
      await t.http().get('/api/admin/user').set('Cookie', cookie).expect(200);
      const out = await t.http().post('/logout').set('Cookie', cookie).expect(200);
      expect((out.headers['set-cookie'] as unknown as string[])[0]).toMatch(
        /^unleash-session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
      );
      const after = await t.http().get('/api/admin/user').set('Cookie', cookie).expect(401);
      expect(after.body.name).toBe('AuthenticationRequired');
    });

    it('gives a new session id at every sign-in and ends the one the browser came with', async () => {
      const user = await createUser();
      const planted = cookieOf(await login(user.username, 'Sup3r-secret').expect(200));
      const res = await t
        .http()
        .post('/auth/simple/login')
        .set('Cookie', planted)
        .send({ username: user.username, password: 'Sup3r-secret' })
        .expect(200);
      expect(cookieOf(res)).not.toBe(planted);
      await t.http().get('/api/admin/user').set('Cookie', planted).expect(401);
      await t.http().get('/api/admin/user').set('Cookie', cookieOf(res)).expect(200);
    });

    it('keeps at most 5 sessions per user: the 6th login drops the oldest', async () => {
      const user = await createUser();
      const cookies: string[] = [];
      for (let i = 0; i < 6; i++) {
        cookies.push(cookieOf(await login(user.username, 'Sup3r-secret').expect(200)));
        t.clock.advance(1000);
      }
      await t.http().get('/api/admin/user').set('Cookie', cookies[0]).expect(401);
      for (const cookie of cookies.slice(1)) await t.http().get('/api/admin/user').set('Cookie', cookie).expect(200);
      const [count] = await t.db.query<{ c: number }>('SELECT COUNT(*) AS c FROM flagwright_sessions WHERE user_id = :id', { id: user.id });
      expect(Number(count.c)).toBe(5);
    });

    it('expires the session after SESSION_TTL_HOURS (48)', async () => {
      const cookie = cookieOf(await login('admin', 'unleash4all').expect(200));
      t.clock.advance(47 * 3600_000);
      await t.http().get('/api/admin/user').set('Cookie', cookie).expect(200);
      t.clock.advance(3600_000 + 1000);
      await t.http().get('/api/admin/user').set('Cookie', cookie).expect(401);
    });
  });

  describe('hashing off the event loop', () => {
    it('answers /health quickly while 20 logins are being hashed', async () => {
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const timeHealth = async () => {
        const start = performance.now();
        await t.http().get('/health').expect(200);
        return performance.now() - start;
      };
      const idle: number[] = [];
      for (let i = 0; i < 5; i++) idle.push(await timeHealth());

      let finished = 0;
      const logins = Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? login('admin', 'unleash4all') : login(`ghost-${i}`, 'wrong-password')).then((res) => {
          finished += 1;
          return res.status;
        }),
      );
      // Time /health once the checks are under way (the first login has its answer) and most still wait their turn.
      while (finished === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      const busy: number[] = [];
      for (let i = 0; i < 5; i++) busy.push(await timeHealth());
      const inFlight = 20 - finished;
      const statuses = await Promise.all(logins);
      const show = (values: number[]) => values.map((ms) => `${ms.toFixed(1)} ms`).join(', ');
      console.log(
        `/health idle: ${show(idle)}; during 20 concurrent logins: ${show(busy)} (${inFlight} logins still running after the checks)`,
      );
      expect(inFlight).toBeGreaterThan(0);
      // A generous bound (the target is 50 ms): the median, so that one scheduling hiccup of a loaded machine does not decide.
      expect(median(busy)).toBeLessThan(200);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    });
  });
});
