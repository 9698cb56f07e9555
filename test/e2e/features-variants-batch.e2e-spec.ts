import { ROLE } from '../../src/core/access/permissions.js';
import { seedProjectAssignment, seedProjectRole } from '../helpers/seeds.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { eventsOf } from '../helpers/events.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';

/** Variants on several environments at once (overwriteFeatureVariantsOnEnvironments) and a parent's variant names (listParentVariantOptions). */
describe('variants of several environments, and the variants a child may require', () => {
  let t: TestApp;
  const batchUrl = (feature: string, project = 'vb') => `/api/admin/projects/${project}/features/${feature}/variants-batch`;
  const variantsIn = async (feature: string, environment: string) =>
    (await admin(t).get(`/api/admin/projects/vb/features/${feature}/environments/${environment}/variants`).expect(200)).body.variants;

  beforeAll(async () => {
    t = await createTestApp();
    await createProject(t, 'vb');
    await createProject(t, 'other');
    for (const name of ['paint', 'parent', 'bare', 'gone']) await createFeature(t, 'vb', name);
    await admin(t).delete('/api/admin/projects/vb/features/gone').expect(202);
  });
  afterAll(() => t.close());

  describe('PUT …/features/{featureName}/variants-batch', () => {
    const blueRed = [
      { name: 'red', weight: 0, weightType: 'variable', stickiness: 'userId' },
      { name: 'blue', weight: 300, weightType: 'fix', payload: { type: 'string', value: 'b' } },
      { name: 'green', weight: 0 },
    ];
    const fixed = [
      { name: 'blue', weight: 300, weightType: 'fix', stickiness: 'default', payload: { type: 'string', value: 'b' } },
      { name: 'green', weight: 350, weightType: 'variable', stickiness: 'default' },
      { name: 'red', weight: 350, weightType: 'variable', stickiness: 'userId' },
    ];

    it('writes the variants to every environment listed (200), weights fixed, one event per environment', async () => {
      const res = await admin(t)
        .put(batchUrl('paint'), { variants: blueRed, environments: ['development', 'production'] })
        .expect(200);
      expect(res.body).toEqual({ version: 1, variants: fixed });
      expect(await variantsIn('paint', 'development')).toEqual(fixed);
      expect(await variantsIn('paint', 'production')).toEqual(fixed);
      const events = (await eventsOf(t, { feature: 'paint' })).filter((e) => e.type === 'feature-environment-variants-updated');
      expect(events).toEqual([
        expect.objectContaining({ project: 'vb', environment: 'development', data: { variants: fixed }, preData: { variants: [] } }),
        expect.objectContaining({ project: 'vb', environment: 'production', data: { variants: fixed }, preData: { variants: [] } }),
      ]);
    });

    it('records nothing where nothing changes, and clears variants when none are sent', async () => {
      await admin(t)
        .put(batchUrl('paint'), { variants: blueRed, environments: ['production'] })
        .expect(200);
      const count = async () =>
        (await eventsOf(t, { feature: 'paint' })).filter((e) => e.type === 'feature-environment-variants-updated').length;
      expect(await count()).toBe(2);
      const cleared = await admin(t)
        .put(batchUrl('paint'), { environments: ['production'] })
        .expect(200);
      expect(cleared.body).toEqual({ version: 1, variants: [] });
      expect(await variantsIn('paint', 'production')).toEqual([]);
      expect(await variantsIn('paint', 'development')).toEqual(fixed);
      expect(await count()).toBe(3);
    });

    it('answers 400 naming the property: no environments, variants breaking their rules', async () => {
      const none = await admin(t).put(batchUrl('paint'), { variants: blueRed, environments: [] }).expect(400);
      expect(none.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message: expect.any(String),
        details: [{ path: '/body/environments', message: expect.stringContaining('No environments provided') }],
      });
      const missing = await admin(t).put(batchUrl('paint'), { variants: blueRed }).expect(400);
      expect(missing.body.details).toEqual([
        { path: '/body/environments', message: 'The `/body/environments` property is required. It was not present on the data you sent.' },
      ]);
      const onlyFix = await admin(t)
        .put(batchUrl('paint'), { variants: [{ name: 'a', weight: 1000, weightType: 'fix' }], environments: ['development'] })
        .expect(400);
      expect(onlyFix.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/variants']);
      const badName = await admin(t)
        .put(batchUrl('paint'), { variants: [{ name: '', weight: 0 }], environments: ['development'] })
        .expect(400);
      expect(badName.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/variants/0/name']);
      expect(await variantsIn('paint', 'development')).toEqual(fixed);
    });

    it('answers 404 for an unknown project, feature or environment, and 400 for an archived feature; all or none', async () => {
      const body = (environments: string[]) => ({ variants: blueRed, environments });
      const project = await admin(t)
        .put(batchUrl('paint', 'nope'), body(['development']))
        .expect(404);
      expect(project.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find project nope' });
      const feature = await admin(t)
        .put(batchUrl('ghost'), body(['development']))
        .expect(404);
      expect(feature.body.message).toBe('Could not find feature ghost in project vb');
      const environment = await admin(t)
        .put(batchUrl('bare'), body(['development', 'nowhere']))
        .expect(404);
      expect(environment.body.message).toBe('Could not find environment nowhere');
      expect(await variantsIn('bare', 'development')).toEqual([]);
      const archived = await admin(t)
        .put(batchUrl('gone'), body(['development']))
        .expect(400);
      expect(archived.body.name).toBe('ValidationError');
    });

    it('needs UPDATE_FEATURE_ENVIRONMENT_VARIANTS in every environment listed (403 naming the first without it)', async () => {
      const member = await userWithRole(t, 'vb-dev-variants', ROLE.VIEWER);
      await seedProjectAssignment(
        t,
        'vb',
        member.id,
        await seedProjectRole(t, 'dev-variants', 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS', 'development'),
      );
      const put = (environments: string[]) =>
        t.http().put(batchUrl('bare')).set('Cookie', member.cookie).send({ variants: blueRed, environments });
      const refused = await put(['development', 'production']).expect(403);
      expect(refused.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message:
          'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE_ENVIRONMENT_VARIANTS" permission in the "production" environment of the "vb" project.',
      });
      expect(await variantsIn('bare', 'development')).toEqual([]);
      await put(['development']).expect(200);
      expect(await variantsIn('bare', 'development')).toEqual(fixed);
      const viewer = await userWithRole(t, 'vb-viewer', ROLE.VIEWER);
      const none = await t
        .http()
        .put(batchUrl('bare'))
        .set('Cookie', viewer.cookie)
        .send({ variants: blueRed, environments: ['development'] })
        .expect(403);
      expect(none.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE_ENVIRONMENT_VARIANTS" permission of the "vb" project.',
      );
      await t
        .http()
        .put(batchUrl('bare'))
        .send({ variants: blueRed, environments: ['development'] })
        .expect(401);
    });
  });

  describe('GET …/features/{featureName}/parent-variants', () => {
    it("lists the names of the feature's strategy and environment variants, each once, sorted (200)", async () => {
      expect((await admin(t).get('/api/admin/projects/vb/features/parent/parent-variants').expect(200)).body).toEqual([]);
      await admin(t)
        .post('/api/admin/projects/vb/features/parent/environments/development/strategies', {
          name: 'flexibleRollout',
          parameters: { rollout: '50', stickiness: 'default', groupId: 'parent' },
          variants: [
            { name: 'zeta', weight: 500, weightType: 'variable', stickiness: 'default' },
            { name: 'alpha', weight: 500, weightType: 'variable', stickiness: 'default' },
          ],
        })
        .expect(200);
      await admin(t)
        .put(batchUrl('parent'), {
          variants: [
            { name: 'alpha', weight: 0 },
            { name: 'Beta', weight: 0 },
          ],
          environments: ['production'],
        })
        .expect(200);
      const res = await admin(t).get('/api/admin/projects/vb/features/parent/parent-variants').expect(200);
      expect(res.body).toEqual(['Beta', 'alpha', 'zeta']);
    });

    it('answers 404 for an unknown project or feature, or a feature of another project', async () => {
      const project = await admin(t).get('/api/admin/projects/nope/features/parent/parent-variants').expect(404);
      expect(project.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find project nope' });
      const feature = await admin(t).get('/api/admin/projects/other/features/parent/parent-variants').expect(404);
      expect(feature.body.message).toBe('Could not find feature parent in project other');
    });

    it('is open to every signed-in caller (a viewer reads it), not to anonymous ones (401)', async () => {
      const viewer = await userWithRole(t, 'pv-viewer', ROLE.VIEWER);
      const res = await t.http().get('/api/admin/projects/vb/features/parent/parent-variants').set('Cookie', viewer.cookie).expect(200);
      expect(res.body).toEqual(['Beta', 'alpha', 'zeta']);
      const anonymous = await t.http().get('/api/admin/projects/vb/features/parent/parent-variants').expect(401);
      expect(anonymous.body.name).toBe('AuthenticationRequired');
    });
  });
});
