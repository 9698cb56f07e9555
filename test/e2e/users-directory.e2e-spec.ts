import { createHash } from 'node:crypto';
import { seedGroup, seedPerson, seedProject, seedProjectRole, seedServiceAccount } from '../helpers/seeds.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { ROLE, seedUser, UUID } from './rbac.fixtures.js';

const gravatar = (key: string) => `https://gravatar.com/avatar/${createHash('sha256').update(key).digest('hex')}?s=42&d=retro&r=g`;
const NOT_A_USER = 'This route is about the logged-in user, and an API token is not a user. Log in, or use a personal access token.';

/**
 * The lookups of people: searchUsers, getBaseUsersAndGroups, getAdminCount, validateUserPassword under
 * /api/admin/user-admin, and getProfile and getUserRoles under /api/admin/user.
 */
describe('users directory: search, access lookup, admin count, password check, profile, roles', () => {
  let t: TestApp;
  let viewer: { id: number; cookie: string };
  let ada: number;
  let robot: number;
  let group: number;

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await seedUser(t, 'dir-viewer', ROLE.VIEWER, 'Vera Viewer');
    ada = await seedPerson(t, { username: 'ada', email: 'ada.l@example.com', name: 'Ada Lovelace', rootRole: ROLE.EDITOR });
    await seedPerson(t, { username: 'grace_h', name: 'Grace Hopper', rootRole: ROLE.ADMIN });
    await seedPerson(t, { email: 'adalbert@example.com', rootRole: ROLE.VIEWER });
    robot = await seedServiceAccount(t, { username: 'ada-bot', name: 'Ada Bot', rootRole: ROLE.ADMIN });
    group = await seedGroup(t, 'Backend', [ada, viewer.id]);
    await seedGroup(t, 'Alpha', []);
  });
  afterAll(() => t.close());

  const asViewer = (path: string) => t.http().get(path).set('Cookie', viewer.cookie);

  describe('GET /api/admin/user-admin/search (searchUsers)', () => {
    it('finds people by a name containing the query or a username or email starting with it, ignoring case', async () => {
      const res = await asViewer('/api/admin/user-admin/search?q=AD').expect(200);
      expect(res.body).toEqual([
        {
          id: 1,
          name: 'admin',
          username: 'admin',
          imageUrl: gravatar('admin'),
          seenAt: null,
          accountType: 'User',
          permissions: [],
          scimId: null,
        },
        {
          id: ada,
          name: 'Ada Lovelace',
          email: 'ada.l@example.com',
          username: 'ada',
          imageUrl: gravatar('ada.l@example.com'),
          seenAt: null,
          accountType: 'User',
          permissions: [],
          scimId: null,
        },
        {
          id: ada + 2,
          name: null,
          email: 'adalbert@example.com',
          username: null,
          imageUrl: gravatar('adalbert@example.com'),
          seenAt: null,
          accountType: 'User',
          permissions: [],
          scimId: null,
        },
      ]);
      // Inside a name; not inside a username (service accounts are never found).
      expect((await asViewer('/api/admin/user-admin/search?q=hopp').expect(200)).body.map((u: { id: number }) => u.id)).toEqual([ada + 1]);
      expect((await asViewer('/api/admin/user-admin/search?q=_h').expect(200)).body).toEqual([]);
      expect((await asViewer('/api/admin/user-admin/search?q=bot').expect(200)).body).toEqual([]);
    });

    it('takes % and _ literally and finds nobody with fewer than 2 characters', async () => {
      expect((await asViewer('/api/admin/user-admin/search?q=%25%25').expect(200)).body).toEqual([]);
      expect((await asViewer('/api/admin/user-admin/search?q=a').expect(200)).body).toEqual([]);
      expect((await asViewer('/api/admin/user-admin/search').expect(200)).body).toEqual([]);
    });

    it('refuses a repeated q with 400 naming it, and a caller without credentials with 401', async () => {
      const res = await asViewer('/api/admin/user-admin/search?q=ad&q=gr').expect(400);
      expect(res.body).toMatchObject({ name: 'ValidationError', details: [{ path: '/query/q' }] });
      const unauthenticated = await t.http().get('/api/admin/user-admin/search?q=ad').expect(401);
      expect(unauthenticated.body.name).toBe('AuthenticationRequired');
    });
  });

  describe('GET /api/admin/user-admin/access (getBaseUsersAndGroups)', () => {
    it('lists every account and group with minimal fields to any signed-in caller', async () => {
      const res = await asViewer('/api/admin/user-admin/access').expect(200);
      expect(res.body.users).toEqual([
        { id: 1, name: 'admin', username: 'admin', accountType: 'User' },
        { id: viewer.id, name: 'Vera Viewer', username: 'dir-viewer', email: 'dir-viewer@example.com', accountType: 'User' },
        { id: ada, name: 'Ada Lovelace', username: 'ada', email: 'ada.l@example.com', accountType: 'User' },
        { id: ada + 1, name: 'Grace Hopper', username: 'grace_h', accountType: 'User' },
        { id: ada + 2, name: null, username: null, email: 'adalbert@example.com', accountType: 'User' },
        { id: robot, name: 'Ada Bot', username: 'ada-bot', accountType: 'Service Account' },
      ]);
      expect(res.body.groups).toEqual([
        { id: group + 1, name: 'Alpha', userCount: 0, rootRole: null },
        { id: group, name: 'Backend', userCount: 2, rootRole: null },
      ]);
      expect((await t.http().get('/api/admin/user-admin/access').set('Authorization', ADMIN_TOKEN).expect(200)).body).toEqual(res.body);
    });

    it('answers 401 without credentials and 403 to a client token', async () => {
      expect((await t.http().get('/api/admin/user-admin/access').expect(401)).body.name).toBe('AuthenticationRequired');
      const res = await t.http().get('/api/admin/user-admin/access').set('Authorization', CLIENT_TOKEN).expect(403);
      expect(res.body.name).toBe('NoAccessError');
    });
  });

  describe('GET /api/admin/user-admin/admin-count (getAdminCount)', () => {
    it('counts the accounts holding the Admin root role themselves', async () => {
      const res = await t.http().get('/api/admin/user-admin/admin-count').set('Authorization', ADMIN_TOKEN).expect(200);
      // admin has a password; grace_h has none; ada-bot is a service account.
      expect(res.body).toEqual({ password: 1, noPassword: 1, service: 1 });
    });

    it('needs ADMIN', async () => {
      const res = await asViewer('/api/admin/user-admin/admin-count').expect(403);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message:
          'You don\'t have the required permissions to perform this operation. To perform this action, you need the "ADMIN" permission.',
      });
      await t.http().get('/api/admin/user-admin/admin-count').expect(401);
    });
  });

  describe('POST /api/admin/user-admin/validate-password (validateUserPassword)', () => {
    const validate = (body: object) => t.http().post('/api/admin/user-admin/validate-password').set('Cookie', viewer.cookie).send(body);

    it('accepts a password the policy accepts, and stores nothing', async () => {
      const res = await validate({ password: 'Str0ng-enough' }).expect(200);
      expect(res.text).toBe('');
      await validate({ password: 'Str0ng-enough', confirmPassword: 'Str0ng-enough' }).expect(200);
    });

    it('refuses a weak password with 400 naming it, without repeating it', async () => {
      const res = await validate({ password: 'weakpass' }).expect(400);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message: expect.stringContaining('/body/password'),
        details: [
          {
            path: '/body/password',
            message: expect.stringContaining(
              'must be 8 to 128 characters long and contain at least three of: a lower-case letter, an upper-case letter, a digit, a symbol',
            ),
          },
        ],
      });
      expect(res.text).not.toContain('weakpass');
      expect((await validate({}).expect(400)).body.details[0].path).toBe('/body/password');
      expect((await validate({ password: 'Str0ng-enough', confirmPassword: 'other' }).expect(400)).body.details[0].path).toBe(
        '/body/confirmPassword',
      );
    });

    it('answers 401 without credentials', async () => {
      await t.http().post('/api/admin/user-admin/validate-password').send({ password: 'Str0ng-enough' }).expect(401);
    });
  });

  describe('GET /api/admin/user/profile (getProfile)', () => {
    it("shows the caller's root role, projects (own roles and groups' roles), groups and password", async () => {
      await seedProject(t, 'profile-a');
      await seedProject(t, 'profile-b');
      await t
        .http()
        .post('/api/admin/projects/profile-a/access')
        .set('Authorization', ADMIN_TOKEN)
        .send({ roles: [ROLE.MEMBER], users: [ada] })
        .expect(200);
      await t
        .http()
        .post('/api/admin/projects/profile-b/access')
        .set('Authorization', ADMIN_TOKEN)
        .send({ roles: [ROLE.READER], groups: [group] })
        .expect(200);
      const cookie = await sessionCookieFor(t, ada);
      const res = await t.http().get('/api/admin/user/profile').set('Cookie', cookie).expect(200);
      expect(res.body).toEqual({
        rootRole: { id: ROLE.EDITOR, name: 'Editor', description: expect.any(String), type: 'root' },
        projects: ['profile-a', 'profile-b'],
        groups: [{ id: group, name: 'Backend', description: null, mappingsSSO: [], rootRole: null, scimId: null }],
        subscriptions: [],
        features: [],
        canChangePassword: false,
      });
      const mine = await asViewer('/api/admin/user/profile').expect(200);
      expect(mine.body).toMatchObject({ rootRole: { id: ROLE.VIEWER, name: 'Viewer' }, projects: ['profile-b'], canChangePassword: true });
    });

    it('answers 401 without credentials and 403 to an API token', async () => {
      await t.http().get('/api/admin/user/profile').expect(401);
      const res = await t.http().get('/api/admin/user/profile').set('Authorization', ADMIN_TOKEN).expect(403);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'NoAccessError', message: NOT_A_USER });
    });
  });

  describe('GET /api/admin/user/roles (getUserRoles)', () => {
    it("lists the caller's root role and the project roles held in the project, directly or through a group", async () => {
      await seedProject(t, 'roles-p');
      const custom = await seedProjectRole(t, 'Flag keeper', 'UPDATE_FEATURE');
      await t
        .http()
        .post('/api/admin/projects/roles-p/access')
        .set('Authorization', ADMIN_TOKEN)
        .send({ roles: [custom], users: [viewer.id] })
        .expect(200);
      await t
        .http()
        .post('/api/admin/projects/roles-p/access')
        .set('Authorization', ADMIN_TOKEN)
        .send({ roles: [ROLE.OWNER], groups: [group] })
        .expect(200);
      const res = await asViewer('/api/admin/user/roles?projectId=roles-p').expect(200);
      expect(res.body).toEqual({
        version: 1,
        roles: [
          { id: ROLE.VIEWER, name: 'Viewer', description: expect.any(String), type: 'root', project: null },
          { id: ROLE.OWNER, name: 'Owner', description: expect.any(String), type: 'project', project: null },
          { id: custom, name: 'Flag keeper', description: '', type: 'custom', project: null },
        ],
      });
      const elsewhere = await asViewer('/api/admin/user/roles?projectId=default').expect(200);
      expect(elsewhere.body.roles.map((role: { id: number }) => role.id)).toEqual([ROLE.VIEWER]);
    });

    it('refuses a missing projectId with 400 naming it, 401 without credentials, 403 to an API token', async () => {
      const res = await asViewer('/api/admin/user/roles').expect(400);
      expect(res.body).toMatchObject({ name: 'ValidationError', details: [{ path: '/query/projectId' }] });
      await t.http().get('/api/admin/user/roles?projectId=default').expect(401);
      const token = await t.http().get('/api/admin/user/roles?projectId=default').set('Authorization', ADMIN_TOKEN).expect(403);
      expect(token.body.message).toBe(NOT_A_USER);
    });
  });
});
