import { ROLE } from '../../src/core/access/permissions.js';
import { eventsOf, lastEventOf } from '../helpers/events.js';
import { seedProjectAssignment, seedProjectRole } from '../helpers/seeds.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, ISO, userWithRole, UUID } from './features.fixtures.js';

const FEATURES = '/api/admin/projects/p1/features';

describe('features', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createProject(t, 'p1', 'Project one');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('the whole path: create, switch on, tag, archive, revive, delete', () => {
    it('walks a feature through its life, recording every change', async () => {
      const created = await admin(t)
        .post(FEATURES, { name: 'f1', type: 'experiment', description: 'First flag', impressionData: true })
        .expect(201);
      expect(created.body).toEqual({
        name: 'f1',
        type: 'experiment',
        description: 'First flag',
        project: 'p1',
        stale: false,
        impressionData: true,
        createdAt: expect.stringMatching(ISO),
        archivedAt: null,
        lastSeenAt: null,
        archived: false,
        favorite: false,
        dependencies: [],
        children: [],
        lifecycle: { stage: 'initial', enteredStageAt: expect.stringMatching(ISO) },
        environments: [
          { name: 'development', type: 'development', enabled: false, sortOrder: 2, strategies: [], variants: [], lastSeenAt: null },
          { name: 'production', type: 'production', enabled: false, sortOrder: 3, strategies: [], variants: [], lastSeenAt: null },
        ],
        variants: [],
        tags: [],
      });

      await admin(t).post(`${FEATURES}/f1/environments/production/on`).expect(200);
      const on = await admin(t).get(`${FEATURES}/f1`).expect(200);
      const production = on.body.environments[1];
      expect(production).toEqual({
        name: 'production',
        type: 'production',
        enabled: true,
        sortOrder: 3,
        variants: [],
        lastSeenAt: null,
        strategies: [
          {
            id: expect.stringMatching(UUID),
            name: 'flexibleRollout',
            title: null,
            disabled: false,
            featureName: 'f1',
            sortOrder: 0,
            segments: [],
            constraints: [],
            variants: [],
            parameters: { rollout: '100', stickiness: 'default', groupId: 'f1' },
          },
        ],
      });
      expect(on.body.lifecycle).toMatchObject({ stage: 'live' });

      await admin(t).post('/api/admin/features/f1/tags', { type: 'simple', value: 'checkout' }).expect(201);
      await admin(t).delete(`${FEATURES}/f1`).expect(202);
      await admin(t).get(`${FEATURES}/f1`).expect(404);
      const archived = await admin(t).get('/api/admin/archive/features/p1').expect(200);
      expect(archived.body).toEqual({
        version: 2,
        features: [expect.objectContaining({ name: 'f1', project: 'p1', archived: true, archivedAt: expect.stringMatching(ISO) })],
      });

      await admin(t).post('/api/admin/archive/revive/f1').expect(200);
      const revived = await admin(t).get(`${FEATURES}/f1`).expect(200);
      expect(revived.body.environments.map((e: { enabled: boolean }) => e.enabled)).toEqual([false, false]);
      expect(revived.body.environments[1].strategies).toHaveLength(1);
      expect(revived.body.tags).toEqual([{ type: 'simple', value: 'checkout' }]);
      expect(revived.body.lifecycle).toMatchObject({ stage: 'initial' });

      await admin(t).delete(`${FEATURES}/f1`).expect(202);
      await admin(t).delete('/api/admin/archive/f1').expect(200);
      expect(await t.db.one("SELECT name FROM flagwright_features WHERE name = 'f1'")).toBeUndefined();
      expect(await t.db.query("SELECT id FROM flagwright_feature_strategies WHERE feature_name = 'f1'")).toEqual([]);

      const events = await eventsOf(t, { feature: 'f1' });
      expect(events.map((e) => e.type)).toEqual([
        'feature-created',
        'feature-strategy-add',
        'feature-environment-enabled',
        'feature-tagged',
        'feature-archived',
        'feature-revived',
        'feature-archived',
        'feature-deleted',
      ]);
      const [createdEvent, strategyAdd, enabled, , , , , deleted] = events;
      expect(createdEvent).toMatchObject({
        project: 'p1',
        featureName: 'f1',
        createdBy: 'init-admin-token',
        data: {
          name: 'f1',
          type: 'experiment',
          description: 'First flag',
          project: 'p1',
          stale: false,
          impressionData: true,
          createdAt: created.body.createdAt,
        },
        preData: null,
      });
      expect(strategyAdd).toMatchObject({ environment: 'production', data: production.strategies[0] });
      expect(enabled).toMatchObject({ environment: 'production', data: { enabled: true }, preData: { enabled: false } });
      expect(deleted).toMatchObject({ preData: { name: 'f1' }, tags: [{ type: 'simple', value: 'checkout' }] });
    });
  });

  describe('creation', () => {
    it('defaults the type to release, impression data to false and an empty description to null', async () => {
      const res = await admin(t).post(FEATURES, { name: 'defaults', description: '' }).expect(201);
      expect(res.body).toMatchObject({ name: 'defaults', type: 'release', description: null, impressionData: false, stale: false });
      const rows = await t.db.query<{ environment: string; enabled: unknown }>(
        "SELECT environment, enabled FROM flagwright_feature_environments WHERE feature_name = 'defaults' ORDER BY environment",
      );
      expect(rows.map((r) => [r.environment, Boolean(Number(r.enabled))])).toEqual([
        ['development', false],
        ['production', false],
      ]);
      const stages = await t.db.query<{ stage: string }>("SELECT stage FROM flagwright_feature_lifecycles WHERE feature_name = 'defaults'");
      expect(stages.map((s) => s.stage)).toEqual(['initial']);
    });

    it('refuses names that are not URL-safe or too long, naming /body/name', async () => {
      for (const name of ['a b', 'ä', 'x/y', '', 'n'.repeat(101)]) {
        const res = await admin(t).post(FEATURES, { name }).expect(400);
        expect(res.body.name).toBe('ValidationError');
        expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/name']);
      }
      await admin(t).post(FEATURES, { name: 'Ok_name.1~-x' }).expect(201);
    });

    it('reports every offending property at once', async () => {
      const res = await admin(t).post(FEATURES, { type: 7, impressionData: 'yes', description: 3, color: 'red' }).expect(400);
      expect(res.body.details).toEqual([
        {
          path: '/body/color',
          message:
            'The `/body` object of the request does not allow additional properties. Your request included the `/body/color` property.',
        },
        { path: '/body/name', message: 'The `/body/name` property is required. It was not present on the data you sent.' },
        { path: '/body/type', message: 'The `/body/type` property must be a string. You sent 7.' },
        { path: '/body/description', message: 'The `/body/description` property must be a string. You sent 3.' },
        { path: '/body/impressionData', message: 'The `/body/impressionData` property must be a boolean value. You sent "yes".' },
      ]);
    });

    it('takes the type from the feature types kept (GET /api/admin/feature-types), naming /body/type otherwise', async () => {
      const types = (await admin(t).get('/api/admin/feature-types').expect(200)).body.types.map((type: { id: string }) => type.id);
      const res = await admin(t).post(FEATURES, { name: 'typed', type: 'feature' }).expect(400);
      expect(res.body.details).toEqual([
        {
          path: '/body/type',
          message: `The \`/body/type\` property must be equal to one of the allowed values: ${types.join(', ')}. You sent "feature".`,
        },
      ]);
      await admin(t).get(`${FEATURES}/typed`).expect(404);
      for (const type of types)
        await admin(t)
          .post(FEATURES, { name: `typed-${type}`, type })
          .expect(201);
      await admin(t).put(`${FEATURES}/typed-release`, { type: 'nope' }).expect(400);
    });

    it('keeps names unique across the service, archived features included (409)', async () => {
      await createFeature(t, 'p1', 'taken');
      const again = await admin(t).post('/api/admin/projects/default/features', { name: 'taken' }).expect(409);
      expect(again.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NameExistsError',
        message: 'A flag with the name taken already exists',
      });
      await admin(t).delete(`${FEATURES}/taken`).expect(202);
      const archived = await admin(t).post(FEATURES, { name: 'taken' }).expect(409);
      expect(archived.body.message).toBe('An archived flag with the name taken already exists');
    });

    it('answers 404 for an unknown project, after 400 for a bad body', async () => {
      const res = await admin(t).post('/api/admin/projects/p9/features', { name: 'orphan' }).expect(404);
      expect(res.body.message).toBe('Could not find project p9');
      await admin(t).post('/api/admin/projects/p9/features', { name: 'bad name' }).expect(400);
    });

    it('needs application/json (415)', async () => {
      const res = await admin(t).post(FEATURES).set('Content-Type', 'text/plain').send('name=x').expect(415);
      expect(res.body.name).toBe('ContentTypeerror');
    });
  });

  describe('reading', () => {
    beforeAll(async () => {
      await createFeature(t, 'p1', 'read-a');
      await createFeature(t, 'p1', 'read-b', { type: 'kill-switch' });
      await admin(t).post('/api/admin/features/read-b/tags', { type: 'simple', value: 'ops' }).expect(201);
      await admin(t).post(`${FEATURES}/read-a/environments/development/on`).expect(200);
    });

    it('answers 404 naming the feature and the project it was looked for in', async () => {
      const wrongProject = await admin(t).get('/api/admin/projects/default/features/read-a').expect(404);
      expect(wrongProject.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'Could not find feature read-a in project default',
      });
      const unknown = await admin(t).get(`${FEATURES}/f2`).expect(404);
      expect(unknown.body.message).toBe('Could not find feature f2 in project p1');
      const noProject = await admin(t).get('/api/admin/projects/p9/features/read-a').expect(404);
      expect(noProject.body.message).toBe('Could not find project p9');
    });

    it('lists the active features of a project with their environments and tags', async () => {
      const res = await admin(t).get(FEATURES).expect(200);
      expect(res.body.version).toBe(2);
      const names = res.body.features.map((f: { name: string }) => f.name);
      expect(names).toEqual(expect.arrayContaining(['read-a', 'read-b']));
      expect(names).not.toContain('taken');
      const a = res.body.features.find((f: { name: string }) => f.name === 'read-a');
      expect(a).toEqual({
        name: 'read-a',
        type: 'release',
        description: null,
        project: 'p1',
        stale: false,
        impressionData: false,
        createdAt: expect.stringMatching(ISO),
        archivedAt: null,
        lastSeenAt: null,
        favorite: false,
        dependencyType: null,
        environments: [
          {
            name: 'development',
            type: 'development',
            enabled: true,
            sortOrder: 2,
            variantCount: 0,
            lastSeenAt: null,
            hasStrategies: true,
            hasEnabledStrategies: true,
          },
          {
            name: 'production',
            type: 'production',
            enabled: false,
            sortOrder: 3,
            variantCount: 0,
            lastSeenAt: null,
            hasStrategies: false,
            hasEnabledStrategies: false,
          },
        ],
        tags: [],
      });
      expect(res.body.features.find((f: { name: string }) => f.name === 'read-b').tags).toEqual([{ type: 'simple', value: 'ops' }]);
      const missing = await admin(t).get('/api/admin/projects/p9/features').expect(404);
      expect(missing.body.message).toBe('Could not find project p9');
    });

    it('answers one environment of a feature', async () => {
      const res = await admin(t).get(`${FEATURES}/read-a/environments/development`).expect(200);
      expect(res.body).toMatchObject({
        name: 'read-a',
        featureName: 'read-a',
        environment: 'development',
        type: 'development',
        enabled: true,
        strategies: [{ name: 'flexibleRollout' }],
      });
      const unknown = await admin(t).get(`${FEATURES}/read-a/environments/staging`).expect(404);
      expect(unknown.body.message).toBe('Could not find environment staging');
    });
  });

  describe('update', () => {
    beforeAll(async () => {
      await createFeature(t, 'p1', 'upd', { description: 'before' });
    });

    it('changes the given fields, keeps the others, and records before and after', async () => {
      const res = await admin(t).put(`${FEATURES}/upd`, { name: 'upd', type: 'operational', impressionData: true }).expect(200);
      expect(res.body).toMatchObject({ name: 'upd', type: 'operational', description: 'before', impressionData: true });
      const event = await lastEventOf(t, { feature: 'upd' });
      expect(event).toMatchObject({
        type: 'feature-metadata-updated',
        project: 'p1',
        data: { type: 'operational', description: 'before', impressionData: true },
        preData: { type: 'release', description: 'before', impressionData: false },
      });
    });

    it('records nothing for a request that changes nothing, even when it sends back the whole feature', async () => {
      const before = (await eventsOf(t, { feature: 'upd' })).length;
      await admin(t).put(`${FEATURES}/upd`, { type: 'operational' }).expect(200);
      const current = (await admin(t).get(`${FEATURES}/upd`).expect(200)).body;
      await admin(t).put(`${FEATURES}/upd`, current).expect(200);
      expect(await eventsOf(t, { feature: 'upd' })).toHaveLength(before);
    });

    it('refuses renaming, bad fields, and unknown features', async () => {
      const rename = await admin(t).put(`${FEATURES}/upd`, { name: 'other' }).expect(400);
      expect(rename.body.details[0].path).toBe('/body/name');
      const bad = await admin(t).put(`${FEATURES}/upd`, { type: 4, stale: 'yes' }).expect(400);
      expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/type', '/body/stale']);
      const missing = await admin(t).put(`${FEATURES}/f2`, { type: 'release' }).expect(404);
      expect(missing.body.message).toBe('Could not find feature f2 in project p1');
    });

    it('applies a JSON Patch, recording the staleness change as its own event', async () => {
      const res = await admin(t)
        .patch(`${FEATURES}/upd`, [
          { op: 'replace', path: '/description', value: 'patched' },
          { op: 'replace', path: '/stale', value: true },
        ])
        .expect(200);
      expect(res.body).toMatchObject({ description: 'patched', stale: true });
      const [metadata, stale] = (await eventsOf(t, { feature: 'upd' })).slice(-2);
      expect(stale).toMatchObject({ type: 'feature-stale-on', data: { stale: true }, preData: { stale: false } });
      expect(metadata).toMatchObject({
        type: 'feature-metadata-updated',
        data: { description: 'patched' },
        preData: { description: 'before' },
      });
    });

    it('refuses patches that do not apply or leave an invalid feature', async () => {
      const shape = await admin(t)
        .patch(`${FEATURES}/upd`, [{ op: 'jump', path: '/x' }])
        .expect(400);
      expect(shape.body.details[0].path).toBe('/body/0/op');
      const missing = await admin(t)
        .patch(`${FEATURES}/upd`, [{ op: 'replace', path: '/nothing/here', value: 1 }])
        .expect(400);
      expect(missing.body.details[0]).toMatchObject({ path: '/body/0/path' });
      expect(missing.body.message).toContain('feature');
      const invalid = await admin(t)
        .patch(`${FEATURES}/upd`, [
          { op: 'replace', path: '/type', value: 4 },
          { op: 'replace', path: '/name', value: 'renamed' },
        ])
        .expect(400);
      expect(invalid.body.details.map((d: { path: string }) => d.path)).toEqual(['/name', '/type']);
    });

    it('marks features stale in bulk, ignoring unknown names and refusing other projects’ features', async () => {
      await createFeature(t, 'p1', 'stale-a');
      await createFeature(t, 'default', 'elsewhere');
      const refused = await admin(t)
        .post('/api/admin/projects/p1/stale', { features: ['stale-a', 'elsewhere'], stale: true })
        .expect(400);
      expect(refused.body.details).toEqual([
        { path: '/body/features/1', message: 'The feature elsewhere belongs to project default, not p1.' },
      ]);
      await admin(t)
        .post('/api/admin/projects/p1/stale', { features: ['stale-a', 'ghost'], stale: true })
        .expect(202);
      expect((await admin(t).get(`${FEATURES}/stale-a`)).body.stale).toBe(true);
      const event = await lastEventOf(t, { feature: 'stale-a' });
      expect(event).toMatchObject({ type: 'feature-stale-on', project: 'p1' });
      await admin(t)
        .post('/api/admin/projects/p1/stale', { features: ['stale-a'], stale: true })
        .expect(202);
      expect((await eventsOf(t, { feature: 'stale-a' })).filter((e) => e.type === 'feature-stale-on')).toHaveLength(1);
      await admin(t)
        .post('/api/admin/projects/p1/stale', { features: ['stale-a'], stale: false })
        .expect(202);
      expect((await lastEventOf(t, { feature: 'stale-a' })).type).toBe('feature-stale-off');
      const missing = await admin(t).post('/api/admin/projects/p9/stale', { features: [], stale: true }).expect(404);
      expect(missing.body.message).toBe('Could not find project p9');
    });
  });

  describe('switching on and off', () => {
    beforeAll(async () => {
      await createFeature(t, 'p1', 'toggle');
    });
    const on = (env: string, query = '') => admin(t).post(`${FEATURES}/toggle/environments/${env}/on${query}`);
    const strategies = () =>
      t.db.query<{ id: string; disabled: unknown }>(
        "SELECT id, disabled FROM flagwright_feature_strategies WHERE feature_name = 'toggle' AND environment = 'development' ORDER BY sort_order",
      );

    it('adds the default strategy once, and records nothing for a switch that changes nothing', async () => {
      await on('development').expect(200);
      await on('development').expect(200);
      expect(await strategies()).toHaveLength(1);
      const types = (await eventsOf(t, { feature: 'toggle' })).map((e) => e.type);
      expect(types).toEqual(['feature-created', 'feature-strategy-add', 'feature-environment-enabled']);
      await admin(t).post(`${FEATURES}/toggle/environments/development/off`).expect(200);
      await admin(t).post(`${FEATURES}/toggle/environments/development/off`).expect(200);
      const off = await lastEventOf(t, { feature: 'toggle' });
      expect(off).toMatchObject({
        type: 'feature-environment-disabled',
        environment: 'development',
        data: { enabled: false },
        preData: { enabled: true },
      });
      expect((await eventsOf(t, { feature: 'toggle' })).filter((e) => e.type === 'feature-environment-disabled')).toHaveLength(1);
    });

    const disableStrategies = async () => {
      for (const { id } of await strategies()) {
        await admin(t)
          .patch(`${FEATURES}/toggle/environments/development/strategies/${id}`, [{ op: 'replace', path: '/disabled', value: true }])
          .expect(200);
      }
    };

    it('adds another default strategy when only disabled ones are left, or enables them when asked to', async () => {
      await disableStrategies();
      await on('development').expect(200);
      expect((await strategies()).map((s) => Boolean(Number(s.disabled)))).toEqual([true, false]);
      await admin(t).post(`${FEATURES}/toggle/environments/development/off`).expect(200);
      await disableStrategies();
      await on('development', '?shouldActivateDisabledStrategies=true').expect(200);
      expect((await strategies()).map((s) => Boolean(Number(s.disabled)))).toEqual([false, false]);
      const [update, enabled] = (await eventsOf(t, { feature: 'toggle' })).slice(-2);
      expect(enabled.type).toBe('feature-environment-enabled');
      expect(update).toMatchObject({ type: 'feature-strategy-update', data: { disabled: false }, preData: { disabled: true } });
      const bad = await on('development', '?shouldActivateDisabledStrategies=yes').expect(400);
      expect(bad.body.details[0].path).toBe('/query/shouldActivateDisabledStrategies');
    });

    it('enters the lifecycle stage live when first on in a production environment', async () => {
      const stages = () =>
        t.db.query<{ stage: string }>("SELECT stage FROM flagwright_feature_lifecycles WHERE feature_name = 'toggle' ORDER BY stage");
      expect((await stages()).map((s) => s.stage)).toEqual(['initial']);
      await on('production').expect(200);
      expect((await stages()).map((s) => s.stage)).toEqual(['initial', 'live']);
    });

    it('answers 404 naming an unknown environment or one the project does not use, and 400 for archived features', async () => {
      const unknown = await on('staging').expect(404);
      expect(unknown.body.message).toBe('Could not find environment staging');
      await admin(t).post('/api/admin/environments', { name: 'qa', type: 'test' }).expect(201);
      const notInProject = await on('qa').expect(404);
      expect(notInProject.body.message).toBe('Could not find environment qa in project p1');
      const wrongProject = await admin(t).post('/api/admin/projects/default/features/toggle/environments/development/on').expect(404);
      expect(wrongProject.body.message).toBe('Could not find feature toggle in project default');
      await createFeature(t, 'p1', 'toggle-archived');
      await admin(t).delete(`${FEATURES}/toggle-archived`).expect(202);
      const archived = await admin(t).post(`${FEATURES}/toggle-archived/environments/development/on`).expect(400);
      expect(archived.body.message).toBe(
        'Cannot perform this operation on archived features: toggle-archived is archived. Revive it first.',
      );
    });
  });

  describe('environment variants', () => {
    const url = `${FEATURES}/variants/environments/development/variants`;
    beforeAll(async () => {
      await createFeature(t, 'p1', 'variants');
    });

    it('replaces the variants, fixing weights and sorting by name, and records the change', async () => {
      expect((await admin(t).get(url).expect(200)).body).toEqual({ version: 1, variants: [] });
      const res = await admin(t)
        .put(url, [
          { name: 'c', weight: 0, weightType: 'variable', stickiness: 'userId' },
          { name: 'a', weight: 200, weightType: 'fix', payload: { type: 'json', value: '{"x":1}' } },
          { name: 'b', weight: 0, overrides: [{ contextName: 'userId', values: ['1', '2'] }] },
        ])
        .expect(200);
      expect(res.body).toEqual({
        version: 1,
        variants: [
          { name: 'a', weight: 200, weightType: 'fix', stickiness: 'default', payload: { type: 'json', value: '{"x":1}' } },
          {
            name: 'b',
            weight: 400,
            weightType: 'variable',
            stickiness: 'default',
            overrides: [{ contextName: 'userId', values: ['1', '2'] }],
          },
          { name: 'c', weight: 400, weightType: 'variable', stickiness: 'userId' },
        ],
      });
      expect((await admin(t).get(url).expect(200)).body).toEqual(res.body);
      const view = await admin(t).get(`${FEATURES}/variants`).expect(200);
      expect(view.body.environments[0].variants).toEqual(res.body.variants);
      const event = await lastEventOf(t, { feature: 'variants' });
      expect(event).toMatchObject({
        type: 'feature-environment-variants-updated',
        environment: 'development',
        data: { variants: res.body.variants },
        preData: { variants: [] },
      });
    });

    it('applies a JSON Patch to the list', async () => {
      const res = await admin(t)
        .patch(url, [{ op: 'remove', path: '/0' }])
        .expect(200);
      expect(res.body.variants.map((v: { name: string; weight: number }) => [v.name, v.weight])).toEqual([
        ['b', 500],
        ['c', 500],
      ]);
      const invalid = await admin(t)
        .patch(url, [{ op: 'add', path: '/-', value: { name: 'b', weight: 5000 } }])
        .expect(400);
      expect(invalid.body.details.map((d: { path: string }) => d.path)).toEqual(['/2/weight', '/2/name']);
    });

    it('refuses invalid variants, naming each property', async () => {
      const res = await admin(t)
        .put(url, [
          { name: 'x y', weight: 1001, weightType: 'heavy', color: 'red' },
          { weight: 10, payload: { type: 'json', value: '{bad' } },
        ])
        .expect(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([
        '/body/0/color',
        '/body/0/name',
        '/body/0/weight',
        '/body/0/weightType',
        '/body/1/name',
        '/body/1/payload/value',
      ]);
      const fixOnly = await admin(t)
        .put(url, [{ name: 'a', weight: 500, weightType: 'fix' }])
        .expect(400);
      expect(fixOnly.body.details[0].message).toContain('at least one "variable" variant');
      const duplicate = await admin(t)
        .put(url, [
          { name: 'a', weight: 1 },
          { name: 'a', weight: 1 },
        ])
        .expect(400);
      expect(duplicate.body.details[0].path).toBe('/body/1/name');
      const notArray = await admin(t).put(url, { name: 'a' }).expect(400);
      expect(notArray.body.details[0].path).toBe('/body');
      await admin(t).put(`${FEATURES}/variants/environments/staging/variants`, []).expect(404);
    });
  });

  describe('favorites', () => {
    it('are kept per user, recorded once, and refused to API tokens', async () => {
      await createFeature(t, 'p1', 'fav');
      const alice = await userWithRole(t, 'alice', ROLE.VIEWER);
      const bob = await userWithRole(t, 'bob', ROLE.VIEWER);
      const url = `${FEATURES}/fav/favorites`;
      await t.http().post(url).set('Cookie', alice.cookie).expect(200);
      await t.http().post(url).set('Cookie', alice.cookie).expect(200);
      expect((await t.http().get(`${FEATURES}/fav`).set('Cookie', alice.cookie).expect(200)).body.favorite).toBe(true);
      expect((await t.http().get(`${FEATURES}/fav`).set('Cookie', bob.cookie).expect(200)).body.favorite).toBe(false);
      const listed = await t.http().get(FEATURES).set('Cookie', alice.cookie).expect(200);
      expect(listed.body.features.find((f: { name: string }) => f.name === 'fav').favorite).toBe(true);
      const favorited = (await eventsOf(t, { feature: 'fav' })).filter((e) => e.type === 'feature-favorited');
      expect(favorited).toEqual([expect.objectContaining({ createdBy: 'alice', data: { feature: 'fav' } })]);
      await t.http().delete(url).set('Cookie', alice.cookie).expect(200);
      expect((await t.http().get(`${FEATURES}/fav`).set('Cookie', alice.cookie).expect(200)).body.favorite).toBe(false);
      expect(await lastEventOf(t, { feature: 'fav' })).toMatchObject({ type: 'feature-unfavorited', createdBy: 'alice' });
      const token = await admin(t).post(url).expect(400);
      expect(token.body.name).toBe('ValidationError');
      await t.http().post(`${FEATURES}/nothing/favorites`).set('Cookie', alice.cookie).expect(404);
    });
  });

  describe('permissions', () => {
    it('lets a Viewer read but not change', async () => {
      await createFeature(t, 'default', 'perm-default');
      const viewer = await userWithRole(t, 'viewer', ROLE.VIEWER);
      await t.http().get('/api/admin/projects/default/features/perm-default').set('Cookie', viewer.cookie).expect(200);
      const create = await t
        .http()
        .post('/api/admin/projects/default/features')
        .set('Cookie', viewer.cookie)
        .send({ name: 'by-viewer' })
        .expect(403);
      expect(create.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message:
          'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_FEATURE" permission of the "default" project.',
      });
      const on = await t
        .http()
        .post('/api/admin/projects/default/features/perm-default/environments/production/on')
        .set('Cookie', viewer.cookie)
        .expect(403);
      expect(on.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE_ENVIRONMENT" permission in the "production" environment of the "default" project.',
      );
      await t.http().delete('/api/admin/projects/default/features/perm-default').set('Cookie', viewer.cookie).expect(403);
      await t
        .http()
        .post('/api/admin/features/perm-default/tags')
        .set('Cookie', viewer.cookie)
        .send({ type: 'simple', value: 'vv' })
        .expect(403);
    });

    it('lets an Editor work in default but not in another project', async () => {
      const editor = await userWithRole(t, 'editor', ROLE.EDITOR);
      await t.http().post('/api/admin/projects/default/features').set('Cookie', editor.cookie).send({ name: 'by-editor' }).expect(201);
      await t
        .http()
        .post('/api/admin/projects/default/features/by-editor/environments/production/on')
        .set('Cookie', editor.cookie)
        .expect(200);
      await t
        .http()
        .put('/api/admin/projects/default/features/by-editor')
        .set('Cookie', editor.cookie)
        .send({ description: 'mine' })
        .expect(200);
      await t
        .http()
        .post('/api/admin/features/by-editor/tags')
        .set('Cookie', editor.cookie)
        .send({ type: 'simple', value: 'ed' })
        .expect(201);
      const event = await lastEventOf(t, { feature: 'by-editor' });
      expect(event.createdBy).toBe('editor');
      const elsewhere = await t.http().post(FEATURES).set('Cookie', editor.cookie).send({ name: 'by-editor-p1' }).expect(403);
      expect(elsewhere.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_FEATURE" permission of the "p1" project.',
      );
      const archive = await t.http().delete(`${FEATURES}/read-a`).set('Cookie', editor.cookie).expect(403);
      expect(archive.body.message).toContain('"DELETE_FEATURE" permission of the "p1" project');
    });

    it('needs CREATE_FEATURE_STRATEGY too when switching on adds the default strategy', async () => {
      await createFeature(t, 'p1', 'needs-strategy');
      const member = await userWithRole(t, 'toggler', ROLE.VIEWER);
      await seedProjectAssignment(t, 'p1', member.id, await seedProjectRole(t, 'Toggler', 'UPDATE_FEATURE_ENVIRONMENT'));
      const res = await t.http().post(`${FEATURES}/needs-strategy/environments/development/on`).set('Cookie', member.cookie).expect(403);
      expect(res.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_FEATURE_STRATEGY" permission in the "development" environment of the "p1" project.',
      );
      expect(await t.db.query("SELECT id FROM flagwright_feature_strategies WHERE feature_name = 'needs-strategy'")).toEqual([]);
      await t.http().post(`${FEATURES}/needs-strategy/environments/development/off`).set('Cookie', member.cookie).expect(200);
    });
  });

  describe('OpenAPI', () => {
    it('describes the routes with request and response schemas that resolve', async () => {
      const doc = (await t.http().get('/docs/openapi.json').expect(200)).body;
      const feature = doc.paths['/api/admin/projects/{projectId}/features/{featureName}'];
      expect(feature.get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/featureSchema' });
      expect(doc.paths['/api/admin/projects/{projectId}/features'].post.requestBody.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/createFeatureSchema',
      });
      for (const path of [
        '/api/admin/projects',
        '/api/admin/projects/{projectId}',
        '/api/admin/environments',
        '/api/admin/projects/{projectId}/environments',
        '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/on',
        '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/variants',
        '/api/admin/projects/{projectId}/features/{featureName}/lifecycle/complete',
        '/api/admin/projects/{projectId}/features/{featureName}/dependencies',
        '/api/admin/projects/{projectId}/features/{featureName}/favorites',
        '/api/admin/projects/{projectId}/stale',
        '/api/admin/archive/revive/{featureName}',
        '/api/admin/tag-types/{name}',
        '/api/admin/features/{featureName}/tags/{type}/{value}',
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
      const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
      expect(refs.filter((name) => !doc.components.schemas[name])).toEqual([]);
    });
  });
});
