import { ROLE } from '../../src/core/access/permissions.js';
import { eventsOf, lastEventOf } from '../helpers/events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, userWithRole } from './features.fixtures.js';

describe('feature dependencies', () => {
  let t: TestApp;
  const url = (child: string) => `/api/admin/projects/p1/features/${child}/dependencies`;
  beforeAll(async () => {
    t = await createTestApp();
    await createProject(t, 'p1');
    for (const name of ['parent', 'child', 'other', 'grandchild']) await createFeature(t, 'p1', name);
    await createFeature(t, 'default', 'foreign');
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes a feature depend on a parent, shown on both and in listings', async () => {
    await admin(t)
      .post(url('child'), { feature: 'parent', variants: ['blue'] })
      .expect(200);
    expect((await admin(t).get(url('child')).expect(200)).body).toEqual([{ feature: 'parent', enabled: true, variants: ['blue'] }]);
    const child = await admin(t).get('/api/admin/projects/p1/features/child').expect(200);
    expect(child.body).toMatchObject({ dependencies: [{ feature: 'parent', enabled: true, variants: ['blue'] }], children: [] });
    const parent = await admin(t).get('/api/admin/projects/p1/features/parent').expect(200);
    expect(parent.body).toMatchObject({ dependencies: [], children: ['child'] });
    const list = await admin(t).get('/api/admin/projects/p1/features').expect(200);
    const types = Object.fromEntries(
      list.body.features.map((f: { name: string; dependencyType: string | null }) => [f.name, f.dependencyType]),
    );
    expect(types).toMatchObject({ parent: 'parent', child: 'child', other: null });
    expect((await admin(t).get('/api/admin/projects/p1/dependencies').expect(200)).body).toBe(true);
    const event = await lastEventOf(t, { feature: 'child' });
    expect(event).toMatchObject({
      type: 'feature-dependency-added',
      project: 'p1',
      featureName: 'child',
      data: { feature: 'parent', enabled: true, variants: ['blue'] },
    });
  });

  it('replaces the parent (a feature has one) and records nothing when nothing changes', async () => {
    await admin(t)
      .post(url('child'), { feature: 'parent', variants: ['blue'] })
      .expect(200);
    expect((await eventsOf(t, { feature: 'child' })).filter((e) => e.type === 'feature-dependency-added')).toHaveLength(1);
    await admin(t).post(url('child'), { feature: 'other', enabled: false }).expect(200);
    expect((await admin(t).get(url('child')).expect(200)).body).toEqual([{ feature: 'other', enabled: false, variants: [] }]);
    await admin(t).post(url('child'), { feature: 'parent' }).expect(200);
  });

  it('refuses a feature depending on itself, chains, cycles, missing and foreign parents', async () => {
    const self = await admin(t).post(url('child'), { feature: 'child' }).expect(400);
    expect(self.body.details).toEqual([{ path: '/body/feature', message: 'A feature flag cannot depend on itself.' }]);
    const parentIsChild = await admin(t).post(url('grandchild'), { feature: 'child' }).expect(400);
    expect(parentIsChild.body.message).toBe(
      'Transitive dependency detected: child depends on another feature itself, so it cannot be a parent.',
    );
    const cycle = await admin(t).post(url('parent'), { feature: 'child' }).expect(400);
    expect(cycle.body.message).toContain('Transitive dependency detected');
    const childIsParent = await admin(t).post(url('parent'), { feature: 'other' }).expect(400);
    expect(childIsParent.body.message).toBe(
      'Transitive dependency detected: other features depend on parent (child), so it cannot depend on a parent.',
    );
    const missing = await admin(t).post(url('other'), { feature: 'ghost' }).expect(400);
    expect(missing.body.details).toEqual([
      { path: '/body/feature', message: 'Could not find an active feature ghost in project p1 to depend on.' },
    ]);
    const foreign = await admin(t).post(url('other'), { feature: 'foreign' }).expect(400);
    expect(foreign.body.message).toBe('Could not find an active feature foreign in project p1 to depend on.');
    const variantsOfDisabled = await admin(t)
      .post(url('other'), { feature: 'parent', enabled: false, variants: ['a'] })
      .expect(400);
    expect(variantsOfDisabled.body.details[0].path).toBe('/body/variants');
    const badBody = await admin(t).post(url('other'), { enabled: 'yes' }).expect(400);
    expect(badBody.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/feature', '/body/enabled']);
    await admin(t).post(url('ghost'), { feature: 'parent' }).expect(404);
    expect((await admin(t).get(url('other')).expect(200)).body).toEqual([]);
  });

  it('lists the possible parents', async () => {
    expect((await admin(t).get('/api/admin/projects/p1/features/other/parents').expect(200)).body).toEqual(['grandchild', 'parent']);
    expect((await admin(t).get('/api/admin/projects/p1/features/parent/parents').expect(200)).body).toEqual([]);
  });

  it('refuses to archive a parent while others depend on it; archiving the child removes its dependency', async () => {
    const refused = await admin(t).delete('/api/admin/projects/p1/features/parent').expect(400);
    expect(refused.body.message).toBe('You can not archive this feature since other features depend on it: child.');
    await admin(t).delete('/api/admin/projects/p1/features/child').expect(202);
    expect(await t.db.query("SELECT child FROM flagwright_feature_dependencies WHERE child = 'child'")).toEqual([]);
    const types = (await eventsOf(t, { feature: 'child' })).map((e) => e.type);
    expect(types.slice(-2)).toEqual(['feature-dependencies-removed', 'feature-archived']);
    await admin(t).delete('/api/admin/projects/p1/features/parent').expect(202);
  });

  it('removes one dependency or all, with 404 for a dependency that is not there', async () => {
    await admin(t).post(url('grandchild'), { feature: 'other' }).expect(200);
    const missing = await admin(t)
      .delete(`${url('grandchild')}/parent`)
      .expect(404);
    expect(missing.body.message).toBe('Could not find a dependency of grandchild on parent');
    await admin(t)
      .delete(`${url('grandchild')}/other`)
      .expect(200);
    expect(await lastEventOf(t, { feature: 'grandchild' })).toMatchObject({
      type: 'feature-dependency-removed',
      data: { feature: 'other' },
    });
    await admin(t).post(url('grandchild'), { feature: 'other' }).expect(200);
    await admin(t).delete(url('grandchild')).expect(200);
    expect(await lastEventOf(t, { feature: 'grandchild' })).toMatchObject({ type: 'feature-dependencies-removed' });
    await admin(t).delete(url('grandchild')).expect(200);
    expect((await lastEventOf(t, { feature: 'grandchild' })).type).toBe('feature-dependencies-removed');
    expect((await eventsOf(t, { feature: 'grandchild' })).filter((e) => e.type === 'feature-dependencies-removed')).toHaveLength(1);
  });

  it('needs UPDATE_FEATURE_DEPENDENCY', async () => {
    const viewer = await userWithRole(t, 'dep-viewer', ROLE.VIEWER);
    const res = await t.http().post(url('grandchild')).set('Cookie', viewer.cookie).send({ feature: 'other' }).expect(403);
    expect(res.body.message).toBe(
      'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE_DEPENDENCY" permission of the "p1" project.',
    );
  });
});
