import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProject } from '../helpers/seeds.js';
import { createGroup, ROLE, seedFeatureWithStrategies, seedUser, strategyUrl, UUID } from './rbac.fixtures.js';

const denied = (permission: string, environment: string, project: string) =>
  `You don't have the required permissions to perform this operation. To perform this action, you need the "${permission}" permission in the "${environment}" environment of the "${project}" project.`;

describe('RBAC: effective permissions follow root roles, groups and project roles', () => {
  let t: TestApp;
  let strategies: Record<string, Record<string, string>>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'p1');
    await seedProject(t, 'p2');
    strategies = {
      default: await seedFeatureWithStrategies(t, 'f-default', 'default'),
      p1: await seedFeatureWithStrategies(t, 'f-p1', 'p1'),
      p2: await seedFeatureWithStrategies(t, 'f-p2', 'p2'),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = () => ({ Authorization: ADMIN_TOKEN });
  const feature = { default: 'f-default', p1: 'f-p1', p2: 'f-p2' } as const;
  /** Updates the title of the project's strategy in the environment as the user; answers the response. */
  const updateStrategy = (cookie: string, project: keyof typeof feature, environment = 'development') =>
    t
      .http()
      .put(strategyUrl(project, feature[project], environment, strategies[project][environment]))
      .set('Cookie', cookie)
      .send({ title: `by ${cookie.length}` });

  it('a Viewer may update a strategy only while in a group with the Editor root role', async () => {
    const viewer = await seedUser(t, 'vera');
    const before = await updateStrategy(viewer.cookie, 'default').expect(403);
    expect(before.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NoAccessError',
      message: denied('UPDATE_FEATURE_STRATEGY', 'development', 'default'),
    });

    const editors = await createGroup(t, { name: 'editors', rootRole: ROLE.EDITOR, users: [{ user: { id: viewer.id } }] });
    const during = await updateStrategy(viewer.cookie, 'default').expect(200);
    expect(during.body).toMatchObject({ id: strategies.default.development, title: `by ${viewer.cookie.length}` });
    // The Editor root role reaches the default project only (decision 16).
    await updateStrategy(viewer.cookie, 'p1').expect(403);

    await t.http().delete(`/api/admin/groups/${editors.id}/users/${viewer.id}`).set(admin()).expect(200);
    const after = await updateStrategy(viewer.cookie, 'default').expect(403);
    expect(after.body.message).toBe(denied('UPDATE_FEATURE_STRATEGY', 'development', 'default'));

    // Membership given back and taken away through PUT takes effect at once, too.
    await t
      .http()
      .put(`/api/admin/groups/${editors.id}`)
      .set(admin())
      .send({ name: 'editors', rootRole: ROLE.EDITOR, users: [{ user: { id: viewer.id } }] })
      .expect(200);
    await updateStrategy(viewer.cookie, 'default').expect(200);
    await t
      .http()
      .put(`/api/admin/groups/${editors.id}`)
      .set(admin())
      .send({ name: 'editors', rootRole: ROLE.EDITOR, users: [] })
      .expect(200);
    await updateStrategy(viewer.cookie, 'default').expect(403);
  });

  it('a group whose root role changes takes its members with it', async () => {
    const viewer = await seedUser(t, 'walt');
    const group = await createGroup(t, { name: 'promoted', rootRole: ROLE.VIEWER, users: [{ user: { id: viewer.id } }] });
    await updateStrategy(viewer.cookie, 'default').expect(403);
    await t.http().put(`/api/admin/groups/${group.id}`).set(admin()).send({ name: 'promoted', rootRole: ROLE.ADMIN }).expect(200);
    await updateStrategy(viewer.cookie, 'p2', 'production').expect(200);
    await t.http().get('/api/admin/groups').set('Cookie', viewer.cookie).expect(200);
    await t.http().delete(`/api/admin/groups/${group.id}`).set(admin()).expect(200);
    await t.http().get('/api/admin/groups').set('Cookie', viewer.cookie).expect(403);
  });

  it('a group with the Member role in a project grants UPDATE_FEATURE_STRATEGY in that project only', async () => {
    const viewer = await seedUser(t, 'mia');
    const members = await createGroup(t, { name: 'p1-members', users: [{ user: { id: viewer.id } }] });
    await t
      .http()
      .post('/api/admin/projects/p1/access')
      .set(admin())
      .send({ roles: [ROLE.MEMBER], groups: [members.id], users: [] })
      .expect(200);

    await updateStrategy(viewer.cookie, 'p1', 'development').expect(200);
    await updateStrategy(viewer.cookie, 'p1', 'production').expect(200);
    const elsewhere = await updateStrategy(viewer.cookie, 'p2', 'production').expect(403);
    expect(elsewhere.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NoAccessError',
      message: denied('UPDATE_FEATURE_STRATEGY', 'production', 'p2'),
    });
    const inDefault = await updateStrategy(viewer.cookie, 'default', 'development').expect(403);
    expect(inDefault.body.message).toBe(denied('UPDATE_FEATURE_STRATEGY', 'development', 'default'));
    // Member does not manage the project's access.
    const access = await t
      .http()
      .post('/api/admin/projects/p1/access')
      .set('Cookie', viewer.cookie)
      .send({ roles: [ROLE.MEMBER], users: [viewer.id] })
      .expect(403);
    expect(access.body.message).toBe(
      'You don\'t have the required permissions to perform this operation. To perform this action, you need the "PROJECT_USER_ACCESS_WRITE" permission of the "p1" project.',
    );

    await t.http().delete(`/api/admin/projects/p1/groups/${members.id}/roles`).set(admin()).expect(200);
    await updateStrategy(viewer.cookie, 'p1', 'development').expect(403);
  });

  it('a custom project role grants its environment-scoped permissions in the environments it names', async () => {
    const viewer = await seedUser(t, 'pat');
    const role = await t
      .http()
      .post('/api/admin/roles')
      .set(admin())
      .send({
        name: 'Production strategist',
        type: 'custom',
        permissions: [{ name: 'UPDATE_FEATURE_STRATEGY', environment: 'production' }],
      })
      .expect(201);
    await t
      .http()
      .post('/api/admin/projects/p2/access')
      .set(admin())
      .send({ roles: [role.body.id], users: [viewer.id] })
      .expect(200);
    await updateStrategy(viewer.cookie, 'p2', 'production').expect(200);
    const development = await updateStrategy(viewer.cookie, 'p2', 'development').expect(403);
    expect(development.body.message).toBe(denied('UPDATE_FEATURE_STRATEGY', 'development', 'p2'));
    await updateStrategy(viewer.cookie, 'p1', 'production').expect(403);

    // Changing the role's permissions changes what its holders may do, at once.
    await t
      .http()
      .put(`/api/admin/roles/${role.body.id}`)
      .set(admin())
      .send({ name: 'Production strategist', permissions: [{ name: 'UPDATE_FEATURE_STRATEGY', environment: 'development' }] })
      .expect(200);
    await updateStrategy(viewer.cookie, 'p2', 'development').expect(200);
    await updateStrategy(viewer.cookie, 'p2', 'production').expect(403);
  });

  it('a custom root role grants its root permissions, directly or through a group', async () => {
    const viewer = await seedUser(t, 'rory');
    await t.http().get('/api/admin/roles').set('Cookie', viewer.cookie).expect(403);
    const role = await t
      .http()
      .post('/api/admin/roles')
      .set(admin())
      .send({ name: 'Role reader', type: 'root-custom', permissions: [{ name: 'READ_ROLE' }] })
      .expect(201);
    const group = await createGroup(t, { name: 'role-readers', rootRole: role.body.id, users: [{ user: { id: viewer.id } }] });
    const listed = await t.http().get('/api/admin/roles').set('Cookie', viewer.cookie).expect(200);
    expect(listed.body.roles.map((r: { name: string }) => r.name)).toContain('Role reader');
    await t.http().post('/api/admin/roles').set('Cookie', viewer.cookie).send({ name: 'nope' }).expect(403);
    await t.http().delete(`/api/admin/groups/${group.id}/users/${viewer.id}`).set(admin()).expect(200);
    await t.http().get('/api/admin/roles').set('Cookie', viewer.cookie).expect(403);
  });

  it('root roles as decision 16 says: Editor works in the default project, Viewer reads, Admin does everything', async () => {
    const editor = await seedUser(t, 'eddie', ROLE.EDITOR);
    const viewer = await seedUser(t, 'vic', ROLE.VIEWER);
    const root = await seedUser(t, 'ava', ROLE.ADMIN);
    await updateStrategy(editor.cookie, 'default', 'production').expect(200);
    const otherProject = await updateStrategy(editor.cookie, 'p1', 'production').expect(403);
    expect(otherProject.body.message).toBe(denied('UPDATE_FEATURE_STRATEGY', 'production', 'p1'));
    await updateStrategy(viewer.cookie, 'default', 'production').expect(403);
    await t
      .http()
      .get(strategyUrl('default', 'f-default', 'production', strategies.default.production))
      .set('Cookie', viewer.cookie)
      .expect(200);
    await updateStrategy(root.cookie, 'p1', 'production').expect(200);
    await t.http().get('/api/admin/groups').set('Cookie', editor.cookie).expect(403);
  });

  it("an Owner of a project manages that project's access, and no other", async () => {
    const owner = await seedUser(t, 'olga');
    const helper = await seedUser(t, 'hal');
    await t
      .http()
      .post('/api/admin/projects/p1/access')
      .set(admin())
      .send({ roles: [ROLE.OWNER], users: [owner.id] })
      .expect(200);
    await t
      .http()
      .post('/api/admin/projects/p1/access')
      .set('Cookie', owner.cookie)
      .send({ roles: [ROLE.MEMBER], users: [helper.id] })
      .expect(200);
    await updateStrategy(helper.cookie, 'p1').expect(200);
    await t
      .http()
      .post('/api/admin/projects/p2/access')
      .set('Cookie', owner.cookie)
      .send({ roles: [ROLE.MEMBER], users: [helper.id] })
      .expect(403);
    await t.http().delete(`/api/admin/projects/p1/users/${helper.id}/roles`).set('Cookie', owner.cookie).expect(200);
    await updateStrategy(helper.cookie, 'p1').expect(403);
  });
});
