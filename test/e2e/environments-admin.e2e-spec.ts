import { ROLE } from '../../src/core/access/permissions.js';
import { seedProjectRole } from '../helpers/seeds.js';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';

/** Changing environments as a whole: update, on/off, sort order, validate, clone and delete. */
describe('environments: update, enable, sort, validate, clone, delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await admin(t).post('/api/admin/environments', { name: 'qa', type: 'test', sortOrder: 5 }).expect(201);
    await createProject(t, 'shop');
  });
  afterAll(async () => {
    await t.close();
  });

  const environmentEvents = async (type: string) =>
    (await admin(t).get(`/api/admin/events?type=${type}&limit=100`).expect(200)).body.events as Record<string, unknown>[];
  const sdkFeatures = async () =>
    (await t.http().get('/api/client/features').set('Authorization', CLIENT_TOKEN).expect(200)).body.features as {
      name: string;
      enabled: boolean;
      strategies: unknown[];
    }[];

  it('updates type and sort order, keeps what is omitted, and records environment-updated', async () => {
    const res = await admin(t).put('/api/admin/environments/update/qa', { type: 'preproduction' }).expect(200);
    expect(res.body).toEqual({
      name: 'qa',
      type: 'preproduction',
      enabled: true,
      protected: false,
      sortOrder: 5,
      projectCount: 1,
      apiTokenCount: 0,
      enabledToggleCount: 0,
    });
    await admin(t).put('/api/admin/environments/update/qa', { sortOrder: 7 }).expect(200);
    expect((await admin(t).get('/api/admin/environments/qa').expect(200)).body).toMatchObject({ type: 'preproduction', sortOrder: 7 });
    const [latest, first] = await environmentEvents('environment-updated');
    expect(first).toMatchObject({
      environment: 'qa',
      data: { name: 'qa', type: 'preproduction', sortOrder: 5, enabled: true, protected: false },
      preData: { name: 'qa', type: 'test', sortOrder: 5, enabled: true, protected: false },
    });
    expect(latest).toMatchObject({ environment: 'qa', data: { sortOrder: 7 }, preData: { sortOrder: 5 } });
  });

  it('refuses bad updates (400 naming the property) and unknown environments (404)', async () => {
    const bad = await admin(t).put('/api/admin/environments/update/qa', { sortOrder: 'last', type: '' }).expect(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['/body/sortOrder', '/body/type']);
    const missing = await admin(t).put('/api/admin/environments/update/nowhere', { type: 'test' }).expect(404);
    expect(missing.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find environment nowhere' });
  });

  it('switches an environment off and on (204): a disabled one is not given to new projects', async () => {
    await admin(t).post('/api/admin/environments/qa/off').expect(204);
    expect((await admin(t).get('/api/admin/environments/qa').expect(200)).body.enabled).toBe(false);
    await createProject(t, 'later');
    const later = await admin(t).get('/api/admin/projects/later').expect(200);
    expect(later.body.environments).toEqual([{ environment: 'development' }, { environment: 'production' }]);
    await admin(t).post('/api/admin/environments/qa/off').expect(204);
    await admin(t).post('/api/admin/environments/qa/on').expect(204);
    expect((await admin(t).get('/api/admin/environments/qa').expect(200)).body.enabled).toBe(true);
    const [on, off] = await environmentEvents('environment-updated');
    expect(off).toMatchObject({ environment: 'qa', data: { enabled: false }, preData: { enabled: true } });
    expect(on).toMatchObject({ environment: 'qa', data: { enabled: true }, preData: { enabled: false } });
    const missing = await admin(t).post('/api/admin/environments/nowhere/on').expect(404);
    expect(missing.body.message).toBe('Could not find environment nowhere');
  });

  it('re-sorts the named environments only, all or none', async () => {
    await admin(t).put('/api/admin/environments/sort-order', { production: 1, qa: 2 }).expect(200);
    const list = await admin(t).get('/api/admin/environments').expect(200);
    expect(list.body.environments.map((e: { name: string; sortOrder: number }) => [e.name, e.sortOrder])).toEqual([
      ['production', 1],
      ['development', 2],
      ['qa', 2],
    ]);
    const unknown = await admin(t).put('/api/admin/environments/sort-order', { development: 9, nowhere: 3 }).expect(404);
    expect(unknown.body.message).toBe('Could not find environment nowhere');
    expect((await admin(t).get('/api/admin/environments/development').expect(200)).body.sortOrder).toBe(2);
    const bad = await admin(t).put('/api/admin/environments/sort-order', { development: 'first', qa: 1.5 }).expect(400);
    expect(bad.body.details).toEqual([
      {
        path: '/body/development',
        message: 'The `/body/development` property must be a whole number from -2147483648 to 2147483647. You sent "first".',
      },
      { path: '/body/qa', message: 'The `/body/qa` property must be a whole number from -2147483648 to 2147483647. You sent 1.5.' },
    ]);
    const notObject = await admin(t).put('/api/admin/environments/sort-order', [1]).expect(400);
    expect(notObject.body.details[0].path).toBe('/body');
  });

  it('validates a name: 200 when free, 409 when taken, 400 when malformed', async () => {
    await admin(t).post('/api/admin/environments/validate', { name: 'fresh' }).expect(200);
    const taken = await admin(t).post('/api/admin/environments/validate', { name: 'qa' }).expect(409);
    expect(taken.body).toEqual({ id: expect.stringMatching(UUID), name: 'NameExistsError', message: 'Environment qa already exists' });
    const bad = await admin(t).post('/api/admin/environments/validate', { name: 'no spaces' }).expect(400);
    expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/name']);
  });

  describe('clone', () => {
    beforeAll(async () => {
      await createFeature(t, 'shop', 'basket');
      await createFeature(t, 'shop', 'wishlist');
      await admin(t)
        .post('/api/admin/projects/shop/features/basket/environments/qa/strategies', {
          name: 'flexibleRollout',
          parameters: { rollout: '40', stickiness: 'default', groupId: 'basket' },
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
        })
        .expect(200);
      await admin(t).post('/api/admin/projects/shop/features/basket/environments/qa/on').expect(200);
      await admin(t)
        .put('/api/admin/projects/shop/features/wishlist/environments/qa/variants', [
          { name: 'a', weightType: 'variable', weight: 1000, stickiness: 'default' },
        ])
        .expect(200);
      await seedProjectRole(t, 'qa-togglers', 'UPDATE_FEATURE_ENVIRONMENT', 'qa');
    });

    it('copies the projects, feature states, variants, strategies and permissions into a new environment (201)', async () => {
      const res = await admin(t).post('/api/admin/environments/qa/clone', { name: 'qa-2', type: 'test' }).expect(201);
      expect(res.body).toEqual({
        name: 'qa-2',
        type: 'test',
        enabled: true,
        protected: false,
        sortOrder: 2,
        projectCount: 1,
        apiTokenCount: 0,
        enabledToggleCount: 1,
      });
      const basket = await admin(t).get('/api/admin/projects/shop/features/basket/environments/qa-2').expect(200);
      expect(basket.body).toMatchObject({ enabled: true, environment: 'qa-2' });
      expect(basket.body.strategies).toEqual([
        expect.objectContaining({
          id: expect.stringMatching(UUID),
          name: 'flexibleRollout',
          parameters: { rollout: '40', stickiness: 'default', groupId: 'basket' },
          constraints: [expect.objectContaining({ contextName: 'userId', operator: 'IN', values: ['1'] })],
        }),
      ]);
      const source = await admin(t).get('/api/admin/projects/shop/features/basket/environments/qa').expect(200);
      expect(basket.body.strategies[0].id).not.toBe(source.body.strategies[0].id);
      const wishlist = await admin(t).get('/api/admin/projects/shop/features/wishlist/environments/qa-2/variants').expect(200);
      expect(wishlist.body.variants.map((v: { name: string }) => v.name)).toEqual(['a']);
      expect(await t.db.query("SELECT permission FROM flagwright_role_permissions WHERE environment = 'qa-2'")).toEqual([
        { permission: 'UPDATE_FEATURE_ENVIRONMENT' },
      ]);
      const [event] = await environmentEvents('environment-created');
      expect(event).toMatchObject({
        environment: 'qa-2',
        data: { name: 'qa-2', type: 'test', sortOrder: 2, enabled: true, protected: false, clonedFrom: 'qa', projects: ['shop'] },
      });
    });

    it('enables the clone only in the listed projects, and without permissions when asked', async () => {
      await admin(t)
        .post('/api/admin/environments/qa/clone', { name: 'qa-3', type: 'test', projects: ['default'], clonePermissions: false })
        .expect(201);
      const shop = await admin(t).get('/api/admin/environments/project/shop').expect(200);
      expect(shop.body.environments.find((e: { name: string }) => e.name === 'qa-3').visible).toBe(false);
      const main = await admin(t).get('/api/admin/environments/project/default').expect(200);
      expect(main.body.environments.find((e: { name: string }) => e.name === 'qa-3').visible).toBe(true);
      expect(await t.db.query("SELECT permission FROM flagwright_role_permissions WHERE environment = 'qa-3'")).toEqual([]);
    });

    it('refuses a taken name (409), an unknown source (404) and unknown projects (400 naming them)', async () => {
      const taken = await admin(t).post('/api/admin/environments/qa/clone', { name: 'production', type: 'test' }).expect(409);
      expect(taken.body.message).toBe('Environment production already exists');
      const missing = await admin(t).post('/api/admin/environments/nowhere/clone', { name: 'x1', type: 'test' }).expect(404);
      expect(missing.body.message).toBe('Could not find environment nowhere');
      const unknown = await admin(t)
        .post('/api/admin/environments/qa/clone', { name: 'x2', type: 'test', projects: ['shop', 'ghost'] })
        .expect(400);
      expect(unknown.body.details).toEqual([{ path: '/body/projects/1', message: 'Could not find project ghost.' }]);
      const bad = await admin(t).post('/api/admin/environments/qa/clone', { name: 'x3' }).expect(400);
      expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/type']);
      expect((await admin(t).get('/api/admin/environments/x2').expect(404)).body.message).toBe('Could not find environment x2');
    });
  });

  describe('delete', () => {
    it("removes the environment with every feature's configuration there and the grants limited to it", async () => {
      await admin(t).post('/api/admin/projects/default/environments', { environment: 'qa' }).expect(200);
      await admin(t).delete('/api/admin/environments/qa-2').expect(200);
      await admin(t).get('/api/admin/environments/qa-2').expect(404);
      expect(await t.db.query("SELECT feature_name FROM flagwright_feature_environments WHERE environment = 'qa-2'")).toEqual([]);
      expect(await t.db.query("SELECT id FROM flagwright_feature_strategies WHERE environment = 'qa-2'")).toEqual([]);
      expect(await t.db.query("SELECT project_id FROM flagwright_project_environments WHERE environment_name = 'qa-2'")).toEqual([]);
      expect(await t.db.query("SELECT permission FROM flagwright_role_permissions WHERE environment = 'qa-2'")).toEqual([]);
      const basket = await admin(t).get('/api/admin/projects/shop/features/basket').expect(200);
      expect(basket.body.environments.map((e: { name: string }) => e.name)).not.toContain('qa-2');
      const [event] = await environmentEvents('environment-deleted');
      expect(event).toMatchObject({
        environment: 'qa-2',
        preData: { name: 'qa-2', type: 'test', sortOrder: 2, enabled: true, protected: false },
      });
      const again = await admin(t).delete('/api/admin/environments/qa-2').expect(404);
      expect(again.body.message).toBe('Could not find environment qa-2');
    });

    it('switches its features off for the SDKs of that environment (their cached answer moves on)', async () => {
      await createFeature(t, 'default', 'sdk-flag');
      await admin(t).post('/api/admin/projects/default/features/sdk-flag/environments/development/on').expect(200);
      expect((await sdkFeatures()).find((f) => f.name === 'sdk-flag')).toMatchObject({ enabled: true, strategies: [expect.anything()] });
      await admin(t).delete('/api/admin/environments/development').expect(200);
      expect((await sdkFeatures()).find((f) => f.name === 'sdk-flag')).toMatchObject({ enabled: false, strategies: [] });
    });
  });

  it('asks UPDATE_ENVIRONMENT, CREATE_ENVIRONMENT and DELETE_ENVIRONMENT of the user', async () => {
    const editor = await userWithRole(t, 'env-admin-editor', ROLE.EDITOR);
    const denied = (permission: string) =>
      `You don't have the required permissions to perform this operation. To perform this action, you need the "${permission}" permission.`;
    const as = (req: import('supertest').Test) => req.set('Cookie', editor.cookie);
    expect((await as(t.http().put('/api/admin/environments/update/qa').send({ type: 'x' })).expect(403)).body.message).toBe(
      denied('UPDATE_ENVIRONMENT'),
    );
    expect((await as(t.http().post('/api/admin/environments/qa/off')).expect(403)).body.message).toBe(denied('UPDATE_ENVIRONMENT'));
    expect((await as(t.http().put('/api/admin/environments/sort-order').send({ qa: 1 })).expect(403)).body.message).toBe(
      denied('UPDATE_ENVIRONMENT'),
    );
    expect((await as(t.http().post('/api/admin/environments/qa/clone').send({ name: 'q9', type: 't' })).expect(403)).body.message).toBe(
      denied('CREATE_ENVIRONMENT'),
    );
    expect((await as(t.http().delete('/api/admin/environments/qa')).expect(403)).body.message).toBe(denied('DELETE_ENVIRONMENT'));
    await t.http().post('/api/admin/environments/qa/off').expect(401);
  });
});
