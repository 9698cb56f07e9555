import { ENVIRONMENT_PERMISSIONS, PROJECT_PERMISSIONS } from '../../src/core/access/permissions.js';
import { eventsOf } from '../helpers/events.js';
import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { createGroup, ROLE, seedUser, UUID } from './rbac.fixtures.js';

describe('roles: /api/admin/roles', () => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await sessionCookieFor(t, 1);
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = () => ({ Authorization: ADMIN_TOKEN });
  const paths = (body: { details: { path: string }[] }) => body.details.map((d) => d.path);

  describe('reading', () => {
    it('lists the built-in roles by id', async () => {
      const res = await t.http().get('/api/admin/roles').set(admin()).expect(200);
      expect(res.body.version).toBe(1);
      expect(res.body.roles.map((r: object) => ({ ...r, description: typeof (r as { description: unknown }).description }))).toEqual([
        { id: 1, name: 'Admin', description: 'string', type: 'root', project: null },
        { id: 2, name: 'Editor', description: 'string', type: 'root', project: null },
        { id: 3, name: 'Viewer', description: 'string', type: 'root', project: null },
        { id: 4, name: 'Owner', description: 'string', type: 'project', project: null },
        { id: 5, name: 'Member', description: 'string', type: 'project', project: null },
        { id: 6, name: 'Reader', description: 'string', type: 'project', project: null },
      ]);
    });

    it('shows a role with its permissions', async () => {
      const admins = await t.http().get('/api/admin/roles/1').set(admin()).expect(200);
      expect(admins.body).toEqual({
        id: 1,
        name: 'Admin',
        description: expect.stringContaining('superuser'),
        type: 'root',
        project: null,
        permissions: [{ name: 'ADMIN' }],
      });
      const owner = await t.http().get('/api/admin/roles/4').set(admin()).expect(200);
      expect(owner.body.permissions.map((p: { name: string }) => p.name)).toEqual(
        [...PROJECT_PERMISSIONS, ...ENVIRONMENT_PERMISSIONS].sort(),
      );
      expect(owner.body.permissions.every((p: object) => !('environment' in p))).toBe(true);
      const viewer = await t.http().get('/api/admin/roles/3').set(admin()).expect(200);
      expect(viewer.body.permissions).toEqual([]);
    });

    it('answers 404 for an unknown role, 401 without credentials, 403 naming READ_ROLE without it', async () => {
      const missing = await t.http().get('/api/admin/roles/999').set(admin()).expect(404);
      expect(missing.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find role with id 999.' });
      await t.http().get('/api/admin/roles').expect(401);
      const editor = await seedUser(t, 'eve', ROLE.EDITOR);
      const denied = await t.http().get('/api/admin/roles/1').set('Cookie', editor.cookie).expect(403);
      expect(denied.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "READ_ROLE" permission.',
      );
      const write = await t.http().post('/api/admin/roles').set('Cookie', editor.cookie).send({ name: 'x' }).expect(403);
      expect(write.body.message).toContain('"ADMIN" permission');
    });

    it('lists the permission catalogue custom roles draw from', async () => {
      const res = await t.http().get('/api/admin/permissions').set(admin()).expect(200);
      expect(res.body.version).toBe(1);
      expect(res.body.permissions.root).toContainEqual({ name: 'CREATE_PROJECT', type: 'root' });
      expect(res.body.permissions.root).not.toContainEqual({ name: 'ADMIN', type: 'root' });
      expect(res.body.permissions.project).toEqual(PROJECT_PERMISSIONS.map((name) => ({ name, type: 'project' })));
      expect(res.body.permissions.environments.map((e: { name: string }) => e.name)).toEqual(['development', 'production']);
      expect(res.body.permissions.environments[1].permissions).toContainEqual({
        name: 'UPDATE_FEATURE_STRATEGY',
        type: 'environment',
        environment: 'production',
      });
    });
  });

  describe('custom role lifecycle', () => {
    let roleId: number;

    it('creates a custom project role: 201, location, the role with its permissions', async () => {
      const res = await t
        .http()
        .post('/api/admin/roles')
        .set('Cookie', adminCookie)
        .send({
          name: ' Release manager ',
          description: 'Ships to production',
          type: 'custom',
          permissions: [
            { name: 'UPDATE_FEATURE_STRATEGY', environment: 'production' },
            { name: 'CREATE_FEATURE' },
            { name: 'UPDATE_FEATURE_STRATEGY', environment: 'development' },
            { name: 'CREATE_FEATURE', environment: '' },
          ],
        })
        .expect(201);
      roleId = res.body.id;
      expect(roleId).toBeGreaterThan(6);
      expect(res.headers.location).toBe(`/api/admin/roles/${roleId}`);
      const expected = {
        id: roleId,
        name: 'Release manager',
        description: 'Ships to production',
        type: 'custom',
        project: null,
        permissions: [
          { name: 'CREATE_FEATURE' },
          { name: 'UPDATE_FEATURE_STRATEGY', environment: 'development' },
          { name: 'UPDATE_FEATURE_STRATEGY', environment: 'production' },
        ],
      };
      expect(res.body).toEqual(expected);
      expect((await t.http().get(`/api/admin/roles/${roleId}`).set(admin())).body).toEqual(expected);
      const rows = await t.db.query<{ permission: string; environment: string }>(
        'SELECT permission, environment FROM flagwright_role_permissions WHERE role_id = :roleId ORDER BY permission, environment',
        { roleId },
      );
      expect(rows).toEqual([
        { permission: 'CREATE_FEATURE', environment: '' },
        { permission: 'UPDATE_FEATURE_STRATEGY', environment: 'development' },
        { permission: 'UPDATE_FEATURE_STRATEGY', environment: 'production' },
      ]);
      const listed = await t.http().get('/api/admin/roles').set(admin()).expect(200);
      expect(listed.body.roles.at(-1)).toEqual({
        id: roleId,
        name: 'Release manager',
        description: 'Ships to production',
        type: 'custom',
        project: null,
      });
    });

    it('creates a custom root role, and defaults the type to custom and the description to empty', async () => {
      const root = await t
        .http()
        .post('/api/admin/roles')
        .set(admin())
        .send({ name: 'Token reader', type: 'root-custom', permissions: [{ name: 'READ_CLIENT_API_TOKEN' }] })
        .expect(201);
      expect(root.body).toEqual({
        id: expect.any(Number),
        name: 'Token reader',
        description: '',
        type: 'root-custom',
        project: null,
        permissions: [{ name: 'READ_CLIENT_API_TOKEN' }],
      });
      const bare = await t.http().post('/api/admin/roles').set(admin()).send({ name: 'Bare role' }).expect(201);
      expect(bare.body).toEqual({
        id: expect.any(Number),
        name: 'Bare role',
        description: '',
        type: 'custom',
        project: null,
        permissions: [],
      });
    });

    it('gives a person a custom root role through the user admin API, which then grants its permissions', async () => {
      const role = await t
        .http()
        .post('/api/admin/roles')
        .set(admin())
        .send({ name: 'Segment keeper', type: 'root-custom', permissions: [{ name: 'CREATE_SEGMENT' }] })
        .expect(201);
      const created = await t
        .http()
        .post('/api/admin/user-admin')
        .set(admin())
        .send({ username: 'keeper', email: 'keeper@example.com', rootRole: role.body.id })
        .expect(201);
      expect(created.body.rootRole).toBe(role.body.id);
      const listed = await t.http().get('/api/admin/user-admin').set(admin()).expect(200);
      expect(listed.body.rootRoles).toContainEqual({ id: role.body.id, name: 'Segment keeper', description: '', type: 'root-custom' });
      const cookie = await sessionCookieFor(t, created.body.id);
      await t.http().post('/api/admin/segments').set('Cookie', cookie).send({ name: 'keepers', constraints: [] }).expect(201);
      await t.http().put(`/api/admin/user-admin/${created.body.id}`).set(admin()).send({ rootRole: 3 }).expect(200);
      await t.http().post('/api/admin/segments').set('Cookie', cookie).send({ name: 'keepers-2', constraints: [] }).expect(403);
    });
    it('reports every offending permission with its pointer', async () => {
      const project = await t
        .http()
        .post('/api/admin/roles')
        .set(admin())
        .send({
          name: 'Bad project role',
          type: 'custom',
          permissions: [
            { name: 'NOT_A_PERMISSION' },
            { name: 'CREATE_PROJECT' },
            { name: 'UPDATE_FEATURE_STRATEGY' },
            { name: 'UPDATE_FEATURE_STRATEGY', environment: 'staging' },
            { name: 'CREATE_FEATURE', environment: 'production' },
            { name: 'ADMIN' },
            { name: 'UPDATE_FEATURE' },
          ],
        })
        .expect(400);
      expect(project.body.name).toBe('ValidationError');
      expect(project.body.details).toEqual([
        {
          path: '/body/permissions/0/name',
          message:
            'The `/body/permissions/0/name` property must name a permission of the catalogue (GET /api/admin/permissions). You sent "NOT_A_PERMISSION".',
        },
        {
          path: '/body/permissions/1/name',
          message:
            'The `/body/permissions/1/name` property names CREATE_PROJECT, a root permission, but a custom project role (type custom) holds project and environment permissions only.',
        },
        {
          path: '/body/permissions/2/environment',
          message: 'The `/body/permissions/2/environment` property is required: UPDATE_FEATURE_STRATEGY is granted per environment.',
        },
        {
          path: '/body/permissions/3/environment',
          message: 'The `/body/permissions/3/environment` property must name an existing environment. You sent "staging".',
        },
        {
          path: '/body/permissions/4/environment',
          message:
            'The `/body/permissions/4/environment` property must be left out: CREATE_FEATURE is not granted per environment. You sent "production".',
        },
        {
          path: '/body/permissions/5/name',
          message:
            'The `/body/permissions/5/name` property cannot be ADMIN: a custom role cannot grant it; give the Admin root role instead.',
        },
      ]);
      const root = await t
        .http()
        .post('/api/admin/roles')
        .set(admin())
        .send({ name: 'Bad root role', type: 'root-custom', permissions: [{ name: 'UPDATE_FEATURE' }] })
        .expect(400);
      expect(root.body.details).toEqual([
        {
          path: '/body/permissions/0/name',
          message:
            'The `/body/permissions/0/name` property names UPDATE_FEATURE, a project permission, but a custom root role (type root-custom) holds root permissions only.',
        },
      ]);
      const shape = await t
        .http()
        .post('/api/admin/roles')
        .set(admin())
        .send({ name: '', type: 'project', permissions: [{ id: 3 }, 'READ_ROLE'], extra: true })
        .expect(400);
      expect(paths(shape.body).sort()).toEqual(
        ['/body/extra', '/body/name', '/body/permissions/0/id', '/body/permissions/0/name', '/body/permissions/1', '/body/type'].sort(),
      );
      expect(shape.body.details.find((d: { path: string }) => d.path === '/body/type').message).toBe(
        'The `/body/type` property must be one of "root-custom", "custom". You sent "project".',
      );
      const stored = await t.db.query('SELECT id FROM flagwright_roles WHERE name LIKE :pattern', { pattern: 'Bad %' });
      expect(stored).toEqual([]);
    });

    it('answers 409 for a name in use, built-in names included', async () => {
      for (const name of ['Release manager', 'Admin']) {
        const res = await t.http().post('/api/admin/roles').set(admin()).send({ name }).expect(409);
        expect(res.body).toEqual({
          id: expect.stringMatching(UUID),
          name: 'NameExistsError',
          message: `There already exists a role with the name ${name}.`,
        });
      }
    });

    it('updates a custom role: name, description and permissions; left-out properties stay', async () => {
      const res = await t
        .http()
        .put(`/api/admin/roles/${roleId}`)
        .set('Cookie', adminCookie)
        .send({ name: 'Release captain', permissions: [{ name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'production' }] })
        .expect(200);
      expect(res.body).toEqual({
        id: roleId,
        name: 'Release captain',
        description: 'Ships to production',
        type: 'custom',
        project: null,
        permissions: [{ name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'production' }],
      });
      const kept = await t
        .http()
        .put(`/api/admin/roles/${roleId}`)
        .set(admin())
        .send({ name: 'Release captain', description: null, type: 'custom' })
        .expect(200);
      expect(kept.body).toMatchObject({
        description: '',
        permissions: [{ name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'production' }],
      });
      expect((await t.http().get(`/api/admin/roles/${roleId}`).set(admin())).body).toEqual(kept.body);
    });

    it('refuses to change the type, a built-in role, an unknown role or to take a used name', async () => {
      const type = await t
        .http()
        .put(`/api/admin/roles/${roleId}`)
        .set(admin())
        .send({ name: 'Release captain', type: 'root-custom' })
        .expect(400);
      expect(type.body.details).toEqual([
        {
          path: '/body/type',
          message: `The \`/body/type\` property cannot change: role ${roleId} is of type custom. You sent "root-custom".`,
        },
      ]);
      const builtIn = await t.http().put('/api/admin/roles/2').set(admin()).send({ name: 'Super editor' }).expect(400);
      expect(builtIn.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message: 'The role Editor (id 2) is built in and cannot be changed.',
        details: [{ path: '/params/id', message: 'The role Editor (id 2) is built in and cannot be changed.' }],
      });
      await t.http().put('/api/admin/roles/999').set(admin()).send({ name: 'Ghost' }).expect(404);
      const taken = await t.http().put(`/api/admin/roles/${roleId}`).set(admin()).send({ name: 'Member' }).expect(409);
      expect(taken.body.message).toBe('There already exists a role with the name Member.');
      expect((await t.http().get('/api/admin/roles/2').set(admin())).body.name).toBe('Editor');
    });

    it('refuses to delete a built-in role or a role in use, naming who uses it; deletes it once free', async () => {
      for (const id of [1, 4]) {
        const res = await t.http().delete(`/api/admin/roles/${id}`).set(admin()).expect(400);
        expect(res.body.message).toMatch(/is built in and cannot be removed\.$/);
      }
      const alice = await seedUser(t, 'alice');
      const bob = await seedUser(t, 'bob');
      await t
        .http()
        .post('/api/admin/projects/default/access')
        .set(admin())
        .send({ roles: [roleId], users: [alice.id, bob.id] })
        .expect(200);
      const group = await createGroup(t, { name: 'captains' });
      await t
        .http()
        .post('/api/admin/projects/default/access')
        .set(admin())
        .send({ roles: [roleId], groups: [group.id] })
        .expect(200);

      const inUse = await t.http().delete(`/api/admin/roles/${roleId}`).set(admin()).expect(400);
      const message = 'Role is in use by users: alice, bob; groups: captains. Remove the role from them before deleting it.';
      expect(inUse.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message,
        details: [{ path: '/params/id', message }],
      });

      await t.http().delete(`/api/admin/projects/default/users/${alice.id}/roles`).set(admin()).expect(200);
      await t.http().delete(`/api/admin/projects/default/users/${bob.id}/roles/${roleId}`).set(admin()).expect(200);
      const groupOnly = await t.http().delete(`/api/admin/roles/${roleId}`).set(admin()).expect(400);
      expect(groupOnly.body.message).toBe('Role is in use by groups: captains. Remove the role from them before deleting it.');
      await t.http().delete(`/api/admin/projects/default/groups/${group.id}/roles`).set(admin()).expect(200);

      await t.http().delete(`/api/admin/roles/${roleId}`).set('Cookie', adminCookie).expect(200);
      await t.http().get(`/api/admin/roles/${roleId}`).set(admin()).expect(404);
      await t.http().delete(`/api/admin/roles/${roleId}`).set(admin()).expect(404);
      expect(await t.db.query('SELECT role_id FROM flagwright_role_permissions WHERE role_id = :roleId', { roleId })).toEqual([]);
    });

    it('counts a custom root role held as a root role, by a user or a group', async () => {
      const root = await t
        .http()
        .post('/api/admin/roles')
        .set(admin())
        .send({ name: 'Auditor', type: 'root-custom', permissions: [{ name: 'READ_LOGS' }] })
        .expect(201);
      await seedUser(t, 'audrey', root.body.id);
      await createGroup(t, { name: 'auditors', rootRole: root.body.id });
      const res = await t.http().delete(`/api/admin/roles/${root.body.id}`).set(admin()).expect(400);
      expect(res.body.message).toBe('Role is in use by users: audrey; groups: auditors. Remove the role from them before deleting it.');
    });

    it('records role-created, role-updated and role-deleted', async () => {
      const created = (await eventsOf(t, { type: 'role-created' })).find((e) => (e.data as { id: number }).id === roleId);
      expect(created).toMatchObject({
        createdBy: 'admin',
        data: { id: roleId, name: 'Release manager', type: 'custom', permissions: expect.any(Array) },
      });
      const updated = (await eventsOf(t, { type: 'role-updated' })).filter((e) => (e.data as { id: number }).id === roleId);
      expect(updated).toHaveLength(2);
      expect(updated[0]).toMatchObject({ createdBy: 'admin', data: { name: 'Release captain' }, preData: { name: 'Release manager' } });
      const deleted = (await eventsOf(t, { type: 'role-deleted' })).find((e) => (e.preData as { id: number }).id === roleId);
      expect(deleted).toMatchObject({ createdBy: 'admin', data: null, preData: { id: roleId, name: 'Release captain' } });
    });
  });
});
