import { ROLE } from '../../src/core/access/permissions.js';
import { eventsOf, lastEventOf } from '../helpers/events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, ISO, userWithRole, UUID } from './features.fixtures.js';

describe('projects', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('listing and reading', () => {
    it('lists the default project with its counts', async () => {
      const res = await admin(t).get('/api/admin/projects').expect(200);
      expect(res.body.version).toBe(1);
      expect(res.body.projects.find((p: { id: string }) => p.id === 'default')).toEqual({
        id: 'default',
        name: 'Default',
        description: 'Default project',
        mode: 'open',
        defaultStickiness: 'default',
        featureCount: expect.any(Number),
        memberCount: expect.any(Number),
        health: expect.any(Number),
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.toSatisfy((v: unknown) => v === null || ISO.test(String(v))),
      });
    });

    it('answers one project with the environments it uses', async () => {
      const res = await admin(t).get('/api/admin/projects/default').expect(200);
      expect(res.body).toMatchObject({
        version: 1,
        id: 'default',
        name: 'Default',
        environments: [{ environment: 'development' }, { environment: 'production' }],
      });
    });

    it('answers 404 naming an unknown project', async () => {
      const res = await admin(t).get('/api/admin/projects/p9').expect(404);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find project p9' });
    });
  });

  describe('creation', () => {
    it('creates a project with every enabled environment and records the event', async () => {
      const res = await admin(t)
        .post('/api/admin/projects', { id: 'checkout', name: 'Checkout', description: 'Checkout team' })
        .expect(201);
      expect(res.body).toEqual({
        id: 'checkout',
        name: 'Checkout',
        description: 'Checkout team',
        mode: 'open',
        defaultStickiness: 'default',
        environments: ['development', 'production'],
      });
      const rows = await t.db.query<{ environment_name: string }>(
        'SELECT environment_name FROM flagwright_project_environments WHERE project_id = :id ORDER BY environment_name',
        { id: 'checkout' },
      );
      expect(rows.map((r) => r.environment_name)).toEqual(['development', 'production']);
      const event = await lastEventOf(t, { project: 'checkout' });
      expect(event).toMatchObject({ type: 'project-created', project: 'checkout', createdBy: 'init-admin-token', data: res.body });
      const listed = await admin(t).get('/api/admin/projects').expect(200);
      expect(listed.body.projects.find((p: { id: string }) => p.id === 'checkout')).toMatchObject({
        featureCount: 0,
        memberCount: 0,
        health: 100,
      });
    });

    it('makes an id from the name when none is given, avoiding taken ids', async () => {
      const first = await admin(t).post('/api/admin/projects', { name: 'Mobile Apps!' }).expect(201);
      expect(first.body.id).toBe('mobile-apps');
      const second = await admin(t).post('/api/admin/projects', { name: 'Mobile apps' }).expect(201);
      expect(second.body.id).toBe('mobile-apps-1');
    });

    it('answers 409 for a taken id', async () => {
      const res = await admin(t).post('/api/admin/projects', { id: 'checkout', name: 'Again' }).expect(409);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NameExistsError',
        message: 'A project with this id already exists.',
      });
    });

    it('refuses every invalid property at once', async () => {
      const res = await admin(t).post('/api/admin/projects', { id: 'not url safe', name: '', mode: 'private', extra: 1 }).expect(400);
      expect(res.body.name).toBe('ValidationError');
      expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['/body/extra', '/body/id', '/body/mode', '/body/name']);
      expect(res.body.details.find((d: { path: string }) => d.path === '/body/id').message).toBe(
        'The `/body/id` property must be URL-safe: only letters, digits and the characters - _ . ~. You sent "not url safe".',
      );
    });

    it('requires a name', async () => {
      const res = await admin(t).post('/api/admin/projects', { id: 'nameless' }).expect(400);
      expect(res.body.details).toEqual([
        { path: '/body/name', message: 'The `/body/name` property is required. It was not present on the data you sent.' },
      ]);
    });

    it('makes a user who creates a project its Owner', async () => {
      const editor = await userWithRole(t, 'project-editor', ROLE.EDITOR);
      await t.http().post('/api/admin/projects').set('Cookie', editor.cookie).send({ id: 'editors', name: 'Editors' }).expect(201);
      const roles = await t.db.query<{ role_id: number }>(
        'SELECT role_id FROM flagwright_role_users WHERE user_id = :id AND project = :project',
        {
          id: editor.id,
          project: 'editors',
        },
      );
      expect(roles.map((r) => Number(r.role_id))).toEqual([ROLE.OWNER]);
      // As Owner the editor may change and delete it, which an Editor could not do in another project.
      await t.http().put('/api/admin/projects/editors').set('Cookie', editor.cookie).send({ name: 'Editors team' }).expect(200);
      const other = await t.http().put('/api/admin/projects/checkout').set('Cookie', editor.cookie).send({ name: 'Mine' }).expect(403);
      expect(other.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message:
          'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_PROJECT" permission of the "checkout" project.',
      });
      const listed = await admin(t).get('/api/admin/projects').expect(200);
      expect(listed.body.projects.find((p: { id: string }) => p.id === 'editors')).toMatchObject({ name: 'Editors team', memberCount: 1 });
      await t.http().delete('/api/admin/projects/editors').set('Cookie', editor.cookie).expect(200);
    });

    it('refuses project creation to a Viewer with 403 naming the permission', async () => {
      const viewer = await userWithRole(t, 'project-viewer', ROLE.VIEWER);
      const res = await t.http().post('/api/admin/projects').set('Cookie', viewer.cookie).send({ id: 'nope', name: 'Nope' }).expect(403);
      expect(res.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_PROJECT" permission.',
      );
      await t.http().get('/api/admin/projects').set('Cookie', viewer.cookie).expect(200);
      expect(await t.db.one('SELECT id FROM flagwright_projects WHERE id = :id', { id: 'nope' })).toBeUndefined();
    });
  });

  describe('update', () => {
    it('changes name and description, keeps what is omitted, and records before and after', async () => {
      await createProject(t, 'upd', 'Before');
      await admin(t)
        .put('/api/admin/projects/upd', { name: 'After', description: 'Now described', defaultStickiness: 'userId' })
        .expect(200);
      await admin(t).put('/api/admin/projects/upd', { name: 'After' }).expect(200);
      const res = await admin(t).get('/api/admin/projects/upd').expect(200);
      expect(res.body).toMatchObject({
        name: 'After',
        description: 'Now described',
        defaultStickiness: 'userId',
        updatedAt: expect.stringMatching(ISO),
      });
      const events = (await eventsOf(t, { project: 'upd' })).filter((e) => e.type === 'project-updated');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        data: { id: 'upd', name: 'After', description: 'Now described', mode: 'open', defaultStickiness: 'userId' },
        preData: { id: 'upd', name: 'Before', description: null, mode: 'open', defaultStickiness: 'default' },
      });
    });

    it('answers 404 for an unknown project and 400 without a name', async () => {
      const missing = await admin(t).put('/api/admin/projects/p9', { name: 'x' }).expect(404);
      expect(missing.body.message).toBe('Could not find project p9');
      const invalid = await admin(t).put('/api/admin/projects/p9', { description: 5 }).expect(400);
      expect(invalid.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['/body/description', '/body/name']);
    });
  });

  describe('deletion', () => {
    it('refuses to delete the default project', async () => {
      const res = await admin(t).delete('/api/admin/projects/default').expect(400);
      expect(res.body).toMatchObject({ name: 'ValidationError', message: 'You can not delete the default project!' });
    });

    it('refuses while the project has active features, then deletes it with its archived features', async () => {
      await createProject(t, 'doomed');
      await createFeature(t, 'doomed', 'doomed-a');
      await createFeature(t, 'doomed', 'doomed-b');
      const refused = await admin(t).delete('/api/admin/projects/doomed').expect(400);
      expect(refused.body).toMatchObject({
        name: 'ValidationError',
        message: 'You can not delete a project with active feature flags: archive its 2 features first (doomed-a, doomed-b).',
      });
      await admin(t).delete('/api/admin/projects/doomed/features/doomed-a').expect(202);
      await admin(t).delete('/api/admin/projects/doomed/features/doomed-b').expect(202);
      await admin(t).delete('/api/admin/projects/doomed').expect(200);
      await admin(t).get('/api/admin/projects/doomed').expect(404);
      expect(await t.db.query("SELECT name FROM flagwright_features WHERE project = 'doomed'")).toEqual([]);
      const types = (await eventsOf(t, { project: 'doomed' })).map((e) => e.type);
      expect(types.slice(-3)).toEqual(['feature-deleted', 'feature-deleted', 'project-deleted']);
    });

    it('answers 404 for an unknown project', async () => {
      const res = await admin(t).delete('/api/admin/projects/p9').expect(404);
      expect(res.body.message).toBe('Could not find project p9');
    });
  });
});
