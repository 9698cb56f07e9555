import type { MockInstance } from 'vitest';
import { Database } from '../../src/core/database/database.js';
import { seedPerson } from '../helpers/seeds.js';
import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

/**
 * Credentials and grants are answered from memory (CredentialCache). A revoked credential or right must still be
 * refused at once on the instance that revoked it, and within one second on another instance on the same database.
 */
describe('credentials kept in memory', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, a.database);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  type Auth = { token?: string; cookie?: string };
  const get = (t: TestApp, path: string, auth: Auth) => {
    const request = t.http().get(path);
    if (auth.token) request.set('Authorization', auth.token);
    if (auth.cookie) request.set('Cookie', auth.cookie);
    return request;
  };
  const asAdmin = { Authorization: ADMIN_TOKEN };

  /** Repeats the request until it answers `status`; answers how long that took, failing after two seconds. */
  async function msUntil(status: number, request: () => PromiseLike<{ status: number }>): Promise<number> {
    const started = Date.now();
    for (;;) {
      if ((await request()).status === status) return Date.now() - started;
      if (Date.now() - started > 2000) throw new Error(`still not ${status} after 2 s`);
      await new Promise((done) => setTimeout(done, 20));
    }
  }

  const insertUser = (username: string, rootRole: number) => seedPerson(a, { username, name: username, rootRole });

  const unauthenticated = {
    id: expect.any(String),
    name: 'AuthenticationRequired',
    message: 'You must log in to use Unleash. The authorization header you sent is not a valid, unexpired token.',
  };
  const sessionEnded = {
    id: expect.any(String),
    name: 'AuthenticationRequired',
    message:
      'You must log in to use Unleash. Your session has expired or is not valid, so we could not authorize you. Try logging in at /auth/simple/login',
    path: '/auth/simple/login',
    type: 'password',
    defaultHidden: false,
  };
  const cannotReadTokens = {
    id: expect.any(String),
    name: 'NoAccessError',
    message:
      'You don\'t have the required permissions to perform this operation. To perform this action, you need one of the following permissions: "ADMIN", "READ_CLIENT_API_TOKEN", "READ_FRONTEND_API_TOKEN", "CREATE_CLIENT_API_TOKEN", "CREATE_FRONTEND_API_TOKEN", "UPDATE_CLIENT_API_TOKEN", "UPDATE_FRONTEND_API_TOKEN", "DELETE_CLIENT_API_TOKEN", "DELETE_FRONTEND_API_TOKEN".',
  };

  it('answers a known API token without asking the database again', async () => {
    const queries: MockInstance<Database['query']> = vi.spyOn(a.db, 'query');
    try {
      for (let i = 0; i < 5; i++) await get(a, '/api/admin/projects', { token: ADMIN_TOKEN }).expect(200);
      const tokenLookups = queries.mock.calls.filter(([sql]) => sql.includes('FROM flagwright_api_tokens'));
      expect(tokenLookups.length).toBeLessThanOrEqual(1);
    } finally {
      queries.mockRestore();
    }
  });

  it('refuses a deleted API token at once where it was deleted, and within a second on the other instance', async () => {
    const created = await a.http().post('/api/admin/api-tokens').set(asAdmin).send({ tokenName: 'short-lived', type: 'admin' }).expect(201);
    const token = created.body.secret as string;
    await get(a, '/api/admin/projects', { token }).expect(200);
    await get(b, '/api/admin/projects', { token }).expect(200);

    await a.http().delete(`/api/admin/api-tokens/${created.body.id}`).set(asAdmin).expect(200);

    expect((await get(a, '/api/admin/projects', { token }).expect(401)).body).toEqual(unauthenticated);
    expect(await msUntil(401, () => get(b, '/api/admin/projects', { token }))).toBeLessThan(1000);
    expect((await get(b, '/api/admin/projects', { token }).expect(401)).body).toEqual(unauthenticated);
    expect(await a.db.query('SELECT id FROM flagwright_api_tokens WHERE id = :id', { id: created.body.id })).toEqual([]);
  });

  it('refuses an API token the moment it expires, on every instance, though it was kept', async () => {
    const expiresAt = new Date(a.clock.now().getTime() + 3600_000);
    const created = await a
      .http()
      .post('/api/admin/api-tokens')
      .set(asAdmin)
      .send({ tokenName: 'expiring', type: 'admin', expiresAt: expiresAt.toISOString() })
      .expect(201);
    const token = created.body.secret as string;
    await get(a, '/api/admin/projects', { token }).expect(200);
    await get(b, '/api/admin/projects', { token }).expect(200);

    a.clock.advance(3600_000 - 1000);
    b.clock.advance(3600_000 - 1000);
    await get(a, '/api/admin/projects', { token }).expect(200);
    await get(b, '/api/admin/projects', { token }).expect(200);
    a.clock.advance(1000);
    b.clock.advance(1000);
    expect((await get(a, '/api/admin/projects', { token }).expect(401)).body).toEqual(unauthenticated);
    expect((await get(b, '/api/admin/projects', { token }).expect(401)).body).toEqual(unauthenticated);
  });

  it('refuses a logged-out session at once where it logged out, and within a second on the other instance', async () => {
    const userId = await insertUser('leaving', 2);
    const cookie = await sessionCookieFor(a, userId);
    await get(a, '/api/admin/user', { cookie }).expect(200);
    await get(b, '/api/admin/user', { cookie }).expect(200);

    await a.http().post('/logout').set('Cookie', cookie).expect(200);

    expect((await get(a, '/api/admin/user', { cookie }).expect(401)).body).toEqual(sessionEnded);
    expect(await msUntil(401, () => get(b, '/api/admin/user', { cookie }))).toBeLessThan(1000);
    expect((await get(b, '/api/admin/user', { cookie }).expect(401)).body).toEqual(sessionEnded);
    expect(await a.db.query('SELECT id_hash FROM flagwright_sessions WHERE user_id = :userId', { userId })).toEqual([]);
  });

  it('applies a changed root role at once where it changed, and within a second on the other instance', async () => {
    const userId = await insertUser('demoted', 2);
    const cookie = await sessionCookieFor(a, userId);
    await get(a, '/api/admin/api-tokens', { cookie }).expect(200);
    await get(b, '/api/admin/api-tokens', { cookie }).expect(200);

    await a.http().put(`/api/admin/user-admin/${userId}`).set(asAdmin).send({ rootRole: 3 }).expect(200);

    expect((await get(a, '/api/admin/api-tokens', { cookie }).expect(403)).body).toEqual(cannotReadTokens);
    expect(await msUntil(403, () => get(b, '/api/admin/api-tokens', { cookie }))).toBeLessThan(1000);
    expect((await get(b, '/api/admin/api-tokens', { cookie }).expect(403)).body).toEqual(cannotReadTokens);
    const [user] = await a.db.query<{ root_role_id: number }>('SELECT root_role_id FROM flagwright_users WHERE id = :userId', { userId });
    expect(Number(user.root_role_id)).toBe(3);
  });

  it('applies a permission taken from a role to its holders, here at once and there within a second', async () => {
    const role = await a
      .http()
      .post('/api/admin/roles')
      .set(asAdmin)
      .send({ name: 'Token reader', type: 'root-custom', permissions: [{ name: 'READ_CLIENT_API_TOKEN' }] })
      .expect(201);
    const cookie = await sessionCookieFor(a, await insertUser('token-reader', role.body.id));
    await get(a, '/api/admin/api-tokens', { cookie }).expect(200);
    await get(b, '/api/admin/api-tokens', { cookie }).expect(200);

    await a.http().put(`/api/admin/roles/${role.body.id}`).set(asAdmin).send({ name: 'Token reader', permissions: [] }).expect(200);

    expect((await get(a, '/api/admin/api-tokens', { cookie }).expect(403)).body).toEqual(cannotReadTokens);
    expect(await msUntil(403, () => get(b, '/api/admin/api-tokens', { cookie }))).toBeLessThan(1000);
    expect(await a.db.query('SELECT permission FROM flagwright_role_permissions WHERE role_id = :id', { id: role.body.id })).toEqual([]);
  });

  it('applies a group membership, given and taken, here at once and there within a second', async () => {
    const userId = await insertUser('grouped', 3);
    const cookie = await sessionCookieFor(a, userId);
    const group = await a.http().post('/api/admin/groups').set(asAdmin).send({ name: 'Editors by group', rootRole: 2 }).expect(201);
    await get(a, '/api/admin/api-tokens', { cookie }).expect(403);
    await get(b, '/api/admin/api-tokens', { cookie }).expect(403);

    await a
      .http()
      .post(`/api/admin/groups/${group.body.id}/users`)
      .set(asAdmin)
      .send({ users: [{ user: { id: userId } }] })
      .expect(200);
    await get(a, '/api/admin/api-tokens', { cookie }).expect(200);
    expect(await msUntil(200, () => get(b, '/api/admin/api-tokens', { cookie }))).toBeLessThan(1000);

    await a.http().delete(`/api/admin/groups/${group.body.id}/users/${userId}`).set(asAdmin).expect(200);
    expect((await get(a, '/api/admin/api-tokens', { cookie }).expect(403)).body).toEqual(cannotReadTokens);
    expect(await msUntil(403, () => get(b, '/api/admin/api-tokens', { cookie }))).toBeLessThan(1000);
    expect(await a.db.query('SELECT user_id FROM flagwright_group_users WHERE group_id = :id', { id: group.body.id })).toEqual([]);
  });
});
