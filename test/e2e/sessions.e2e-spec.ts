import { toDate } from '../../src/core/database/database.js';
import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SESSION_ID = /^[0-9a-f]{32}$/;
const LOOPBACK = /^(::ffff:)?127\.0\.0\.1$|^::1$/;

describe('sessions a person can see: /api/admin/user/sessions, /api/admin/user-admin/{id}/sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  let serial = 0;
  const createUser = async () => {
    serial += 1;
    const res = await t
      .http()
      .post('/api/admin/user-admin')
      .set('Authorization', ADMIN_TOKEN)
      .send({ username: `sessioner${serial}`, password: 'Sup3r-secret', rootRole: 3 })
      .expect(201);
    return res.body as { id: number; username: string };
  };
  const signIn = async (username: string, userAgent: string) => {
    const res = await t
      .http()
      .post('/auth/simple/login')
      .set('User-Agent', userAgent)
      .send({ username, password: 'Sup3r-secret' })
      .expect(200);
    return (res.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
  };
  const sessionsOf = (cookie: string) => t.http().get('/api/admin/user/sessions').set('Cookie', cookie);
  const events = async (type: string) =>
    (await t.http().get(`/api/admin/events?type=${type}`).set('Authorization', ADMIN_TOKEN).expect(200)).body.events;

  it('lists the own active sessions, newest first: started, last seen, address, user agent, which is this one', async () => {
    const user = await createUser();
    const laptop = await signIn(user.username, 'Firefox/133.0');
    t.clock.advance(1000);
    const phone = await signIn(user.username, 'Mobile Safari/18');
    t.clock.advance(1000);
    const res = await sessionsOf(laptop).expect(200);
    const stored = await t.db.query<{ created_at: unknown; expires_at: unknown; last_seen_at: unknown }>(
      'SELECT created_at, expires_at, last_seen_at FROM flagwright_sessions WHERE user_id = :id ORDER BY created_at DESC',
      { id: user.id },
    );
    const iso = (value: unknown) => (value === null ? null : toDate(value)!.toISOString());
    expect(stored[1].last_seen_at).not.toBeNull();
    expect(res.body).toEqual({
      sessions: [
        {
          id: expect.stringMatching(SESSION_ID),
          createdAt: iso(stored[0].created_at),
          lastSeenAt: null,
          expiresAt: iso(stored[0].expires_at),
          address: expect.stringMatching(LOOPBACK),
          userAgent: 'Mobile Safari/18',
          current: false,
        },
        {
          id: expect.stringMatching(SESSION_ID),
          createdAt: iso(stored[1].created_at),
          lastSeenAt: iso(stored[1].last_seen_at),
          expiresAt: iso(stored[1].expires_at),
          address: expect.stringMatching(LOOPBACK),
          userAgent: 'Firefox/133.0',
          current: true,
        },
      ],
    });
    expect(Date.parse(res.body.sessions[0].createdAt) - Date.parse(res.body.sessions[1].createdAt)).toBeGreaterThanOrEqual(1000);
    expect(Date.parse(res.body.sessions[1].expiresAt) - Date.parse(res.body.sessions[1].createdAt)).toBe(48 * 3600_000);
    const fromPhone = await sessionsOf(phone).expect(200);
    expect(fromPhone.body.sessions.map((session: { current: boolean }) => session.current)).toEqual([true, false]);
  });

  it('ends one of the own sessions by its id: its cookie stops working, the others go on, an event is recorded', async () => {
    const user = await createUser();
    const laptop = await signIn(user.username, 'Firefox');
    t.clock.advance(1000);
    const phone = await signIn(user.username, 'Safari');
    const [phoneSession] = (await sessionsOf(laptop).expect(200)).body.sessions;
    await t.http().delete(`/api/admin/user/sessions/${phoneSession.id}`).set('Cookie', laptop).expect(200);
    await t.http().get('/api/admin/user').set('Cookie', phone).expect(401);
    const left = (await sessionsOf(laptop).expect(200)).body.sessions;
    expect(left.map((session: { userAgent: string }) => session.userAgent)).toEqual(['Firefox']);
    const [event] = await events('session-ended');
    expect(event).toMatchObject({
      type: 'session-ended',
      createdBy: user.username,
      createdByUserId: user.id,
      data: { userId: user.id, sessionId: phoneSession.id },
    });
  });

  it("answers 404 for a session that is not the caller's, and changes nothing", async () => {
    const owner = await createUser();
    const other = await createUser();
    const ownerCookie = await signIn(owner.username, 'Firefox');
    const [session] = (await sessionsOf(ownerCookie).expect(200)).body.sessions;
    const res = await t
      .http()
      .delete(`/api/admin/user/sessions/${session.id}`)
      .set('Cookie', await sessionCookieFor(t, other.id))
      .expect(404);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NotFoundError',
      message: `You have no active session with id ${session.id}.`,
    });
    await t.http().get('/api/admin/user').set('Cookie', ownerCookie).expect(200);
  });

  it('refuses API tokens with 403: they have no sessions', async () => {
    const res = await t.http().get('/api/admin/user/sessions').set('Authorization', ADMIN_TOKEN).expect(403);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NoAccessError',
      message: 'API tokens have no sessions; log in as a user.',
    });
  });

  it('lets an admin end every session of a user, recorded with how many; 404 for an unknown user, 403 for others', async () => {
    const user = await createUser();
    const cookies = [await signIn(user.username, 'A'), await signIn(user.username, 'B')];
    await t.http().delete(`/api/admin/user-admin/${user.id}/sessions`).set('Cookie', cookies[0]).expect(403);
    await t.http().delete(`/api/admin/user-admin/${user.id}/sessions`).set('Authorization', ADMIN_TOKEN).expect(200);
    for (const cookie of cookies) await t.http().get('/api/admin/user').set('Cookie', cookie).expect(401);
    const [event] = await events('user-sessions-ended');
    expect(event).toMatchObject({
      type: 'user-sessions-ended',
      createdBy: 'init-admin-token',
      data: { id: user.id, username: user.username, email: null, sessions: 2 },
    });
    const missing = await t.http().delete('/api/admin/user-admin/99999/sessions').set('Authorization', ADMIN_TOKEN).expect(404);
    expect(missing.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find user with id 99999.' });
  });

  it('takes effect on another instance on the same database within a second', async () => {
    const user = await createUser();
    const cookie = await signIn(user.username, 'Firefox');
    const other = await createTestApp({}, t.database);
    try {
      other.clock.advance(t.clock.now().getTime() - other.clock.now().getTime());
      await other.http().get('/api/admin/user').set('Cookie', cookie).expect(200);
      await t.http().delete(`/api/admin/user-admin/${user.id}/sessions`).set('Authorization', ADMIN_TOKEN).expect(200);
      const ended = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - ended < 1000) {
        status = (await other.http().get('/api/admin/user').set('Cookie', cookie)).status;
      }
      expect(status).toBe(401);
      expect(Date.now() - ended).toBeLessThan(1000);
    } finally {
      await other.app.close();
    }
  });
});
