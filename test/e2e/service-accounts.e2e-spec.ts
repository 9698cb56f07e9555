import { createHash } from 'node:crypto';
import { seedPerson, seedRootRole } from '../helpers/seeds.js';
import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const gravatar = (identity: string) =>
  `https://gravatar.com/avatar/${createHash('sha256').update(identity).digest('hex')}?s=42&d=retro&r=g`;

describe('service accounts', () => {
  let t: TestApp;
  let editorCookie: string;
  let viewerCookie: string;

  const admin = () => ({
    get: (path: string) => t.http().get(path).set('Authorization', ADMIN_TOKEN),
    post: (path: string, body: object) => t.http().post(path).set('Authorization', ADMIN_TOKEN).send(body),
    put: (path: string, body: object) => t.http().put(path).set('Authorization', ADMIN_TOKEN).send(body),
    delete: (path: string) => t.http().delete(path).set('Authorization', ADMIN_TOKEN),
  });

  async function createAccount(username: string, rootRole = 3): Promise<{ id: number }> {
    const res = await admin()
      .post('/api/admin/service-account', { username, name: `${username} name`, rootRole })
      .expect(201);
    return res.body;
  }

  async function createToken(accountId: number, description: string, expiresInMs = 24 * 3600_000) {
    const expiresAt = new Date(t.clock.now().getTime() + expiresInMs).toISOString();
    return admin().post(`/api/admin/service-account/${accountId}/token`, { description, expiresAt }).expect(201);
  }

  const events = (type: string) =>
    t.db.query<{ created_by: string; created_by_user_id: number; data: string | null; pre_data: string | null }>(
      'SELECT created_by, created_by_user_id, data, pre_data FROM flagwright_events WHERE type = :type ORDER BY id',
      { type },
    );

  beforeAll(async () => {
    t = await createTestApp();
    editorCookie = await sessionCookieFor(t, await seedPerson(t, { username: 'editor-person', rootRole: 2 }));
    viewerCookie = await sessionCookieFor(t, await seedPerson(t, { username: 'viewer-person' }));
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/admin/service-account', () => {
    it('creates the account: 201, its location, the service account of spec 2.9 and a users row without password', async () => {
      const res = await admin().post('/api/admin/service-account', { username: 'ci-bot', name: 'CI bot', rootRole: 2 }).expect(201);
      const id = res.body.id;
      expect(res.headers.location).toBe(`/api/admin/service-account/${id}`);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: 'CI bot',
        username: 'ci-bot',
        imageUrl: gravatar('ci-bot'),
        rootRole: 2,
        createdAt: expect.stringMatching(ISO),
        tokens: [],
        isAPI: false,
        loginAttempts: 0,
        emailSent: false,
        seenAt: null,
      });
      expect(Math.abs(Date.parse(res.body.createdAt) - t.clock.now().getTime())).toBeLessThan(10_000);

      const [row] = await t.db.query<Record<string, unknown>>(
        'SELECT username, name, password_hash, root_role_id, is_service, email FROM flagwright_users WHERE id = :id',
        { id },
      );
      expect({ ...row, is_service: Boolean(row.is_service) }).toEqual({
        username: 'ci-bot',
        name: 'CI bot',
        password_hash: null,
        root_role_id: 2,
        is_service: true,
        email: null,
      });

      const [event] = await events('service-account-created');
      expect(event.created_by_user_id).toBe(-42);
      expect(JSON.parse(event.data!)).toEqual({ id, username: 'ci-bot', name: 'CI bot', rootRole: 2 });
      await admin().get(`/api/admin/service-account/${id}`).expect(200, res.body);
    });

    it('prefixes the location with BASE_URI_PATH', async () => {
      const prefixed = await createTestApp({ baseUriPath: '/unleash' });
      try {
        const res = await prefixed
          .http()
          .post('/unleash/api/admin/service-account')
          .set('Authorization', ADMIN_TOKEN)
          .send({ username: 'bot', name: 'Bot', rootRole: 3 })
          .expect(201);
        expect(res.headers.location).toBe(`/unleash/api/admin/service-account/${res.body.id}`);
      } finally {
        await prefixed.close();
      }
    });

    it('trims username and name', async () => {
      const res = await admin()
        .post('/api/admin/service-account', { username: '  spaced-bot ', name: ' Spaced ', rootRole: 3 })
        .expect(201);
      expect(res.body).toMatchObject({ username: 'spaced-bot', name: 'Spaced' });
    });

    it('names every missing property in one 400', async () => {
      const res = await admin().post('/api/admin/service-account', {}).expect(400);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message: expect.any(String),
        details: expect.any(Array),
      });
      expect(res.body.details).toEqual([
        { path: '/body/username', message: 'The `/body/username` property is required. It was not present on the data you sent.' },
        { path: '/body/name', message: 'The `/body/name` property is required. It was not present on the data you sent.' },
        { path: '/body/rootRole', message: 'The `/body/rootRole` property is required. It was not present on the data you sent.' },
      ]);
      for (const path of ['/body/username', '/body/name', '/body/rootRole']) expect(res.body.message).toContain(path);
    });

    it.each([
      ['username', { username: 5, name: 'n', rootRole: 3 }, 'The `/body/username` property must be a string. You sent 5.'],
      ['empty username', { username: '  ', name: 'n', rootRole: 3 }, 'The `/body/username` property must not be empty. You sent "".'],
      ['name', { username: 'u', name: null, rootRole: 3 }, 'The `/body/name` property must be a string. You sent null.'],
      ['empty name', { username: 'u', name: '', rootRole: 3 }, 'The `/body/name` property must not be empty. You sent "".'],
      [
        'rootRole as text',
        { username: 'u', name: 'n', rootRole: '3' },
        'The `/body/rootRole` property must be an integer number. You sent "3".',
      ],
      [
        'rootRole fraction',
        { username: 'u', name: 'n', rootRole: 1.5 },
        'The `/body/rootRole` property must be an integer number. You sent 1.5.',
      ],
    ])('refuses an invalid %s with 400 naming it', async (_, body, message) => {
      const res = await admin().post('/api/admin/service-account', body).expect(400);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message,
        details: [{ path: expect.stringMatching(/^\/body\//), message }],
      });
    });

    it('refuses an unknown property with 400 naming it', async () => {
      const res = await admin()
        .post('/api/admin/service-account', { username: 'u', name: 'n', rootRole: 3, email: 'u@example.com' })
        .expect(400);
      expect(res.body.details).toEqual([{ path: '/body/email', message: expect.stringContaining('`/body/email`') }]);
    });

    it.each([
      [99, 'an unknown role'],
      [4, 'a project role'],
    ])('refuses rootRole %s (%s) with 400 naming /body/rootRole', async (rootRole) => {
      const res = await admin().post('/api/admin/service-account', { username: 'role-bot', name: 'n', rootRole }).expect(400);
      const message = `The \`/body/rootRole\` property must be the id of an existing root role. There is no root role with id ${rootRole}.`;
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message,
        details: [{ path: '/body/rootRole', message }],
      });
      expect(await t.db.query("SELECT id FROM flagwright_users WHERE username = 'role-bot'")).toEqual([]);
    });

    it('accepts a custom root role', async () => {
      const role = await seedRootRole(t, 'Auditor', [], 'reads logs');
      const res = await admin()
        .post('/api/admin/service-account', { username: 'auditor-bot', name: 'Auditor', rootRole: role })
        .expect(201);
      expect(res.body.rootRole).toBe(role);
      const list = await admin().get('/api/admin/service-account').expect(200);
      expect(list.body.rootRoles).toContainEqual({ id: role, name: 'Auditor', description: 'reads logs', type: 'root-custom' });
    });

    it('answers 409 when the username belongs to a service account, the seeded admin or a person', async () => {
      await createAccount('taken-bot');
      await seedPerson(t, { username: 'alice' });
      for (const username of ['taken-bot', 'admin', 'alice']) {
        const res = await admin().post('/api/admin/service-account', { username, name: 'n', rootRole: 3 }).expect(409);
        expect(res.body).toEqual({
          id: expect.stringMatching(UUID),
          name: 'NameExistsError',
          message: 'A service account or user with that username already exists.',
        });
      }
      expect(await t.db.query("SELECT id FROM flagwright_users WHERE username = 'alice' AND is_service = true")).toEqual([]);
    });

    it('answers 401 without credentials', async () => {
      const res = await t.http().post('/api/admin/service-account').send({ username: 'x', name: 'x', rootRole: 3 }).expect(401);
      expect(res.body.name).toBe('AuthenticationRequired');
    });

    it.each([
      ['an Editor', () => editorCookie],
      ['a Viewer', () => viewerCookie],
    ])('answers 403 NoAccessError naming ADMIN to %s, before content type and validation', async (_, cookie) => {
      const message =
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "ADMIN" permission.';
      const res = await t
        .http()
        .post('/api/admin/service-account')
        .set('Cookie', cookie())
        .send({ username: 'x', name: 'x', rootRole: 3 })
        .expect(403);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'NoAccessError', message });
      await t.http().post('/api/admin/service-account').set('Cookie', cookie()).type('form').send('a=b').expect(403);
      await t.http().post('/api/admin/service-account').set('Cookie', cookie()).send({}).expect(403);
      await t.http().get('/api/admin/service-account').set('Cookie', cookie()).expect(403);
      expect(await t.db.query("SELECT id FROM flagwright_users WHERE username = 'x'")).toEqual([]);
    });

    it('answers a form body with 415', async () => {
      const res = await t
        .http()
        .post('/api/admin/service-account')
        .set('Authorization', ADMIN_TOKEN)
        .type('form')
        .send('username=x')
        .expect(415);
      expect(res.body.name).toBe('ContentTypeerror');
    });

    it('accepts the request from the seeded admin person by session', async () => {
      const cookie = await sessionCookieFor(t, 1);
      const res = await t
        .http()
        .post('/api/admin/service-account')
        .set('Cookie', cookie)
        .send({ username: 'session-bot', name: 'n', rootRole: 3 })
        .expect(201);
      const [event] = (await events('service-account-created')).filter((e) => JSON.parse(e.data!).username === 'session-bot');
      expect(event).toMatchObject({ created_by: 'admin', created_by_user_id: 1 });
      expect(res.body.username).toBe('session-bot');
    });
  });

  describe('list, get, update, delete', () => {
    it('lists every service account with its tokens (no secrets) and the root roles', async () => {
      const account = await createAccount('listed-bot');
      const token = await createToken(account.id, 'listed token');
      const res = await admin().get('/api/admin/service-account').expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['rootRoles', 'serviceAccounts']);
      expect(res.body.rootRoles.slice(0, 3)).toEqual([
        { id: 1, name: 'Admin', description: expect.any(String), type: 'root' },
        { id: 2, name: 'Editor', description: expect.any(String), type: 'root' },
        { id: 3, name: 'Viewer', description: expect.any(String), type: 'root' },
      ]);
      const ids = res.body.serviceAccounts.map((a: { id: number }) => a.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const usernames = res.body.serviceAccounts.map((a: { username: string }) => a.username);
      expect(usernames).toContain('listed-bot');
      expect(usernames).not.toContain('admin');
      expect(usernames).not.toContain('alice');
      const listed = res.body.serviceAccounts.find((a: { id: number }) => a.id === account.id);
      expect(listed).toEqual({
        id: account.id,
        name: 'listed-bot name',
        username: 'listed-bot',
        imageUrl: gravatar('listed-bot'),
        rootRole: 3,
        createdAt: expect.stringMatching(ISO),
        tokens: [
          {
            id: token.body.id,
            description: 'listed token',
            expiresAt: token.body.expiresAt,
            createdAt: token.body.createdAt,
            seenAt: null,
            userId: account.id,
          },
        ],
        isAPI: false,
        loginAttempts: 0,
        emailSent: false,
        seenAt: null,
      });
      expect(JSON.stringify(res.body)).not.toContain(token.body.secret);
    });

    it('answers 404 for an unknown id and for the id of a person', async () => {
      const unknown = await admin().get('/api/admin/service-account/999999').expect(404);
      expect(unknown.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'Could not find service account with id 999999.',
      });
      await admin().get('/api/admin/service-account/1').expect(404);
      await admin().put('/api/admin/service-account/1', { name: 'hijack' }).expect(404);
      await admin().delete('/api/admin/service-account/1').expect(404);
      expect(await t.db.one('SELECT name FROM flagwright_users WHERE id = 1')).toEqual({ name: 'admin' });
    });

    it('answers 400 naming the parameter for a non-numeric id', async () => {
      const res = await admin().get('/api/admin/service-account/abc').expect(400);
      expect(res.body.details).toEqual([{ path: '/params/id', message: expect.any(String) }]);
    });

    it('updates name and root role, records before and after, keeps the username', async () => {
      const account = await createAccount('update-bot', 3);
      const res = await admin().put(`/api/admin/service-account/${account.id}`, { name: 'Renamed', rootRole: 1 }).expect(200);
      expect(res.body).toMatchObject({ id: account.id, username: 'update-bot', name: 'Renamed', rootRole: 1, tokens: [] });
      expect(await t.db.one('SELECT name, root_role_id FROM flagwright_users WHERE id = :id', { id: account.id })).toEqual({
        name: 'Renamed',
        root_role_id: 1,
      });
      const [event] = (await events('service-account-updated')).filter((e) => JSON.parse(e.data!).id === account.id);
      expect(JSON.parse(event.data!)).toEqual({ id: account.id, username: 'update-bot', name: 'Renamed', rootRole: 1 });
      expect(JSON.parse(event.pre_data!)).toEqual({ id: account.id, username: 'update-bot', name: 'update-bot name', rootRole: 3 });

      const partial = await admin().put(`/api/admin/service-account/${account.id}`, { rootRole: 2 }).expect(200);
      expect(partial.body).toMatchObject({ name: 'Renamed', rootRole: 2 });
    });

    it('refuses a bad update with 400 and changes nothing', async () => {
      const account = await createAccount('bad-update-bot', 3);
      const unknownRole = await admin().put(`/api/admin/service-account/${account.id}`, { rootRole: 77 }).expect(400);
      expect(unknownRole.body.details).toEqual([{ path: '/body/rootRole', message: expect.stringContaining('no root role with id 77') }]);
      const renameUser = await admin().put(`/api/admin/service-account/${account.id}`, { username: 'other', name: '' }).expect(400);
      expect(renameUser.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['/body/name', '/body/username']);
      expect(await t.db.one('SELECT username, name, root_role_id FROM flagwright_users WHERE id = :id', { id: account.id })).toEqual({
        username: 'bad-update-bot',
        name: 'bad-update-bot name',
        root_role_id: 3,
      });
    });

    it('deletes the account with its tokens, ends its use and records the event', async () => {
      const account = await createAccount('doomed-bot', 1);
      const token = await createToken(account.id, 'doomed token');
      await t.http().get('/api/admin/service-account').set('Authorization', token.body.secret).expect(200);

      await admin().delete(`/api/admin/service-account/${account.id}`).expect(200);
      await admin().get(`/api/admin/service-account/${account.id}`).expect(404);
      expect(await t.db.query('SELECT id FROM flagwright_users WHERE id = :id', { id: account.id })).toEqual([]);
      expect(await t.db.query('SELECT id FROM flagwright_personal_access_tokens WHERE user_id = :id', { id: account.id })).toEqual([]);
      const refused = await t.http().get('/api/admin/service-account').set('Authorization', token.body.secret).expect(401);
      expect(refused.body.name).toBe('AuthenticationRequired');

      const [event] = (await events('service-account-deleted')).filter((e) => JSON.parse(e.pre_data!).id === account.id);
      expect(event.data).toBeNull();
      expect(JSON.parse(event.pre_data!)).toEqual({ id: account.id, username: 'doomed-bot', name: 'doomed-bot name', rootRole: 1 });
      await admin().delete(`/api/admin/service-account/${account.id}`).expect(404);
    });
  });

  describe('tokens', () => {
    it('creates a token: 201, location, the PAT with its user: secret shown once and stored only as a digest', async () => {
      const account = await createAccount('token-bot');
      const expiresAt = new Date(t.clock.now().getTime() + 3600_000).toISOString();
      const res = await admin().post(`/api/admin/service-account/${account.id}/token`, { description: 'deploys', expiresAt }).expect(201);
      expect(res.headers.location).toBe(`/api/admin/service-account/${account.id}/token/${res.body.id}`);
      expect(res.body).toEqual({
        id: expect.any(Number),
        secret: expect.stringMatching(/^user:[0-9a-f]{64}$/),
        description: 'deploys',
        expiresAt,
        createdAt: expect.stringMatching(ISO),
        seenAt: null,
        userId: account.id,
      });
      const secret: string = res.body.secret;
      const read = await admin().get(res.headers.location).expect(200);
      expect(read.body).toEqual({ ...res.body, secret: undefined });
      expect(read.body).not.toHaveProperty('secret');
      const other = await createAccount('other-token-bot');
      const elsewhere = await admin().get(`/api/admin/service-account/${other.id}/token/${res.body.id}`).expect(404);
      expect(elsewhere.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: `Could not find personal access token with id ${res.body.id}.`,
      });
      const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM flagwright_personal_access_tokens WHERE id = :id', {
        id: res.body.id,
      });
      expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
      const everything = JSON.stringify([
        await t.db.query('SELECT * FROM flagwright_personal_access_tokens'),
        await t.db.query('SELECT * FROM flagwright_events'),
      ]);
      expect(everything).not.toContain(secret.slice(5));

      const [event] = (await events('service-account-token-created')).filter((e) => JSON.parse(e.data!).id === res.body.id);
      expect(JSON.parse(event.data!)).toEqual({ id: res.body.id, description: 'deploys', expiresAt, userId: account.id });

      const listed = await admin().get(`/api/admin/service-account/${account.id}/token`).expect(200);
      expect(listed.body).toEqual({
        pats: [{ id: res.body.id, description: 'deploys', expiresAt, createdAt: res.body.createdAt, seenAt: null, userId: account.id }],
      });
    });

    it('refuses bad token bodies with 400 (before 404 for an unknown account) and duplicates with 409', async () => {
      const account = await createAccount('token-rules-bot');
      const missing = await admin().post(`/api/admin/service-account/${account.id}/token`, {}).expect(400);
      expect(missing.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/description', '/body/expiresAt']);
      const past = new Date(t.clock.now().getTime() - 1000).toISOString();
      for (const id of [account.id, 999999]) {
        const res = await admin().post(`/api/admin/service-account/${id}/token`, { description: 'x', expiresAt: past }).expect(400);
        expect(res.body.details).toEqual([
          { path: '/body/expiresAt', message: `The \`/body/expiresAt\` property must be a date in the future. You sent "${past}".` },
        ]);
      }
      await createToken(account.id, 'once');
      const duplicate = await admin()
        .post(`/api/admin/service-account/${account.id}/token`, {
          description: 'once',
          expiresAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
        })
        .expect(409);
      expect(duplicate.body.name).toBe('NameExistsError');
    });

    it('answers 404 for the tokens of an unknown service account or of a person', async () => {
      const future = new Date(t.clock.now().getTime() + 3600_000).toISOString();
      for (const id of [999999, 1]) {
        const list = await admin().get(`/api/admin/service-account/${id}/token`).expect(404);
        expect(list.body.message).toBe(`Could not find service account with id ${id}.`);
        await admin().post(`/api/admin/service-account/${id}/token`, { description: 'x', expiresAt: future }).expect(404);
        await admin().delete(`/api/admin/service-account/${id}/token/1`).expect(404);
      }
      expect(await t.db.query("SELECT id FROM flagwright_personal_access_tokens WHERE description = 'x'")).toEqual([]);
    });

    it('acts with its root role: a Viewer account gets 403 on an admin-only route, an Admin account 200 and is the actor', async () => {
      const viewer = await createAccount('viewer-bot', 3);
      const viewerToken = (await createToken(viewer.id, 'v')).body.secret;
      const denied = await t.http().get('/api/admin/service-account').set('Authorization', viewerToken).expect(403);
      expect(denied.body).toEqual({ id: expect.stringMatching(UUID), name: 'NoAccessError', message: expect.stringContaining('"ADMIN"') });

      const adminBot = await createAccount('admin-bot', 1);
      const adminToken = (await createToken(adminBot.id, 'a')).body.secret;
      await t.http().get('/api/admin/service-account').set('Authorization', adminToken).expect(200);
      await t.http().get('/api/admin/service-account').set('Authorization', `Bearer ${adminToken}`).expect(200);
      const made = await t
        .http()
        .post('/api/admin/service-account')
        .set('Authorization', adminToken)
        .send({ username: 'made-by-bot', name: 'n', rootRole: 3 })
        .expect(201);
      const [event] = (await events('service-account-created')).filter((e) => JSON.parse(e.data!).id === made.body.id);
      expect(event).toMatchObject({ created_by: 'admin-bot', created_by_user_id: adminBot.id });

      const seen = await admin().get(`/api/admin/service-account/${adminBot.id}`).expect(200);
      expect(seen.body.seenAt).toBeNull();
      expect(seen.body.tokens[0].seenAt).toMatch(ISO);
    });

    it('stops working when it expires', async () => {
      const account = await createAccount('expiring-bot', 1);
      const secret = (await createToken(account.id, 'short', 3600_000)).body.secret;
      await t.http().get('/api/admin/service-account').set('Authorization', secret).expect(200);
      t.clock.advance(3600_000 + 1000);
      const res = await t.http().get('/api/admin/service-account').set('Authorization', secret).expect(401);
      expect(res.body.name).toBe('AuthenticationRequired');
    });

    it('deletes a token: it stops working, the event has no secret, another account cannot delete it', async () => {
      const account = await createAccount('delete-token-bot', 1);
      const other = await createAccount('other-bot', 1);
      const token = await createToken(account.id, 'to delete');
      await admin().delete(`/api/admin/service-account/${other.id}/token/${token.body.id}`).expect(404);
      await t.http().get('/api/admin/service-account').set('Authorization', token.body.secret).expect(200);

      await admin().delete(`/api/admin/service-account/${account.id}/token/${token.body.id}`).expect(200);
      await t.http().get('/api/admin/service-account').set('Authorization', token.body.secret).expect(401);
      expect((await admin().get(`/api/admin/service-account/${account.id}/token`).expect(200)).body).toEqual({ pats: [] });
      const [event] = (await events('service-account-token-deleted')).filter((e) => JSON.parse(e.data!).id === token.body.id);
      expect(JSON.parse(event.data!)).toEqual({ id: token.body.id, description: 'to delete', userId: account.id });
      await admin().delete(`/api/admin/service-account/${account.id}/token/${token.body.id}`).expect(404);
    });

    it('cannot log in with a password, not even with its token as the password', async () => {
      const account = await createAccount('login-bot', 1);
      const secret = (await createToken(account.id, 'login')).body.secret;
      for (const password of ['unleash4all', secret]) {
        const res = await t.http().post('/auth/simple/login').send({ username: 'login-bot', password }).expect(401);
        expect(res.body.name).toBe('AuthenticationRequired');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('never shows a secret in events or listings', async () => {
      const all = JSON.stringify([
        await admin()
          .get('/api/admin/service-account')
          .expect(200)
          .then((r) => r.body),
        await t.db.query('SELECT * FROM flagwright_events'),
      ]);
      expect(all).not.toMatch(/user:[0-9a-f]{64}/);
    });
  });
});
