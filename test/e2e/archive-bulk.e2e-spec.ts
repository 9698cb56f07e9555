import { ROLE } from '../../src/core/access/permissions.js';
import { seedFeatureTag, seedTagType } from '../helpers/seeds.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { eventsOf } from '../helpers/events.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';

/** Reviving and deleting several archived features of a project at once (Unleash's reviveFeatures, deleteFeatures). */
describe('bulk revive and delete of archived features', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createProject(t, 'attic');
    await createProject(t, 'elsewhere');
    for (const name of ['r1', 'r2', 'r3', 'live', 'd1', 'd2', 'd3']) await createFeature(t, 'attic', name);
    await createFeature(t, 'elsewhere', 'foreign');
    await seedTagType(t, 'team', null);
    await seedFeatureTag(t, 'd1', 'team', 'red');
    await admin(t).post('/api/admin/projects/attic/features/r1/environments/development/on').expect(200);
    await admin(t)
      .post('/api/admin/projects/attic/archive', { features: ['r1', 'r2', 'r3', 'd1', 'd2', 'd3'] })
      .expect(202);
    await admin(t)
      .post('/api/admin/projects/elsewhere/archive', { features: ['foreign'] })
      .expect(202);
  });
  afterAll(() => t.close());

  const archivedNames = async (project: string) =>
    ((await admin(t).get(`/api/admin/archive/features/${project}`).expect(200)).body.features as { name: string }[])
      .map((f) => f.name)
      .sort();
  const activeNames = async (project: string) =>
    ((await admin(t).get(`/api/admin/projects/${project}/features`).expect(200)).body.features as { name: string }[])
      .map((f) => f.name)
      .sort();

  describe('POST /api/admin/projects/{projectId}/revive', () => {
    it('revives the archived ones (200, empty), switched off, at stage initial, one feature-revived event each', async () => {
      const res = await admin(t)
        .post('/api/admin/projects/attic/revive', { features: ['r1', 'r2', 'live', 'ghost'] })
        .expect(200);
      expect(res.text).toBe('');
      expect(await archivedNames('attic')).toEqual(['d1', 'd2', 'd3', 'r3']);
      const r1 = (await admin(t).get('/api/admin/projects/attic/features/r1').expect(200)).body;
      expect(r1.archived).toBe(false);
      expect(r1.environments.map((e: { enabled: boolean }) => e.enabled)).toEqual([false, false]);
      expect((await admin(t).get('/api/admin/projects/attic/features/r1/lifecycle').expect(200)).body).toEqual([
        expect.objectContaining({ stage: 'initial' }),
      ]);
      for (const name of ['r1', 'r2']) {
        expect((await eventsOf(t, { feature: name })).filter((e) => e.type === 'feature-revived')).toEqual([
          expect.objectContaining({ project: 'attic', featureName: name, preData: { archivedAt: expect.any(String) } }),
        ]);
      }
      // The active feature and the unknown name changed nothing.
      expect((await eventsOf(t, { feature: 'live' })).map((e) => e.type)).toEqual(['feature-created']);
      expect(await activeNames('attic')).toEqual(['live', 'r1', 'r2']);
    });

    it('refuses a feature of another project (400 naming it), and revives nothing', async () => {
      const res = await admin(t)
        .post('/api/admin/projects/attic/revive', { features: ['r3', 'foreign'] })
        .expect(400);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message: expect.any(String),
        details: [{ path: '/body/features/1', message: 'The feature foreign belongs to project elsewhere, not attic.' }],
      });
      expect(await archivedNames('attic')).toContain('r3');
      expect(await archivedNames('elsewhere')).toEqual(['foreign']);
    });

    it('answers 400 naming the property for a bad body, 404 for an unknown project', async () => {
      const missing = await admin(t).post('/api/admin/projects/attic/revive', {}).expect(400);
      expect(missing.body.details).toEqual([
        { path: '/body/features', message: 'The `/body/features` property is required. It was not present on the data you sent.' },
      ]);
      const wrong = await admin(t)
        .post('/api/admin/projects/attic/revive', { features: [7] })
        .expect(400);
      expect(wrong.body.details[0].path).toBe('/body/features');
      const unknown = await admin(t)
        .post('/api/admin/projects/ghost/revive', { features: ['r3'] })
        .expect(404);
      expect(unknown.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find project ghost' });
    });

    it('needs UPDATE_FEATURE in the project (403 naming it), and credentials (401)', async () => {
      const viewer = await userWithRole(t, 'revive-viewer', ROLE.VIEWER);
      const res = await t
        .http()
        .post('/api/admin/projects/attic/revive')
        .set('Cookie', viewer.cookie)
        .send({ features: ['r3'] })
        .expect(403);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message:
          'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE" permission of the "attic" project.',
      });
      await t
        .http()
        .post('/api/admin/projects/attic/revive')
        .send({ features: ['r3'] })
        .expect(401);
      expect(await archivedNames('attic')).toContain('r3');
    });
  });

  describe('POST /api/admin/projects/{projectId}/delete', () => {
    it('deletes the archived ones for good (200, empty), one feature-deleted event each with its tags', async () => {
      const res = await admin(t)
        .post('/api/admin/projects/attic/delete', { features: ['d1', 'd2', 'live', 'ghost'] })
        .expect(200);
      expect(res.text).toBe('');
      expect(await archivedNames('attic')).toEqual(['d3', 'r3']);
      await admin(t).get('/api/admin/projects/attic/features/d1').expect(404);
      await admin(t).get('/api/admin/projects/attic/features/live').expect(200);
      const deleted = (await eventsOf(t, { feature: 'd1' })).filter((e) => e.type === 'feature-deleted');
      expect(deleted).toEqual([
        expect.objectContaining({
          project: 'attic',
          featureName: 'd1',
          preData: expect.objectContaining({ name: 'd1', project: 'attic' }),
          tags: [{ type: 'team', value: 'red' }],
        }),
      ]);
      expect((await eventsOf(t, { feature: 'd2' })).filter((e) => e.type === 'feature-deleted')).toHaveLength(1);
      // The name is free again.
      await createFeature(t, 'attic', 'd1');
    });

    it('refuses a feature of another project (400 naming it), and deletes nothing', async () => {
      const res = await admin(t)
        .post('/api/admin/projects/attic/delete', { features: ['foreign', 'd3'] })
        .expect(400);
      expect(res.body.details).toEqual([
        { path: '/body/features/0', message: 'The feature foreign belongs to project elsewhere, not attic.' },
      ]);
      expect(await archivedNames('attic')).toEqual(['d3', 'r3']);
    });

    it('answers 400 for a bad body, 404 for an unknown project, 403 without DELETE_FEATURE, 401 without credentials', async () => {
      const missing = await admin(t)
        .post('/api/admin/projects/attic/delete', { feature: ['d3'] })
        .expect(400);
      expect(missing.body.details.map((d: { path: string }) => d.path)).toContain('/body/features');
      await admin(t)
        .post('/api/admin/projects/ghost/delete', { features: ['d3'] })
        .expect(404);
      const editor = await userWithRole(t, 'delete-editor', ROLE.EDITOR);
      const res = await t
        .http()
        .post('/api/admin/projects/attic/delete')
        .set('Cookie', editor.cookie)
        .send({ features: ['d3'] })
        .expect(403);
      expect(res.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "DELETE_FEATURE" permission of the "attic" project.',
      );
      await t
        .http()
        .post('/api/admin/projects/attic/delete')
        .send({ features: ['d3'] })
        .expect(401);
      expect(await archivedNames('attic')).toEqual(['d3', 'r3']);
    });
  });
});
