import { createHash } from 'node:crypto';
import { eventsOf } from '../helpers/events.js';
import { seedGroup, seedServiceAccount } from '../helpers/seeds.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const gravatar = (key: string) => `https://gravatar.com/avatar/${createHash('sha256').update(key).digest('hex')}?s=42&d=retro&r=g`;

describe('users: /api/admin/user-admin and /api/admin/user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = () => ({
    get: (path: string) => t.http().get(path).set('Authorization', ADMIN_TOKEN),
    post: (path: string, body?: object) => t.http().post(path).set('Authorization', ADMIN_TOKEN).send(body),
    put: (path: string, body: object) => t.http().put(path).set('Authorization', ADMIN_TOKEN).send(body),
    delete: (path: string) => t.http().delete(path).set('Authorization', ADMIN_TOKEN),
  });
  const login = (username: string, password: string) => t.http().post('/auth/simple/login').send({ username, password });
  const cookieOf = (res: { headers: Record<string, unknown> }) => (res.headers['set-cookie'] as string[])[0].split(';')[0];
  let serial = 0;
  const createUser = async (fields: Record<string, unknown> = {}) => {
    serial += 1;
    const res = await admin()
      .post('/api/admin/user-admin', { username: `member${serial}`, password: 'Sup3r-secret', rootRole: 3, ...fields })
      .expect(201);
    return res.body as { id: number; username: string; email?: string; rootRole: number };
  };

  describe('listing and reading', () => {
    it('lists people with the root roles', async () => {
      const res = await admin().get('/api/admin/user-admin').expect(200);
      expect(res.body.rootRoles).toEqual([
        { id: 1, name: 'Admin', description: expect.any(String), type: 'root' },
        { id: 2, name: 'Editor', description: expect.any(String), type: 'root' },
        { id: 3, name: 'Viewer', description: expect.any(String), type: 'root' },
      ]);
      expect(res.body.users[0]).toEqual({
        id: 1,
        name: 'admin',
        username: 'admin',
        imageUrl: gravatar('admin'),
        loginAttempts: 0,
        emailSent: false,
        rootRole: 1,
        seenAt: null,
        createdAt: expect.stringMatching(ISO),
        accountType: 'User',
        isAPI: false,
        permissions: [],
        scimId: null,
      });
    });

    it('leaves service accounts out', async () => {
      const id = await seedServiceAccount(t, { username: 'svc-bot', name: 'Bot' });
      const res = await admin().get('/api/admin/user-admin').expect(200);
      expect(res.body.users.map((u: { username: string }) => u.username)).not.toContain('svc-bot');
      await admin().get(`/api/admin/user-admin/${id}`).expect(404);
    });

    it('needs ADMIN: 401 without credentials, 403 for a Viewer and for client tokens', async () => {
      const viewer = await createUser();
      const cookie = await sessionCookieFor(t, viewer.id);
      expect((await t.http().get('/api/admin/user-admin').expect(401)).body.name).toBe('AuthenticationRequired');
      const forbidden = await t.http().get('/api/admin/user-admin').set('Cookie', cookie).expect(403);
      expect(forbidden.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message:
          'You don\'t have the required permissions to perform this operation. To perform this action, you need the "ADMIN" permission.',
      });
      await t.http().post('/api/admin/user-admin').set('Cookie', cookie).send({ username: 'x', rootRole: 3 }).expect(403);
      await t.http().get('/api/admin/user-admin').set('Authorization', CLIENT_TOKEN).expect(403);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await admin().get('/api/admin/user-admin/4242').expect(404);
      expect(missing.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'Could not find user with id 4242.',
      });
      const malformed = await admin().get('/api/admin/user-admin/abc').expect(400);
      expect(malformed.body.details[0].path).toBe('/params/id');
    });
  });

  describe('creating', () => {
    it('creates a user: 201, location, the user record, stored with a hash only, an event without secrets', async () => {
      const res = await admin()
        .post('/api/admin/user-admin', {
          username: '  ada ',
          email: ' Ada.Lovelace@Example.COM ',
          name: 'Ada Lovelace',
          password: 'Analytical-Engine-1',
          rootRole: 2,
        })
        .expect(201);
      expect(res.headers.location).toBe(`/api/admin/user-admin/${res.body.id}`);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: 'Ada Lovelace',
        email: 'ada.lovelace@example.com',
        username: 'ada',
        imageUrl: gravatar('ada.lovelace@example.com'),
        loginAttempts: 0,
        emailSent: false,
        rootRole: 2,
        seenAt: null,
        createdAt: expect.stringMatching(ISO),
        accountType: 'User',
        isAPI: false,
        permissions: [],
        scimId: null,
      });
      expect((await admin().get(res.headers.location).expect(200)).body).toEqual(res.body);

      const [row] = await t.db.query<{ password_hash: string; email: string }>(
        'SELECT password_hash, email FROM flagwright_users WHERE id = :id',
        {
          id: res.body.id,
        },
      );
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.email).toBe('ada.lovelace@example.com');

      const event = (await eventsOf(t, { type: 'user-created' })).find((e) => e.data.id === res.body.id)!;
      expect(event).toMatchObject({
        createdBy: 'init-admin-token',
        data: { id: res.body.id, username: 'ada', email: 'ada.lovelace@example.com', name: 'Ada Lovelace', rootRole: 2 },
      });
      expect(JSON.stringify(event)).not.toMatch(/Analytical-Engine-1|argon2/);

      const session = await login('ADA.lovelace@example.com', 'Analytical-Engine-1').expect(200);
      expect(session.body.id).toBe(res.body.id);
    });

    it('accepts an email without a username, a username without an email, and a root role by name', async () => {
      const byEmail = await admin().post('/api/admin/user-admin', { email: 'only.email@example.com', rootRole: 'Viewer' }).expect(201);
      expect(byEmail.body).toMatchObject({ email: 'only.email@example.com', username: null, name: null, rootRole: 3 });
      const byUsername = await admin()
        .post('/api/admin/user-admin', { username: 'only-username', rootRole: 1, sendEmail: false })
        .expect(201);
      expect(byUsername.body).toMatchObject({ username: 'only-username', rootRole: 1, emailSent: false });
      expect(byUsername.body).not.toHaveProperty('email');
    });

    it('refuses a body with neither username nor email, and reports every problem at once', async () => {
      const res = await admin()
        .post('/api/admin/user-admin', { name: 'Nobody', rootRole: 'x'.repeat(0), password: 'short', extra: true })
        .expect(400);
      expect(res.body.name).toBe('ValidationError');
      expect(res.body.details).toEqual(
        expect.arrayContaining([
          {
            path: '/body/email',
            message:
              'The `/body/email` property is required when no username is given: a user needs an email, a username, or both. You sent nothing.',
          },
          {
            path: '/body/password',
            message:
              'The `/body/password` property must be 8 to 128 characters long and contain at least three of: a lower-case letter, an upper-case letter, a digit, a symbol.',
          },
          { path: '/body/rootRole', message: expect.stringContaining('must be the id of a root role') },
          { path: '/body/extra', message: expect.stringContaining('does not allow additional properties') },
        ]),
      );
      expect(res.body.details).toHaveLength(4);
      expect(JSON.stringify(res.body)).not.toContain('short');
    });

    it('requires a root role and checks that it exists and is a root role', async () => {
      const missing = await admin().post('/api/admin/user-admin', { username: 'no-role' }).expect(400);
      expect(missing.body.details).toEqual([
        { path: '/body/rootRole', message: 'The `/body/rootRole` property is required. It was not present on the data you sent.' },
      ]);
      const projectRole = await admin().post('/api/admin/user-admin', { username: 'owner-role', rootRole: 4 }).expect(400);
      expect(projectRole.body).toMatchObject({
        name: 'ValidationError',
        message: 'The `/body/rootRole` property must name an existing root role, but there is no root role with id 4.',
        details: [{ path: '/body/rootRole' }],
      });
      const unknownName = await admin().post('/api/admin/user-admin', { username: 'owner-role', rootRole: 'Owner' }).expect(400);
      expect(unknownName.body.message).toContain('no root role named "Owner"');
      for (const rootRole of [0, 1.5, -1, true, null])
        await admin().post('/api/admin/user-admin', { username: 'bad-role', rootRole }).expect(400);
      expect(await t.db.query(`SELECT id FROM flagwright_users WHERE username IN ('no-role', 'owner-role', 'bad-role')`)).toEqual([]);
    });

    it('refuses malformed emails and weak passwords', async () => {
      const email = await admin().post('/api/admin/user-admin', { email: 'not-an-email', rootRole: 3 }).expect(400);
      expect(email.body.details).toEqual([
        {
          path: '/body/email',
          message: 'The `/body/email` property must be an email address of at most 255 characters. You sent "not-an-email".',
        },
      ]);
      for (const password of ['Abc1!', 'alllowercase1', 'ALLUPPERCASE!', 'unleash4all']) {
        const res = await admin().post('/api/admin/user-admin', { username: 'weak', password, rootRole: 3 }).expect(400);
        expect(res.body.details[0].path).toBe('/body/password');
        expect(res.body.message).not.toContain(password);
      }
      await admin().post('/api/admin/user-admin', { username: '   ', rootRole: 3 }).expect(400);
    });

    it('answers 409 when the username or email is taken, also by a service account, emails ignoring case', async () => {
      const existing = await createUser({ email: 'taken@example.com' });
      const username = await admin().post('/api/admin/user-admin', { username: existing.username, rootRole: 3 }).expect(409);
      expect(username.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NameExistsError',
        message: `A user or service account with the username "${existing.username}" already exists.`,
      });
      const email = await admin().post('/api/admin/user-admin', { email: 'TAKEN@example.com', rootRole: 3 }).expect(409);
      expect(email.body.message).toBe('A user with the email "taken@example.com" already exists.');
      await admin().post('/api/admin/user-admin', { username: 'svc-bot', rootRole: 3 }).expect(409);
      expect((await eventsOf(t, { type: 'user-created' })).filter((e) => e.data.email === 'taken@example.com')).toHaveLength(1);
    });

    it('refuses a form body with 415', async () => {
      await t.http().post('/api/admin/user-admin').set('Authorization', ADMIN_TOKEN).type('form').send('username=x&rootRole=3').expect(415);
    });
  });

  describe('updating', () => {
    it('changes name, email and root role; keeps what is omitted; records before and after', async () => {
      const user = await createUser({ name: 'Before', email: 'before@example.com' });
      const res = await admin()
        .put(`/api/admin/user-admin/${user.id}`, { name: 'After', email: 'AFTER@example.com', rootRole: 2 })
        .expect(200);
      expect(res.body).toMatchObject({
        id: user.id,
        name: 'After',
        email: 'after@example.com',
        username: user.username,
        rootRole: 2,
        imageUrl: gravatar('after@example.com'),
      });
      const kept = await admin().put(`/api/admin/user-admin/${user.id}`, { name: 'Again' }).expect(200);
      expect(kept.body).toMatchObject({ name: 'Again', email: 'after@example.com', rootRole: 2 });
      const event = (await eventsOf(t, { type: 'user-updated' })).find((e) => e.data.id === user.id && e.data.name === 'After')!;
      expect(event.preData).toEqual({ id: user.id, name: 'Before', username: user.username, email: 'before@example.com', rootRole: 3 });
      expect(event.data).toEqual({ id: user.id, name: 'After', username: user.username, email: 'after@example.com', rootRole: 2 });
    });

    it('ignores read-only properties clients send back, but refuses a password', async () => {
      const user = await createUser();
      const read = (await admin().get(`/api/admin/user-admin/${user.id}`).expect(200)).body;
      await admin()
        .put(`/api/admin/user-admin/${user.id}`, { ...read, name: 'Round trip' })
        .expect(200);
      const res = await admin().put(`/api/admin/user-admin/${user.id}`, { password: 'Sup3r-secret-2' }).expect(400);
      expect(res.body.details).toEqual([
        {
          path: '/body/password',
          message:
            'The `/body/password` property cannot be changed with this request; use POST /api/admin/user-admin/{id}/change-password.',
        },
      ]);
    });

    it('removes an email only from a user who has a username', async () => {
      const withUsername = await createUser({ email: 'removable@example.com' });
      const removed = await admin().put(`/api/admin/user-admin/${withUsername.id}`, { email: null }).expect(200);
      expect(removed.body).not.toHaveProperty('email');
      const emailOnly = await admin().post('/api/admin/user-admin', { email: 'needed@example.com', rootRole: 3 }).expect(201);
      const refused = await admin().put(`/api/admin/user-admin/${emailOnly.body.id}`, { email: null }).expect(400);
      expect(refused.body.details[0].path).toBe('/body/email');
    });

    it('answers 400 (body), then 404 (user), then 409 (email taken)', async () => {
      await admin().put('/api/admin/user-admin/4242', { email: 'nope' }).expect(400);
      await admin().put('/api/admin/user-admin/4242', { name: 'x' }).expect(404);
      await admin().put('/api/admin/user-admin/4242', { rootRole: 99 }).expect(404);
      const a = await createUser({ email: 'first@example.com' });
      const b = await createUser();
      await admin().put(`/api/admin/user-admin/${b.id}`, { rootRole: 99 }).expect(400);
      const conflict = await admin().put(`/api/admin/user-admin/${b.id}`, { email: 'First@example.com' }).expect(409);
      expect(conflict.body.name).toBe('NameExistsError');
      await admin().put(`/api/admin/user-admin/${a.id}`, { email: 'first@example.com' }).expect(200);
    });
  });

  describe('the last admin', () => {
    it('cannot be deleted or demoted; once there is another admin, it can', async () => {
      const onlyAdmin = await t.db.query<{ id: number }>('SELECT id FROM flagwright_users WHERE root_role_id = 1 AND is_service = false');
      for (const { id } of onlyAdmin.filter((row) => Number(row.id) !== 1)) await admin().delete(`/api/admin/user-admin/${id}`).expect(200);
      // A service account with the Admin role does not count.
      await seedServiceAccount(t, { username: 'admin-bot', rootRole: 1 });

      const deleted = await admin().delete('/api/admin/user-admin/1').expect(400);
      expect(deleted.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message:
          'You cannot delete the last admin: at least one user must keep the Admin root role. Give another user the Admin role first.',
        details: [
          {
            message:
              'You cannot delete the last admin: at least one user must keep the Admin root role. Give another user the Admin role first.',
          },
        ],
      });
      const demoted = await admin().put('/api/admin/user-admin/1', { rootRole: 2 }).expect(400);
      expect(demoted.body.message).toContain('You cannot demote the last admin');
      expect((await admin().get('/api/admin/user-admin/1').expect(200)).body.rootRole).toBe(1);

      const second = await createUser({ rootRole: 1 });
      await admin().put('/api/admin/user-admin/1', { rootRole: 1, name: 'still admin' }).expect(200);
      await admin().put(`/api/admin/user-admin/${second.id}`, { rootRole: 2 }).expect(200);
      await admin().delete('/api/admin/user-admin/1').expect(400);
      await admin().put(`/api/admin/user-admin/${second.id}`, { rootRole: 1 }).expect(200);
      await admin().delete(`/api/admin/user-admin/${second.id}`).expect(200);
      await admin().delete('/api/admin/user-admin/1').expect(400);
    });
  });

  describe('deleting', () => {
    it('deletes the user with their sessions, tokens and group memberships, and records an event', async () => {
      const user = await createUser({ email: 'leaving@example.com' });
      const cookie = cookieOf(await login(user.username, 'Sup3r-secret').expect(200));
      const expiresAt = new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();
      const pat = (await t.http().post('/api/admin/user/tokens').set('Cookie', cookie).send({ description: 'mine', expiresAt }).expect(201))
        .body;
      await t.http().get('/api/admin/user').set('Authorization', pat.secret).expect(200);
      await seedGroup(t, 'leavers', [user.id]);

      await admin().delete(`/api/admin/user-admin/${user.id}`).expect(200);
      await admin().get(`/api/admin/user-admin/${user.id}`).expect(404);
      await t.http().get('/api/admin/user').set('Cookie', cookie).expect(401);
      await t.http().get('/api/admin/user').set('Authorization', pat.secret).expect(401);
      for (const table of ['flagwright_sessions', 'flagwright_personal_access_tokens', 'flagwright_group_users']) {
        expect(await t.db.query(`SELECT user_id FROM ${table} WHERE user_id = :id`, { id: user.id })).toEqual([]);
      }
      const event = (await eventsOf(t, { type: 'user-deleted' })).find((e) => e.preData?.id === user.id)!;
      expect(event.preData).toEqual({ id: user.id, name: null, username: user.username, email: 'leaving@example.com', rootRole: 3 });
      const again = await admin().delete(`/api/admin/user-admin/${user.id}`).expect(404);
      expect(again.body.message).toBe(`Could not find user with id ${user.id}.`);
    });
  });

  describe('passwords', () => {
    it('lets an admin set a password: the old one stops working and the user is logged out everywhere', async () => {
      const user = await createUser();
      const cookie = cookieOf(await login(user.username, 'Sup3r-secret').expect(200));
      const weak = await admin().post(`/api/admin/user-admin/${user.id}/change-password`, { password: 'weakling' }).expect(400);
      expect(weak.body.details[0].path).toBe('/body/password');
      await admin().post('/api/admin/user-admin/4242/change-password', { password: 'Brand-new-pass1' }).expect(404);
      await admin()
        .post(`/api/admin/user-admin/${user.id}/change-password`, { password: 'Brand-new-pass1', confirmPassword: 'other' })
        .expect(400);

      await admin().post(`/api/admin/user-admin/${user.id}/change-password`, { password: 'Brand-new-pass1' }).expect(200);
      await t.http().get('/api/admin/user').set('Cookie', cookie).expect(401);
      await login(user.username, 'Sup3r-secret').expect(401);
      await login(user.username, 'Brand-new-pass1').expect(200);
      const event = (await eventsOf(t, { type: 'user-password-changed' })).find((e) => e.data.id === user.id)!;
      expect(event.data).toEqual({ id: user.id, username: user.username, email: null });
      expect(JSON.stringify(event)).not.toMatch(/Brand-new-pass1|argon2/);
    });

    it('lets the caller change their own password, keeping them logged in with a fresh session', async () => {
      const user = await createUser();
      const first = cookieOf(await login(user.username, 'Sup3r-secret').expect(200));
      const second = cookieOf(await login(user.username, 'Sup3r-secret').expect(200));
      const endpoint = '/api/admin/user/change-password';

      const mismatch = await t
        .http()
        .post(endpoint)
        .set('Cookie', first)
        .send({ password: 'Brand-new-pass1', confirmPassword: 'Brand-new-pass2' })
        .expect(400);
      expect(mismatch.body.details).toEqual([
        {
          path: '/body/confirmPassword',
          message: 'The `/body/confirmPassword` property must be the same as the `/body/password` property.',
        },
      ]);
      const weak = await t
        .http()
        .post(endpoint)
        .set('Cookie', first)
        .send({ password: 'weakling', confirmPassword: 'weakling' })
        .expect(400);
      expect(weak.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/password']);
      await t.http().post(endpoint).set('Cookie', first).send({ password: 'Brand-new-pass1' }).expect(400);
      const wrongOld = await t
        .http()
        .post(endpoint)
        .set('Cookie', first)
        .send({ password: 'Brand-new-pass1', confirmPassword: 'Brand-new-pass1', oldPassword: 'nope' })
        .expect(401);
      expect(wrongOld.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'AuthenticationRequired',
        message: 'The old password you provided is not correct.',
      });

      const changed = await t
        .http()
        .post(endpoint)
        .set('Cookie', first)
        .send({ password: 'Brand-new-pass1', confirmPassword: 'Brand-new-pass1', oldPassword: 'Sup3r-secret' })
        .expect(200);
      const renewed = cookieOf(changed);
      expect(renewed).not.toBe(first);
      await t.http().get('/api/admin/user').set('Cookie', renewed).expect(200);
      await t.http().get('/api/admin/user').set('Cookie', first).expect(401);
      await t.http().get('/api/admin/user').set('Cookie', second).expect(401);
      await login(user.username, 'Brand-new-pass1').expect(200);
      await login(user.username, 'Sup3r-secret').expect(401);
    });

    it('asks every caller for the current password: a stolen session or token alone changes nothing', async () => {
      const user = await createUser();
      const session = await sessionCookieFor(t, user.id);
      const expiresAt = new Date(t.clock.now().getTime() + 3600_000).toISOString();
      const pat = (await t.http().post('/api/admin/user/tokens').set('Cookie', session).send({ description: 'pw', expiresAt }).expect(201))
        .body;
      const body = { password: 'Brand-new-pass1', confirmPassword: 'Brand-new-pass1' };
      for (const credential of [{ Cookie: session }, { Authorization: pat.secret }]) {
        const refused = await t.http().post('/api/admin/user/change-password').set(credential).send(body).expect(400);
        expect(refused.body).toEqual({
          id: expect.stringMatching(UUID),
          name: 'ValidationError',
          message:
            'The `/body/oldPassword` property is required: your current password, so that a session or a token alone cannot change it.',
          details: [
            {
              path: '/body/oldPassword',
              message:
                'The `/body/oldPassword` property is required: your current password, so that a session or a token alone cannot change it.',
            },
          ],
        });
      }
      await login(user.username, 'Sup3r-secret').expect(200);
      await t
        .http()
        .post('/api/admin/user/change-password')
        .set('Authorization', pat.secret)
        .send({ ...body, oldPassword: 'Sup3r-secret' })
        .expect(200);
      await login(user.username, 'Brand-new-pass1').expect(200);
    });

    it('tells a person without a password (single sign-on) that they have none to change', async () => {
      const created = await admin().post('/api/admin/user-admin', { email: 'sso.person@example.com', rootRole: 2 }).expect(201);
      const res = await t
        .http()
        .post('/api/admin/user/change-password')
        .set('Cookie', await sessionCookieFor(t, created.body.id))
        .send({ password: 'Brand-new-pass1', confirmPassword: 'Brand-new-pass1', oldPassword: 'anything' })
        .expect(403);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message: 'You have no password to change: you sign in through single sign-on. An administrator can send you a link to set one.',
      });
    });

    it('refuses API tokens on the caller routes with 403', async () => {
      const me = await admin().get('/api/admin/user').expect(403);
      expect(me.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message: 'This route is about the logged-in user, and an API token is not a user. Log in, or use a personal access token.',
      });
      await admin()
        .post('/api/admin/user/change-password', { password: 'Brand-new-pass1', confirmPassword: 'Brand-new-pass1' })
        .expect(403);
    });
  });

  describe('GET /api/admin/user', () => {
    it('answers the caller and their effective permissions', async () => {
      const cookie = cookieOf(await login('admin', 'unleash4all').expect(200));
      const res = await t.http().get('/api/admin/user').set('Cookie', cookie).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        user: expect.objectContaining({ id: 1, username: 'admin', accountType: 'User', rootRole: 1 }),
        permissions: [{ permission: 'ADMIN' }],
      });
      expect(res.body.user.seenAt).toMatch(ISO);
    });

    it('scopes project permissions to their project', async () => {
      const editor = await createUser({ rootRole: 2 });
      const res = await t
        .http()
        .get('/api/admin/user')
        .set('Cookie', await sessionCookieFor(t, editor.id))
        .expect(200);
      expect(res.body.user).toMatchObject({ id: editor.id, rootRole: 2 });
      expect(res.body.permissions).toEqual(
        expect.arrayContaining([
          { permission: 'CREATE_PROJECT' },
          { permission: 'CREATE_FEATURE', project: 'default' },
          { permission: 'UPDATE_FEATURE_STRATEGY', project: 'default' },
        ]),
      );
      expect(res.body.permissions).not.toContainEqual({ permission: 'ADMIN' });
    });
  });

  describe('personal access tokens of the caller', () => {
    it('creates, uses, lists without secret, limits, expires and deletes them', async () => {
      const user = await createUser();
      const cookie = cookieOf(await login(user.username, 'Sup3r-secret').expect(200));
      const tokens = () => ({
        list: () => t.http().get('/api/admin/user/tokens').set('Cookie', cookie),
        create: (body: object) => t.http().post('/api/admin/user/tokens').set('Cookie', cookie).send(body),
        delete: (id: number) => t.http().delete(`/api/admin/user/tokens/${id}`).set('Cookie', cookie),
      });
      const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * 3600_000).toISOString();

      const created = await tokens()
        .create({ description: 'laptop', expiresAt: inHours(2) })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        secret: expect.stringMatching(/^user:[0-9a-f]{64}$/),
        description: 'laptop',
        expiresAt: expect.stringMatching(ISO),
        createdAt: expect.stringMatching(ISO),
        seenAt: null,
        userId: user.id,
      });
      const me = await t.http().get('/api/admin/user').set('Authorization', created.body.secret).expect(200);
      expect(me.body.user.id).toBe(user.id);
      // A Viewer's token carries the Viewer's rights only.
      await t.http().get('/api/admin/user-admin').set('Authorization', created.body.secret).expect(403);

      const listed = await tokens().list().expect(200);
      expect(listed.body.pats).toEqual([
        {
          id: created.body.id,
          description: 'laptop',
          expiresAt: created.body.expiresAt,
          createdAt: created.body.createdAt,
          seenAt: expect.stringMatching(ISO),
          userId: user.id,
        },
      ]);

      expect(
        (
          await tokens()
            .create({ description: 'laptop', expiresAt: inHours(2) })
            .expect(409)
        ).body.message,
      ).toBe('PAT description already exists.');
      expect(
        (
          await tokens()
            .create({ description: '  ', expiresAt: inHours(2) })
            .expect(400)
        ).body.message,
      ).toBe('PAT description cannot be empty.');
      const past = inHours(-1);
      expect((await tokens().create({ description: 'past', expiresAt: past }).expect(400)).body.details).toEqual([
        { path: '/body/expiresAt', message: `The \`/body/expiresAt\` property must be a date in the future. You sent "${past}".` },
      ]);
      await tokens().create({ description: 'no date' }).expect(400);

      for (let i = 2; i <= 10; i++)
        await tokens()
          .create({ description: `token ${i}`, expiresAt: inHours(48) })
          .expect(201);
      const eleventh = await tokens()
        .create({ description: 'one too many', expiresAt: inHours(48) })
        .expect(403);
      expect(eleventh.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message: 'Too many PATs (10) already exist for this user.',
      });

      t.clock.advance(3 * 3600_000);
      await t.http().get('/api/admin/user').set('Authorization', created.body.secret).expect(401);

      await tokens().delete(created.body.id).expect(200);
      await tokens().delete(created.body.id).expect(404);
      expect((await tokens().list().expect(200)).body.pats).toHaveLength(9);
      await tokens()
        .create({ description: 'room again', expiresAt: inHours(48) })
        .expect(201);

      const events = [...(await eventsOf(t, { type: 'pat-created' })), ...(await eventsOf(t, { type: 'pat-deleted' }))];
      expect(events.filter((e) => e.data.userId === user.id)).toHaveLength(12);
      expect(JSON.stringify(events)).not.toContain(created.body.secret.slice(5));
    });

    it('keeps tokens of one user away from another', async () => {
      const owner = await createUser();
      const other = await createUser();
      const expiresAt = new Date(t.clock.now().getTime() + 3600_000).toISOString();
      const pat = (
        await t
          .http()
          .post('/api/admin/user/tokens')
          .set('Cookie', await sessionCookieFor(t, owner.id))
          .send({ description: 'x', expiresAt })
          .expect(201)
      ).body;
      const otherCookie = await sessionCookieFor(t, other.id);
      expect((await t.http().get('/api/admin/user/tokens').set('Cookie', otherCookie).expect(200)).body.pats).toEqual([]);
      await t.http().delete(`/api/admin/user/tokens/${pat.id}`).set('Cookie', otherCookie).expect(404);
    });
  });

  describe('secrets at rest', () => {
    it('keeps no plain password, session id or token secret anywhere in the database', async () => {
      const password = 'Plain-Text-Never-7';
      const user = await createUser({ password });
      const session = await login(user.username, password).expect(200);
      const sessionId = decodeURIComponent(cookieOf(session).split('=')[1]).slice(2).split('.')[0];
      const expiresAt = new Date(t.clock.now().getTime() + 3600_000).toISOString();
      const pat = (
        await t
          .http()
          .post('/api/admin/user/tokens')
          .set('Cookie', cookieOf(session))
          .send({ description: 'secret check', expiresAt })
          .expect(201)
      ).body;
      await admin().post(`/api/admin/user-admin/${user.id}/change-password`, { password: 'Second-Plain-Text-8' }).expect(200);
      await login(user.username, 'wrong-Plain-Text-9').expect(401);

      const tables = [
        'flagwright_users',
        'flagwright_sessions',
        'flagwright_personal_access_tokens',
        'flagwright_api_tokens',
        'flagwright_events',
        'flagwright_login_failures',
      ];
      const dump = JSON.stringify(await Promise.all(tables.map((table) => t.db.query(`SELECT * FROM ${table}`))));
      for (const secret of [
        password,
        'Second-Plain-Text-8',
        'wrong-Plain-Text-9',
        'unleash4all',
        sessionId,
        pat.secret,
        pat.secret.slice(5),
        'test-admin-secret',
      ]) {
        expect(dump).not.toContain(secret);
      }
      const hashes = await t.db.query<{ password_hash: string | null }>(
        'SELECT password_hash FROM flagwright_users WHERE password_hash IS NOT NULL',
      );
      for (const { password_hash } of hashes) expect(password_hash).toMatch(/^\$argon2id\$v=19\$/);
    });
  });

  it("describes the routes in the OpenAPI document with the spec's schema names", async () => {
    const doc = (await t.http().get('/docs/openapi.json').expect(200)).body;
    const create = doc.paths['/api/admin/user-admin'].post;
    expect(create.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/createUserSchema');
    expect(create.responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/userSchema');
    expect(doc.paths['/api/admin/user'].get.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/meSchema');
    expect(doc.paths['/api/admin/user-admin/{id}/unlock']).toBeDefined();
  });
});

describe('users and login under a base path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ baseUriPath: '/flags', loginRateLimitPerMinute: 100_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('prefixes the location header and the forgotten-password link with the base path', async () => {
    const created = await t
      .http()
      .post('/flags/api/admin/user-admin')
      .set('Authorization', ADMIN_TOKEN)
      .send({ username: 'based', password: 'Sup3r-secret', rootRole: 3 })
      .expect(201);
    expect(created.headers.location).toBe(`/flags/api/admin/user-admin/${created.body.id}`);
    await t.http().get(created.headers.location).set('Authorization', ADMIN_TOKEN).expect(200);

    const failed = await t.http().post('/flags/auth/simple/login').send({ username: 'based', password: 'wrong' }).expect(401);
    expect(failed.body.message).toContain('visit /flags/forgotten-password');
    const ok = await t.http().post('/flags/auth/simple/login').send({ username: 'based', password: 'Sup3r-secret' }).expect(200);
    expect((ok.headers['set-cookie'] as unknown as string[])[0]).toContain('; Path=/flags;');
  });
});
