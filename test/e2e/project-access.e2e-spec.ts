import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProject } from '../helpers/seeds.js';
import { eventsOf } from '../helpers/events.js';
import { createGroup, ISO, ROLE, seedUser, type SeededUser, userRecord, UUID } from './rbac.fixtures.js';

describe('project access: /api/admin/projects/{projectId}/access', () => {
  let t: TestApp;
  let ada: SeededUser;
  let bob: SeededUser;
  let group: { id: number } & Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'pa');
    await seedProject(t, 'pb');
    ada = await seedUser(t, 'ada');
    bob = await seedUser(t, 'bob', ROLE.EDITOR);
    group = await createGroup(t, { name: 'crew', users: [{ user: { id: bob.id } }] });
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = () => ({ Authorization: ADMIN_TOKEN });
  const projectRoles = [
    { id: ROLE.OWNER, name: 'Owner', description: expect.any(String), type: 'project', project: null },
    { id: ROLE.MEMBER, name: 'Member', description: expect.any(String), type: 'project', project: null },
    { id: ROLE.READER, name: 'Reader', description: expect.any(String), type: 'project', project: null },
  ];

  it('shows the project roles and no one holding them in a fresh project', async () => {
    const res = await t.http().get('/api/admin/projects/pa/access').set('Cookie', ada.cookie).expect(200);
    expect(res.body).toEqual({ roles: projectRoles, users: [], groups: [] });
  });

  it('answers 401 without credentials and 404 for an unknown project', async () => {
    await t.http().get('/api/admin/projects/pa/access').expect(401);
    const res = await t.http().get('/api/admin/projects/nowhere/access').set(admin()).expect(404);
    expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find project nowhere' });
    await t
      .http()
      .post('/api/admin/projects/nowhere/access')
      .set(admin())
      .send({ roles: [ROLE.MEMBER], users: [ada.id] })
      .expect(404);
  });

  it('gives each role to each user and group, and shows them', async () => {
    await t
      .http()
      .post('/api/admin/projects/pa/access')
      .set(admin())
      .send({ roles: [ROLE.MEMBER, ROLE.READER], users: [ada.id], groups: [group.id] })
      .expect(200);
    await t
      .http()
      .post('/api/admin/projects/pa/access')
      .set(admin())
      .send({ roles: [ROLE.MEMBER], users: [ada.id, bob.id], groups: [] })
      .expect(200);
    const res = await t.http().get('/api/admin/projects/pa/access').set(admin()).expect(200);
    expect(res.body.roles).toEqual(projectRoles);
    expect(res.body.users).toEqual([
      { ...userRecord(ada), addedAt: expect.stringMatching(ISO), roleId: ROLE.MEMBER, roles: [ROLE.MEMBER, ROLE.READER] },
      { ...userRecord(bob, ROLE.EDITOR), addedAt: expect.stringMatching(ISO), roleId: ROLE.MEMBER, roles: [ROLE.MEMBER] },
    ]);
    expect(res.body.groups).toEqual([
      {
        id: group.id,
        name: 'crew',
        description: '',
        mappingsSSO: [],
        rootRole: null,
        createdBy: 'init-admin-token',
        createdAt: expect.stringMatching(ISO),
        users: [{ joinedAt: expect.stringMatching(ISO), createdBy: 'init-admin-token', user: userRecord(bob, ROLE.EDITOR) }],
        projects: ['pa'],
        userCount: 1,
        scimId: null,
        addedAt: expect.stringMatching(ISO),
        roleId: ROLE.MEMBER,
        roles: [ROLE.MEMBER, ROLE.READER],
      },
    ]);
    const stored = await t.db.query<{ user_id: number; role_id: number }>(
      "SELECT user_id, role_id FROM flagwright_role_users WHERE project = 'pa' ORDER BY user_id, role_id",
    );
    expect(stored.map((row) => [Number(row.user_id), Number(row.role_id)])).toEqual([
      [ada.id, ROLE.MEMBER],
      [ada.id, ROLE.READER],
      [bob.id, ROLE.MEMBER],
    ]);
    const other = await t.http().get('/api/admin/projects/pb/access').set(admin()).expect(200);
    expect(other.body).toMatchObject({ users: [], groups: [] });
  });

  it('refuses root roles, unknown roles, users and groups, each with its pointer', async () => {
    const res = await t
      .http()
      .post('/api/admin/projects/pb/access')
      .set(admin())
      .send({ roles: [ROLE.MEMBER, ROLE.EDITOR, 999], users: [ada.id, 4242], groups: [group.id, 77] })
      .expect(400);
    expect(res.body.details).toEqual([
      {
        path: '/body/roles/1',
        message:
          'The `/body/roles/1` property must be the id of a project role (4 Owner, 5 Member, 6 Reader, or a custom project role). You sent 2.',
      },
      {
        path: '/body/roles/2',
        message:
          'The `/body/roles/2` property must be the id of a project role (4 Owner, 5 Member, 6 Reader, or a custom project role). You sent 999.',
      },
      { path: '/body/groups/1', message: 'The `/body/groups/1` property must be the id of an existing group. You sent 77.' },
      {
        path: '/body/users/1',
        message: 'The `/body/users/1` property must be the id of an existing user or service account. You sent 4242.',
      },
    ]);
    expect(await t.db.query("SELECT user_id FROM flagwright_role_users WHERE project = 'pb'")).toEqual([]);
  });

  it('refuses a body that names no role, no one, or not ids', async () => {
    const noRole = await t
      .http()
      .post('/api/admin/projects/pb/access')
      .set(admin())
      .send({ roles: [], users: [ada.id] })
      .expect(400);
    expect(noRole.body.details).toEqual([
      { path: '/body/roles', message: 'The `/body/roles` property must name at least one role. You sent [].' },
    ]);
    const noOne = await t
      .http()
      .post('/api/admin/projects/pb/access')
      .set(admin())
      .send({ roles: [ROLE.MEMBER], users: [], groups: [] })
      .expect(400);
    expect(noOne.body.details).toEqual([
      { path: '/body', message: 'The `/body` object must name at least one user (`users`) or group (`groups`) to give the roles to.' },
    ]);
    const shapes = await t
      .http()
      .post('/api/admin/projects/pb/access')
      .set(admin())
      .send({ roles: ['Member'], users: 'ada', groups: [1.5], extra: 1 })
      .expect(400);
    expect(shapes.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      '/body/extra',
      '/body/groups',
      '/body/roles',
      '/body/users',
    ]);
    // A bad body wins over an unknown project (400 before 404).
    await t.http().post('/api/admin/projects/nowhere/access').set(admin()).send({ roles: [] }).expect(400);
  });

  it('replaces the roles of a user or a group with PUT …/roles', async () => {
    await t
      .http()
      .put(`/api/admin/projects/pa/users/${ada.id}/roles`)
      .set(admin())
      .send({ roles: [ROLE.READER] })
      .expect(200);
    await t
      .http()
      .put(`/api/admin/projects/pa/groups/${group.id}/roles`)
      .set(admin())
      .send({ roles: [ROLE.OWNER] })
      .expect(200);
    const res = await t.http().get('/api/admin/projects/pa/access').set(admin()).expect(200);
    expect(res.body.users.find((u: { id: number }) => u.id === ada.id)).toMatchObject({ roleId: ROLE.READER, roles: [ROLE.READER] });
    expect(res.body.groups[0]).toMatchObject({ id: group.id, roleId: ROLE.OWNER, roles: [ROLE.OWNER] });
    const bad = await t
      .http()
      .put(`/api/admin/projects/pa/users/${ada.id}/roles`)
      .set(admin())
      .send({ roles: [ROLE.ADMIN] })
      .expect(400);
    expect(bad.body.details[0].path).toBe('/body/roles/0');
    const unknownUser = await t
      .http()
      .put('/api/admin/projects/pa/users/4242/roles')
      .set(admin())
      .send({ roles: [ROLE.MEMBER] })
      .expect(404);
    expect(unknownUser.body.message).toBe('Could not find user with id 4242.');
    await t
      .http()
      .put('/api/admin/projects/pa/groups/77/roles')
      .set(admin())
      .send({ roles: [ROLE.MEMBER] })
      .expect(404);
    await t
      .http()
      .put(`/api/admin/projects/nowhere/users/${ada.id}/roles`)
      .set(admin())
      .send({ roles: [ROLE.MEMBER] })
      .expect(404);
  });

  it('removes one role or all roles of a user or group, and answers 404 when there is none', async () => {
    await t.http().delete(`/api/admin/projects/pa/users/${bob.id}/roles/${ROLE.MEMBER}`).set(admin()).expect(200);
    const again = await t.http().delete(`/api/admin/projects/pa/users/${bob.id}/roles/${ROLE.MEMBER}`).set(admin()).expect(404);
    expect(again.body.message).toBe(`User ${bob.id} does not have role ${ROLE.MEMBER} in project pa.`);
    await t.http().delete(`/api/admin/projects/pa/users/${ada.id}/roles`).set(admin()).expect(200);
    const none = await t.http().delete(`/api/admin/projects/pa/users/${ada.id}/roles`).set(admin()).expect(404);
    expect(none.body.message).toBe(`User ${ada.id} has no role in project pa.`);
    const res = await t.http().get('/api/admin/projects/pa/access').set(admin()).expect(200);
    expect(res.body.users).toEqual([]);
    expect(res.body.groups.map((g: { id: number }) => g.id)).toEqual([group.id]);
    const notHeld = await t.http().delete(`/api/admin/projects/pb/groups/${group.id}/roles`).set(admin()).expect(404);
    expect(notHeld.body.message).toBe(`Group ${group.id} has no role in project pb.`);
  });

  it('keeps at least one Owner in a project that has one', async () => {
    const last = await t.http().delete(`/api/admin/projects/pa/groups/${group.id}/roles`).set(admin()).expect(400);
    expect(last.body.message).toBe(
      'A project must have at least one owner: this change would remove the last Owner of project pa. Give the Owner role to another user or group first.',
    );
    await t
      .http()
      .put(`/api/admin/projects/pa/groups/${group.id}/roles`)
      .set(admin())
      .send({ roles: [ROLE.MEMBER] })
      .expect(400);
    await t
      .http()
      .post('/api/admin/projects/pa/access')
      .set(admin())
      .send({ roles: [ROLE.OWNER], users: [ada.id] })
      .expect(200);
    await t.http().delete(`/api/admin/projects/pa/groups/${group.id}/roles/${ROLE.OWNER}`).set(admin()).expect(200);
    const res = await t.http().get('/api/admin/projects/pa/access').set(admin()).expect(200);
    expect(res.body.groups).toEqual([]);
    expect(res.body.users).toMatchObject([{ id: ada.id, roles: [ROLE.OWNER] }]);
  });

  it('records project-access-added, -updated and -removed for the project', async () => {
    const added = (await eventsOf(t, { type: 'project-access-added' })).filter((e) => e.project === 'pa');
    expect(added[0]).toMatchObject({
      createdBy: 'init-admin-token',
      project: 'pa',
      data: { roles: [ROLE.MEMBER, ROLE.READER], groups: [group.id], users: [ada.id] },
    });
    const updated = (await eventsOf(t, { type: 'project-access-updated' })).filter((e) => e.project === 'pa');
    expect(updated.map((e) => [e.data, e.preData])).toEqual([
      [
        { userId: ada.id, roles: [ROLE.READER] },
        { userId: ada.id, roles: [ROLE.MEMBER, ROLE.READER] },
      ],
      [
        { groupId: group.id, roles: [ROLE.OWNER] },
        { groupId: group.id, roles: [ROLE.MEMBER, ROLE.READER] },
      ],
    ]);
    const removed = (await eventsOf(t, { type: 'project-access-removed' })).filter((e) => e.project === 'pa');
    expect(removed.map((e) => [e.data, e.preData])).toEqual([
      [
        { userId: bob.id, roles: [] },
        { userId: bob.id, roles: [ROLE.MEMBER] },
      ],
      [
        { userId: ada.id, roles: [] },
        { userId: ada.id, roles: [ROLE.READER] },
      ],
      [
        { groupId: group.id, roles: [] },
        { groupId: group.id, roles: [ROLE.OWNER] },
      ],
    ]);
  });

  it('lists custom project roles among the roles that can be given', async () => {
    const custom = await t
      .http()
      .post('/api/admin/roles')
      .set(admin())
      .send({ name: 'Tester', type: 'custom', permissions: [{ name: 'UPDATE_FEATURE' }] })
      .expect(201);
    await t.http().post('/api/admin/roles').set(admin()).send({ name: 'Root thing', type: 'root-custom' }).expect(201);
    const res = await t.http().get('/api/admin/projects/pb/access').set(admin()).expect(200);
    expect(res.body.roles.map((r: { name: string }) => r.name)).toEqual(['Owner', 'Member', 'Reader', 'Tester']);
    await t
      .http()
      .post('/api/admin/projects/pb/access')
      .set(admin())
      .send({ roles: [custom.body.id], users: [ada.id] })
      .expect(200);
  });
});
