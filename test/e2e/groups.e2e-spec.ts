import { vi } from 'vitest';
import { seedProject } from '../helpers/seeds.js';
import { eventsOf } from '../helpers/events.js';
import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { createGroup, ISO, ROLE, seedUser, type SeededUser, userRecord, UUID } from './rbac.fixtures.js';

describe('groups: /api/admin/groups', () => {
  let t: TestApp;
  let ada: SeededUser;
  let bob: SeededUser;
  let cy: SeededUser;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await seedUser(t, 'ada', ROLE.VIEWER, 'Ada Lovelace');
    bob = await seedUser(t, 'bob', ROLE.EDITOR);
    cy = await seedUser(t, 'cy');
    adminCookie = await sessionCookieFor(t, 1);
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = () => ({ Authorization: ADMIN_TOKEN });

  describe('access', () => {
    it('answers 401 without credentials and 403 naming ADMIN to anyone else', async () => {
      const anonymous = await t.http().get('/api/admin/groups').expect(401);
      expect(anonymous.body.name).toBe('AuthenticationRequired');
      for (const user of [ada, bob]) {
        const res = await t.http().get('/api/admin/groups').set('Cookie', user.cookie).expect(403);
        expect(res.body).toEqual({
          id: expect.stringMatching(UUID),
          name: 'NoAccessError',
          message:
            'You don\'t have the required permissions to perform this operation. To perform this action, you need the "ADMIN" permission.',
        });
      }
      await t.http().post('/api/admin/groups').set('Cookie', bob.cookie).send({ name: 'x' }).expect(403);
      await t.http().delete('/api/admin/groups/1').set('Cookie', bob.cookie).expect(403);
    });

    it('lists nothing before any group exists', async () => {
      const res = await t.http().get('/api/admin/groups').set(admin()).expect(200);
      expect(res.body).toEqual({ groups: [] });
    });
  });

  describe('create', () => {
    it('creates a group with members and answers 201 with its location and the spec shape', async () => {
      const res = await t
        .http()
        .post('/api/admin/groups')
        .set('Cookie', adminCookie)
        .send({
          name: '  Developers ',
          description: 'Builds things',
          mappingsSSO: ['dev-sso'],
          rootRole: ROLE.EDITOR,
          users: [{ user: { id: ada.id } }, { user: { id: bob.id } }, { user: { id: ada.id } }],
        })
        .expect(201);
      expect(res.headers.location).toBe(`/api/admin/groups/${res.body.id}`);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: 'Developers',
        description: 'Builds things',
        mappingsSSO: ['dev-sso'],
        rootRole: ROLE.EDITOR,
        createdBy: 'admin',
        createdAt: expect.stringMatching(ISO),
        users: [
          { joinedAt: expect.stringMatching(ISO), createdBy: 'admin', user: userRecord(ada, ROLE.VIEWER, 'Ada Lovelace') },
          { joinedAt: expect.stringMatching(ISO), createdBy: 'admin', user: userRecord(bob, ROLE.EDITOR) },
        ],
        projects: [],
        userCount: 2,
        scimId: null,
      });
      expect(JSON.stringify(res.body)).not.toContain('not-a-hash');
      const stored = await t.db.query<{ user_id: number }>(
        'SELECT user_id FROM flagwright_group_users WHERE group_id = :id ORDER BY user_id',
        {
          id: res.body.id,
        },
      );
      expect(stored.map((row) => Number(row.user_id))).toEqual([ada.id, bob.id]);
      const read = await t.http().get(`/api/admin/groups/${res.body.id}`).set(admin()).expect(200);
      expect(read.body).toEqual(res.body);
    });

    it('fills the defaults: empty description, no SSO mappings, no root role, no members', async () => {
      const group = await createGroup(t, { name: 'Bare' });
      expect(group).toEqual({
        id: expect.any(Number),
        name: 'Bare',
        description: '',
        mappingsSSO: [],
        rootRole: null,
        createdBy: 'init-admin-token',
        createdAt: expect.stringMatching(ISO),
        users: [],
        projects: [],
        userCount: 0,
        scimId: null,
      });
    });

    it('answers 409 NameExistsError for a name in use', async () => {
      const res = await t.http().post('/api/admin/groups').set(admin()).send({ name: 'Developers' }).expect(409);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'NameExistsError', message: 'Group name already exists' });
    });

    it('reports every offending property of the request in one 400', async () => {
      const res = await t
        .http()
        .post('/api/admin/groups')
        .set(admin())
        .send({ name: '   ', description: 5, mappingsSSO: 'sso', rootRole: 'Editor', users: [{ user: { id: 'x' } }, 3], colour: 'red' })
        .expect(400);
      expect(res.body.name).toBe('ValidationError');
      expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(
        [
          '/body/colour',
          '/body/description',
          '/body/mappingsSSO',
          '/body/name',
          '/body/rootRole',
          '/body/users/0/user/id',
          '/body/users/1',
        ].sort(),
      );
      expect(res.body.details.find((d: { path: string }) => d.path === '/body/name').message).toBe(
        'The `/body/name` property must not be empty: a group needs a name. You sent "".',
      );
    });

    it('answers 400 for a missing name', async () => {
      const res = await t.http().post('/api/admin/groups').set(admin()).send({ description: 'nameless' }).expect(400);
      expect(res.body.details).toEqual([
        { path: '/body/name', message: 'The `/body/name` property is required. It was not present on the data you sent.' },
      ]);
    });

    it('answers 400 naming /body/rootRole for a project role or an unknown role, and the unknown members', async () => {
      for (const rootRole of [ROLE.OWNER, 999]) {
        const res = await t
          .http()
          .post('/api/admin/groups')
          .set(admin())
          .send({ name: `r${rootRole}`, rootRole, users: [{ user: { id: ada.id } }, { user: { id: 4242 } }] })
          .expect(400);
        expect(res.body.name).toBe('ValidationError');
        expect(res.body.details).toEqual([
          {
            path: '/body/rootRole',
            message: `The \`/body/rootRole\` property must be the id of a root role (1 Admin, 2 Editor, 3 Viewer, or a custom root role): incorrect role id ${rootRole}.`,
          },
          {
            path: '/body/users/1/user/id',
            message: 'The `/body/users/1/user/id` property must be the id of an existing user or service account. You sent 4242.',
          },
        ]);
      }
      const rows = await t.db.query('SELECT id FROM flagwright_user_groups WHERE name IN (:...names)', { names: ['r4', 'r999'] });
      expect(rows).toEqual([]);
    });

    it('answers 415 for a body that is not JSON', async () => {
      await t.http().post('/api/admin/groups').set(admin()).type('form').send('name=x').expect(415);
    });
  });

  describe('listing', () => {
    it('orders by name then id, with members, userCount and projects', async () => {
      const gamma = await createGroup(t, { name: 'gamma', users: [{ user: { id: cy.id } }] });
      const alpha = await createGroup(t, { name: 'alpha', rootRole: ROLE.VIEWER });
      await seedProject(t, 'groups-p1');
      await seedProject(t, 'groups-p2');
      await t
        .http()
        .post('/api/admin/projects/groups-p2/access')
        .set(admin())
        .send({ roles: [ROLE.MEMBER, ROLE.READER], groups: [gamma.id] })
        .expect(200);
      await t
        .http()
        .post('/api/admin/projects/groups-p1/access')
        .set(admin())
        .send({ roles: [ROLE.MEMBER], groups: [gamma.id] })
        .expect(200);

      const res = await t.http().get('/api/admin/groups').set(admin()).expect(200);
      expect(res.body.groups.map((g: { name: string }) => g.name)).toEqual(['Bare', 'Developers', 'alpha', 'gamma']);
      const listed = Object.fromEntries(res.body.groups.map((g: { name: string }) => [g.name, g]));
      expect(listed.gamma).toEqual({
        id: gamma.id,
        name: 'gamma',
        description: '',
        mappingsSSO: [],
        rootRole: null,
        createdBy: 'init-admin-token',
        createdAt: expect.stringMatching(ISO),
        users: [{ joinedAt: expect.stringMatching(ISO), createdBy: 'init-admin-token', user: userRecord(cy) }],
        projects: ['groups-p1', 'groups-p2'],
        userCount: 1,
        scimId: null,
      });
      expect(listed.alpha).toMatchObject({ id: alpha.id, rootRole: ROLE.VIEWER, users: [], userCount: 0, projects: [] });
      expect(listed.Developers).toMatchObject({ userCount: 2, users: [{ user: { id: ada.id } }, { user: { id: bob.id } }] });
    });

    it('reads the groups, their members and their projects in one query each, however many groups there are', async () => {
      for (let i = 0; i < 5; i++) await createGroup(t, { name: `bulk-${i}`, users: [{ user: { id: ada.id } }, { user: { id: cy.id } }] });
      const spy = vi.spyOn(t.db, 'query');
      try {
        const res = await t.http().get('/api/admin/groups').set(admin()).expect(200);
        expect(res.body.groups.length).toBeGreaterThanOrEqual(9);
        const sql = spy.mock.calls.map(([text]) => text);
        expect(sql.filter((text) => /FROM flagwright_user_groups/.test(text))).toHaveLength(1);
        expect(sql.filter((text) => /FROM flagwright_group_users/.test(text))).toHaveLength(1);
        expect(sql.filter((text) => /FROM flagwright_group_roles/.test(text))).toHaveLength(1);
      } finally {
        spy.mockRestore();
      }
    });

    it('answers 404 for an unknown group and 400 for an id that is not a number', async () => {
      const missing = await t.http().get('/api/admin/groups/9999').set(admin()).expect(404);
      expect(missing.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'Could not find group with id 9999.',
      });
      const bad = await t.http().get('/api/admin/groups/abc').set(admin()).expect(400);
      expect(bad.body.details).toEqual([
        { path: '/params/id', message: 'The `/params/id` property must be a whole number. You sent "abc".' },
      ]);
    });
  });

  describe('update and membership', () => {
    it('replaces the properties and, with users, the members (kept members keep their joinedAt)', async () => {
      const group = await createGroup(t, {
        name: 'ops',
        description: 'Ops',
        mappingsSSO: ['a'],
        rootRole: ROLE.EDITOR,
        users: [{ user: { id: ada.id } }, { user: { id: bob.id } }],
      });
      const adaJoined = (group.users as { joinedAt: string; user: { id: number } }[]).find((m) => m.user.id === ada.id)!.joinedAt;
      t.clock.advance(60_000);
      const res = await t
        .http()
        .put(`/api/admin/groups/${group.id}`)
        .set('Cookie', adminCookie)
        .send({ name: 'operations', users: [{ user: { id: ada.id } }, { user: { id: cy.id } }] })
        .expect(200);
      expect(res.body).toMatchObject({
        id: group.id,
        name: 'operations',
        description: '',
        mappingsSSO: [],
        rootRole: null,
        createdBy: 'init-admin-token',
        userCount: 2,
      });
      expect(res.body.users).toEqual([
        { joinedAt: adaJoined, createdBy: 'init-admin-token', user: userRecord(ada, ROLE.VIEWER, 'Ada Lovelace') },
        { joinedAt: expect.stringMatching(ISO), createdBy: 'admin', user: userRecord(cy) },
      ]);
      expect(res.body.users[1].joinedAt > adaJoined).toBe(true);

      const kept = await t
        .http()
        .put(`/api/admin/groups/${group.id}`)
        .set(admin())
        .send({ name: 'operations', description: 'Runs things', rootRole: ROLE.VIEWER })
        .expect(200);
      expect(kept.body).toMatchObject({ description: 'Runs things', rootRole: ROLE.VIEWER, userCount: 2 });
      expect((await t.http().get(`/api/admin/groups/${group.id}`).set(admin())).body).toEqual(kept.body);

      const emptied = await t.http().put(`/api/admin/groups/${group.id}`).set(admin()).send({ name: 'operations', users: [] }).expect(200);
      expect(emptied.body).toMatchObject({ users: [], userCount: 0 });
    });

    it('checks the body (400), then the group (404), then the references (400), then the name (409)', async () => {
      const group = await createGroup(t, { name: 'order-of-checks' });
      await t.http().put('/api/admin/groups/9999').set(admin()).send({ name: '' }).expect(400);
      const missing = await t.http().put('/api/admin/groups/9999').set(admin()).send({ name: 'x', rootRole: 999 }).expect(404);
      expect(missing.body.message).toBe('Could not find group with id 9999.');
      const badRole = await t
        .http()
        .put(`/api/admin/groups/${group.id}`)
        .set(admin())
        .send({ name: 'Developers', rootRole: ROLE.MEMBER })
        .expect(400);
      expect(badRole.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/rootRole']);
      const taken = await t.http().put(`/api/admin/groups/${group.id}`).set(admin()).send({ name: 'Developers' }).expect(409);
      expect(taken.body).toEqual({ id: expect.stringMatching(UUID), name: 'NameExistsError', message: 'Group name already exists' });
      const same = await t
        .http()
        .put(`/api/admin/groups/${group.id}`)
        .set(admin())
        .send({ name: 'order-of-checks', description: 'unchanged name is fine' })
        .expect(200);
      expect(same.body.name).toBe('order-of-checks');
    });

    it('adds members with POST …/users and removes one with DELETE …/users/{userId}', async () => {
      const group = await createGroup(t, { name: 'adders', users: [{ user: { id: ada.id } }] });
      const added = await t
        .http()
        .post(`/api/admin/groups/${group.id}/users`)
        .set(admin())
        .send({ users: [{ user: { id: bob.id } }, { user: { id: ada.id } }] })
        .expect(200);
      expect(added.body.users.map((m: { user: { id: number } }) => m.user.id)).toEqual([ada.id, bob.id]);
      expect(added.body.userCount).toBe(2);

      const unknown = await t
        .http()
        .post(`/api/admin/groups/${group.id}/users`)
        .set(admin())
        .send({ users: [{ user: { id: 777 } }] })
        .expect(400);
      expect(unknown.body.details).toEqual([
        {
          path: '/body/users/0/user/id',
          message: 'The `/body/users/0/user/id` property must be the id of an existing user or service account. You sent 777.',
        },
      ]);
      const empty = await t.http().post(`/api/admin/groups/${group.id}/users`).set(admin()).send({ users: [] }).expect(400);
      expect(empty.body.details[0].path).toBe('/body/users');
      await t
        .http()
        .post('/api/admin/groups/9999/users')
        .set(admin())
        .send({ users: [{ user: { id: ada.id } }] })
        .expect(404);

      await t.http().delete(`/api/admin/groups/${group.id}/users/${ada.id}`).set(admin()).expect(200);
      const after = await t.http().get(`/api/admin/groups/${group.id}`).set(admin()).expect(200);
      expect(after.body.users.map((m: { user: { id: number } }) => m.user.id)).toEqual([bob.id]);
      const notMember = await t.http().delete(`/api/admin/groups/${group.id}/users/${ada.id}`).set(admin()).expect(404);
      expect(notMember.body.message).toBe(`User ${ada.id} is not a member of group ${group.id}.`);
    });

    it('deletes a group with its memberships and project roles', async () => {
      const group = await createGroup(t, { name: 'doomed', users: [{ user: { id: cy.id } }] });
      await t
        .http()
        .post('/api/admin/projects/default/access')
        .set(admin())
        .send({ roles: [ROLE.MEMBER], groups: [group.id] })
        .expect(200);
      await t.http().delete(`/api/admin/groups/${group.id}`).set(admin()).expect(200);
      await t.http().get(`/api/admin/groups/${group.id}`).set(admin()).expect(404);
      await t.http().delete(`/api/admin/groups/${group.id}`).set(admin()).expect(404);
      expect(await t.db.query('SELECT group_id FROM flagwright_group_users WHERE group_id = :id', { id: group.id })).toEqual([]);
      expect(await t.db.query('SELECT group_id FROM flagwright_group_roles WHERE group_id = :id', { id: group.id })).toEqual([]);
    });
  });

  describe('events', () => {
    it('records creation, updates, deletion and each member added or removed', async () => {
      const group = await createGroup(t, { name: 'audited', rootRole: ROLE.VIEWER, users: [{ user: { id: ada.id } }] });
      await t
        .http()
        .put(`/api/admin/groups/${group.id}`)
        .set('Cookie', adminCookie)
        .send({ name: 'audited', description: 'now described', rootRole: ROLE.VIEWER, users: [{ user: { id: bob.id } }] })
        .expect(200);
      await t
        .http()
        .put(`/api/admin/groups/${group.id}`)
        .set('Cookie', adminCookie)
        .send({ name: 'audited', description: 'now described', rootRole: ROLE.VIEWER })
        .expect(200);
      await t.http().delete(`/api/admin/groups/${group.id}`).set('Cookie', adminCookie).expect(200);

      const ofGroup = (events: { data: unknown; preData: unknown }[]) =>
        events.filter((e) =>
          [e.data, e.preData].some(
            (d) =>
              (d as { id?: number; groupId?: number } | null)?.id === group.id || (d as { groupId?: number } | null)?.groupId === group.id,
          ),
        );
      const [created] = ofGroup(await eventsOf(t, { type: 'group-created' }));
      expect(created).toMatchObject({
        createdBy: 'init-admin-token',
        data: { id: group.id, name: 'audited', description: '', mappingsSSO: [], rootRole: ROLE.VIEWER, users: [ada.id] },
      });
      const updated = ofGroup(await eventsOf(t, { type: 'group-updated' }));
      expect(updated).toHaveLength(1); // the second PUT changed nothing
      expect(updated[0]).toMatchObject({
        createdBy: 'admin',
        data: { id: group.id, description: 'now described' },
        preData: { id: group.id, description: '' },
      });
      const added = ofGroup(await eventsOf(t, { type: 'group-user-added' })).map((e) => e.data);
      expect(added).toEqual([
        { groupId: group.id, groupName: 'audited', userId: ada.id },
        { groupId: group.id, groupName: 'audited', userId: bob.id },
      ]);
      const removed = ofGroup(await eventsOf(t, { type: 'group-user-removed' })).map((e) => e.data);
      expect(removed).toEqual([{ groupId: group.id, groupName: 'audited', userId: ada.id }]);
      const [deleted] = ofGroup(await eventsOf(t, { type: 'group-deleted' }));
      expect(deleted).toMatchObject({ createdBy: 'admin', preData: { id: group.id, name: 'audited', users: [bob.id] } });
    });
  });
});
