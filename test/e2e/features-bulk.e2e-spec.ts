import { ROLE } from '../../src/core/access/permissions.js';
import { seedProjectAssignment, seedProjectRole } from '../helpers/seeds.js';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { eventsOf, lastEventOf } from '../helpers/events.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';

/** Several features at once: archive, switch on/off in one environment, and cloning one feature. */
describe('bulk feature operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createProject(t, 'bulk');
    await createProject(t, 'elsewhere');
    await createFeature(t, 'elsewhere', 'foreign');
  });
  afterAll(async () => {
    await t.close();
  });

  const bulkUrl = (environment: string, action: 'on' | 'off') =>
    `/api/admin/projects/bulk/bulk_features/environments/${environment}/${action}`;
  const stateIn = async (feature: string, environment: string) =>
    (await admin(t).get(`/api/admin/projects/bulk/features/${feature}/environments/${environment}`).expect(200)).body as {
      enabled: boolean;
      strategies: { id: string; name: string; parameters: Record<string, string>; disabled: boolean }[];
    };
  const sdkFeatures = async () =>
    (await t.http().get('/api/client/features').set('Authorization', CLIENT_TOKEN).expect(200)).body.features as { name: string }[];

  describe('switching several features in one environment', () => {
    beforeAll(async () => {
      for (const name of ['b1', 'b2', 'b3']) await createFeature(t, 'bulk', name);
    });

    it('switches them on (200), adding the default strategy where needed, one event per feature', async () => {
      await admin(t)
        .post(bulkUrl('development', 'on'), { features: ['b1', 'b2'] })
        .expect(200);
      for (const name of ['b1', 'b2']) {
        const state = await stateIn(name, 'development');
        expect(state.enabled).toBe(true);
        expect(state.strategies).toEqual([
          expect.objectContaining({ name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: name } }),
        ]);
        const events = await eventsOf(t, { feature: name });
        expect(events.filter((e) => e.type === 'feature-environment-enabled')).toEqual([
          expect.objectContaining({ project: 'bulk', environment: 'development', data: { enabled: true }, preData: { enabled: false } }),
        ]);
        expect(events.filter((e) => e.type === 'feature-strategy-add')).toHaveLength(1);
      }
      expect((await stateIn('b3', 'development')).enabled).toBe(false);
    });

    it('records nothing for features already in the asked state, and switches them off', async () => {
      await admin(t)
        .post(bulkUrl('development', 'on'), { features: ['b1'] })
        .expect(200);
      expect((await eventsOf(t, { feature: 'b1' })).filter((e) => e.type === 'feature-environment-enabled')).toHaveLength(1);
      await admin(t)
        .post(bulkUrl('development', 'off'), { features: ['b1', 'b2', 'b3'] })
        .expect(200);
      for (const name of ['b1', 'b2', 'b3']) expect((await stateIn(name, 'development')).enabled).toBe(false);
      expect((await eventsOf(t, { feature: 'b3' })).filter((e) => e.type === 'feature-environment-disabled')).toEqual([]);
      expect(await lastEventOf(t, { feature: 'b2' })).toMatchObject({ type: 'feature-environment-disabled', environment: 'development' });
    });

    it('enables disabled strategies instead when asked', async () => {
      const [strategy] = (await stateIn('b1', 'development')).strategies;
      await admin(t)
        .put(`/api/admin/projects/bulk/features/b1/environments/development/strategies/${strategy.id}`, {
          name: 'flexibleRollout',
          disabled: true,
          parameters: strategy.parameters,
        })
        .expect(200);
      await admin(t)
        .post(`${bulkUrl('development', 'on')}?shouldActivateDisabledStrategies=true`, { features: ['b1'] })
        .expect(200);
      const state = await stateIn('b1', 'development');
      expect(state.strategies.map((s) => [s.id, s.disabled])).toEqual([[strategy.id, false]]);
      expect(state.enabled).toBe(true);
    });

    it('is all or none: a feature of another project or an unknown one is a 404 and nothing changes', async () => {
      const foreign = await admin(t)
        .post(bulkUrl('development', 'on'), { features: ['b3', 'foreign'] })
        .expect(404);
      expect(foreign.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'Could not find feature foreign in project bulk',
      });
      const unknown = await admin(t)
        .post(bulkUrl('development', 'on'), { features: ['b3', 'ghost'] })
        .expect(404);
      expect(unknown.body.message).toBe('Could not find feature ghost in project bulk');
      expect((await stateIn('b3', 'development')).enabled).toBe(false);
      const environment = await admin(t)
        .post(bulkUrl('nowhere', 'on'), { features: ['b3'] })
        .expect(404);
      expect(environment.body.message).toBe('Could not find environment nowhere');
      const project = await admin(t)
        .post('/api/admin/projects/ghost/bulk_features/environments/development/on', { features: [] })
        .expect(404);
      expect(project.body.message).toBe('Could not find project ghost');
    });

    it('refuses a bad body with a 400 naming the property', async () => {
      const missing = await admin(t).post(bulkUrl('development', 'on'), {}).expect(400);
      expect(missing.body.details).toEqual([
        { path: '/body/features', message: 'The `/body/features` property is required. It was not present on the data you sent.' },
      ]);
      const wrong = await admin(t)
        .post(bulkUrl('development', 'off'), { features: [1] })
        .expect(400);
      expect(wrong.body.details[0].path).toBe('/body/features');
    });

    it('needs UPDATE_FEATURE_ENVIRONMENT, and CREATE_FEATURE_STRATEGY where a default strategy is added', async () => {
      const viewer = await userWithRole(t, 'bulk-viewer', ROLE.VIEWER);
      const res = await t
        .http()
        .post(bulkUrl('development', 'on'))
        .set('Cookie', viewer.cookie)
        .send({ features: ['b3'] })
        .expect(403);
      expect(res.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE_ENVIRONMENT" permission in the "development" environment of the "bulk" project.',
      );
      await t
        .http()
        .post(bulkUrl('development', 'on'))
        .send({ features: ['b3'] })
        .expect(401);
    });
  });

  describe('archiving several features', () => {
    beforeAll(async () => {
      for (const name of ['a1', 'a2', 'a3', 'parent', 'child']) await createFeature(t, 'bulk', name);
      await admin(t).post('/api/admin/projects/bulk/features/child/dependencies', { feature: 'parent' }).expect(200);
    });

    it('archives them (202) with one feature-archived event each, ignoring unknown and archived names', async () => {
      await admin(t).delete('/api/admin/projects/bulk/features/a3').expect(202);
      await admin(t)
        .post('/api/admin/projects/bulk/archive', { features: ['a1', 'a2', 'a3', 'ghost'] })
        .expect(202);
      const archived = await admin(t).get('/api/admin/archive/features/bulk').expect(200);
      expect(archived.body.features.map((f: { name: string }) => f.name).sort()).toEqual(['a1', 'a2', 'a3']);
      for (const name of ['a1', 'a2'])
        expect((await eventsOf(t, { feature: name })).filter((e) => e.type === 'feature-archived')).toEqual([
          expect.objectContaining({ project: 'bulk', featureName: name, data: { archivedAt: expect.any(String) } }),
        ]);
      expect((await eventsOf(t, { feature: 'a3' })).filter((e) => e.type === 'feature-archived')).toHaveLength(1);
      expect((await sdkFeatures()).map((f) => f.name)).not.toContain('a1');
    });

    it('refuses features of another project and parents whose children stay (400 naming them); nothing is archived', async () => {
      const foreign = await admin(t)
        .post('/api/admin/projects/bulk/archive', { features: ['parent', 'foreign'] })
        .expect(400);
      expect(foreign.body.details).toEqual([
        { path: '/body/features/1', message: 'The feature foreign belongs to project elsewhere, not bulk.' },
      ]);
      const parent = await admin(t)
        .post('/api/admin/projects/bulk/archive', { features: ['b3', 'parent'] })
        .expect(400);
      expect(parent.body.details).toEqual([
        { path: '/body/features/1', message: 'You can not archive parent since other features depend on it: child.' },
      ]);
      expect((await admin(t).get('/api/admin/projects/bulk/features/b3').expect(200)).body.archived).toBe(false);
    });

    it('validates an archive before it is done (200): parents whose children stay, and whether dependencies go', async () => {
      const validate = (features: string[]) => admin(t).post('/api/admin/projects/bulk/archive/validate', { features });
      expect((await validate(['b3', 'parent']).expect(200)).body).toEqual({
        parentsWithChildFeatures: ['parent'],
        hasDeletedDependencies: true,
      });
      expect((await validate(['parent', 'child']).expect(200)).body).toEqual({
        parentsWithChildFeatures: [],
        hasDeletedDependencies: true,
      });
      expect((await validate(['child']).expect(200)).body).toEqual({ parentsWithChildFeatures: [], hasDeletedDependencies: true });
      expect((await validate(['b3', 'ghost']).expect(200)).body).toEqual({ parentsWithChildFeatures: [], hasDeletedDependencies: false });
      expect((await validate([]).expect(200)).body).toEqual({ parentsWithChildFeatures: [], hasDeletedDependencies: false });
      // Nothing is archived and nothing recorded.
      expect((await admin(t).get('/api/admin/projects/bulk/features/parent').expect(200)).body.archived).toBe(false);
      expect((await eventsOf(t, { feature: 'parent' })).map((e) => e.type)).toEqual(['feature-created']);

      const bad = await validate(['ok', 3] as never).expect(400);
      expect(bad.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/body/features']);
      await admin(t).post('/api/admin/projects/nope/archive/validate', { features: [] }).expect(404);
      await t.http().post('/api/admin/projects/bulk/archive/validate').send({ features: [] }).expect(401);
      const viewer = await userWithRole(t, 'validate-viewer', ROLE.VIEWER);
      const refused = await t
        .http()
        .post('/api/admin/projects/bulk/archive/validate')
        .set('Cookie', viewer.cookie)
        .send({ features: ['b3'] })
        .expect(403);
      expect(refused.body.message).toContain('"DELETE_FEATURE" permission of the "bulk" project');
    });

    it('archives a parent together with its children, removing the dependency', async () => {
      await admin(t)
        .post('/api/admin/projects/bulk/archive', { features: ['parent', 'child'] })
        .expect(202);
      expect((await eventsOf(t, { feature: 'child' })).map((e) => e.type)).toEqual(
        expect.arrayContaining(['feature-archived', 'feature-dependencies-removed']),
      );
    });

    it('needs DELETE_FEATURE', async () => {
      const viewer = await userWithRole(t, 'archive-viewer', ROLE.VIEWER);
      const res = await t
        .http()
        .post('/api/admin/projects/bulk/archive')
        .set('Cookie', viewer.cookie)
        .send({ features: ['b3'] })
        .expect(403);
      expect(res.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "DELETE_FEATURE" permission of the "bulk" project.',
      );
    });
  });

  describe('cloning a feature', () => {
    beforeAll(async () => {
      await createFeature(t, 'bulk', 'original', { type: 'experiment', description: 'the first', impressionData: true });
      const segment = await admin(t).post('/api/admin/segments', { name: 'clone-seg', constraints: [] }).expect(201);
      await admin(t)
        .post('/api/admin/projects/bulk/features/original/environments/production/strategies', {
          name: 'flexibleRollout',
          parameters: { rollout: '25', stickiness: 'default', groupId: 'original' },
          segments: [segment.body.id],
        })
        .expect(200);
      await admin(t).post('/api/admin/projects/bulk/features/original/environments/production/on').expect(200);
      await admin(t)
        .put('/api/admin/projects/bulk/features/original/environments/production/variants', [
          { name: 'blue', weightType: 'variable', weight: 1000, stickiness: 'default' },
        ])
        .expect(200);
      await admin(t).post('/api/admin/features/original/tags', { type: 'simple', value: 'checkout' }).expect(201);
    });

    it('copies settings, variants, strategies (groupId renamed) and tags; switched off (201), with its events', async () => {
      const res = await admin(t).post('/api/admin/projects/bulk/features/original/clone', { name: 'copy' }).expect(201);
      expect(res.body).toMatchObject({
        name: 'copy',
        project: 'bulk',
        type: 'experiment',
        description: 'the first',
        impressionData: true,
        tags: [{ type: 'simple', value: 'checkout' }],
      });
      expect(res.body).toEqual((await admin(t).get('/api/admin/projects/bulk/features/copy').expect(200)).body);
      const production = res.body.environments.find((e: { name: string }) => e.name === 'production');
      expect(production).toMatchObject({ enabled: false, variants: [expect.objectContaining({ name: 'blue', weight: 1000 })] });
      expect(production.strategies).toEqual([
        expect.objectContaining({ name: 'flexibleRollout', parameters: { rollout: '25', stickiness: 'default', groupId: 'copy' } }),
      ]);
      expect(production.strategies[0].segments).toHaveLength(1);
      const events = await eventsOf(t, { feature: 'copy' });
      expect(events.map((e) => e.type).sort()).toEqual(['feature-created', 'feature-strategy-add']);
      expect(events.find((e) => e.type === 'feature-created')).toMatchObject({
        project: 'bulk',
        data: { name: 'copy', type: 'experiment', description: 'the first', impressionData: true, stale: false, project: 'bulk' },
        tags: [{ type: 'simple', value: 'checkout' }],
      });
      const lifecycle = await admin(t).get('/api/admin/projects/bulk/features/copy/lifecycle').expect(200);
      expect(lifecycle.body.map((s: { stage: string }) => s.stage)).toEqual(['initial']);
    });

    it('keeps groupId when replaceGroupId is false', async () => {
      const res = await admin(t)
        .post('/api/admin/projects/bulk/features/original/clone', { name: 'copy-2', replaceGroupId: false })
        .expect(201);
      const production = res.body.environments.find((e: { name: string }) => e.name === 'production');
      expect(production.strategies[0].parameters.groupId).toBe('original');
    });

    it('answers 409 for a taken name, 404 for an unknown feature, 400 for a bad name', async () => {
      const taken = await admin(t).post('/api/admin/projects/bulk/features/original/clone', { name: 'b1' }).expect(409);
      expect(taken.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NameExistsError',
        message: 'A flag with the name b1 already exists',
      });
      const archived = await admin(t).post('/api/admin/projects/bulk/features/original/clone', { name: 'a1' }).expect(409);
      expect(archived.body.message).toBe('An archived flag with the name a1 already exists');
      const missing = await admin(t).post('/api/admin/projects/bulk/features/ghost/clone', { name: 'x' }).expect(404);
      expect(missing.body.message).toBe('Could not find feature ghost in project bulk');
      const bad = await admin(t).post('/api/admin/projects/bulk/features/original/clone', { name: 'has space' }).expect(400);
      expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/name']);
      await admin(t).get('/api/admin/projects/bulk/features/x').expect(404);
    });

    it('needs CREATE_FEATURE, and CREATE_FEATURE_STRATEGY where the feature has strategies', async () => {
      const viewer = await userWithRole(t, 'clone-viewer', ROLE.VIEWER);
      const res = await t
        .http()
        .post('/api/admin/projects/bulk/features/original/clone')
        .set('Cookie', viewer.cookie)
        .send({ name: 'nope' })
        .expect(403);
      expect(res.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_FEATURE" permission of the "bulk" project.',
      );
      await seedProjectAssignment(t, 'bulk', viewer.id, await seedProjectRole(t, 'feature-maker', 'CREATE_FEATURE'));
      const denied = await t
        .http()
        .post('/api/admin/projects/bulk/features/original/clone')
        .set('Cookie', viewer.cookie)
        .send({ name: 'nope' })
        .expect(403);
      expect(denied.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_FEATURE_STRATEGY" permission in the "production" environment of the "bulk" project.',
      );
      await admin(t).get('/api/admin/projects/bulk/features/nope').expect(404);
    });
  });
});
