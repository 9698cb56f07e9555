import { ROLE } from '../../src/core/access/permissions.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { eventsOf } from '../helpers/events.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';

/** Tag values (`/api/admin/tags`) and tagging several features of a project at once. */
describe('tag values and bulk tagging', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await admin(t).post('/api/admin/tag-types', { name: 'team' }).expect(201);
    await createProject(t, 'tagged');
    await createProject(t, 'other');
    for (const name of ['t1', 't2']) await createFeature(t, 'tagged', name);
    await createFeature(t, 'other', 'o1');
  });
  afterAll(async () => {
    await t.close();
  });

  const tagEvents = async (type: string) =>
    (await admin(t).get(`/api/admin/events?type=${type}&limit=100`).expect(200)).body.events as Record<string, unknown>[];
  const tagsOf = async (feature: string) => (await admin(t).get(`/api/admin/features/${feature}/tags`).expect(200)).body.tags;

  it('creates a tag value (201, Location, trimmed) with a tag-created event, and lists it', async () => {
    const res = await admin(t).post('/api/admin/tags', { type: 'team', value: '  checkout ' }).expect(201);
    expect(res.body).toEqual({ version: 1, tag: { type: 'team', value: 'checkout' } });
    expect(res.headers.location).toBe('tags/team/checkout');
    expect((await admin(t).get('/api/admin/tags').expect(200)).body).toEqual({ version: 1, tags: [{ type: 'team', value: 'checkout' }] });
    expect((await admin(t).get('/api/admin/tags/team').expect(200)).body.tags).toEqual([{ type: 'team', value: 'checkout' }]);
    expect((await admin(t).get('/api/admin/tags/nothing').expect(200)).body).toEqual({ version: 1, tags: [] });
    expect((await admin(t).get('/api/admin/tags/team/checkout').expect(200)).body).toEqual({
      version: 1,
      tag: { type: 'team', value: 'checkout' },
    });
    const [event] = await tagEvents('tag-created');
    expect(event).toMatchObject({ type: 'tag-created', data: { type: 'team', value: 'checkout' } });
  });

  it('refuses a taken value (409), an unknown type and a bad value (400 naming the property), unknown values (404)', async () => {
    const taken = await admin(t).post('/api/admin/tags', { type: 'team', value: 'checkout' }).expect(409);
    expect(taken.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NameExistsError',
      message: 'A tag of team:checkout already exists',
    });
    const unknownType = await admin(t).post('/api/admin/tags', { type: 'nope', value: 'abc' }).expect(400);
    expect(unknownType.body.details).toEqual([{ path: '/body/type', message: 'Tag type nope does not exist.' }]);
    const short = await admin(t).post('/api/admin/tags', { type: 'team', value: 'a' }).expect(400);
    expect(short.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/value']);
    const missing = await admin(t).get('/api/admin/tags/team/ghost').expect(404);
    expect(missing.body.message).toBe('No tag with type: [team] and value [ghost]');
  });

  it('knows the values features are tagged with, recording tag-created the first time', async () => {
    await admin(t).post('/api/admin/features/t1/tags', { type: 'simple', value: 'fresh' }).expect(201);
    expect((await admin(t).get('/api/admin/tags/simple').expect(200)).body.tags).toEqual([{ type: 'simple', value: 'fresh' }]);
    expect((await tagEvents('tag-created'))[0]).toMatchObject({ data: { type: 'simple', value: 'fresh' } });
  });

  describe('tagging several features of a project', () => {
    it('adds and removes tags on every listed feature (200), one event per feature and tag changed', async () => {
      await admin(t)
        .put('/api/admin/projects/tagged/tags', {
          features: ['t1', 't2'],
          tags: { addedTags: [{ type: 'team', value: 'checkout' }], removedTags: [{ type: 'simple', value: 'fresh' }] },
        })
        .expect(200);
      expect(await tagsOf('t1')).toEqual([{ type: 'team', value: 'checkout' }]);
      expect(await tagsOf('t2')).toEqual([{ type: 'team', value: 'checkout' }]);
      const t1 = await eventsOf(t, { feature: 't1' });
      expect(t1.slice(-2).map((e) => [e.type, e.data ?? e.preData])).toEqual([
        ['feature-tagged', { type: 'team', value: 'checkout' }],
        ['feature-untagged', { type: 'simple', value: 'fresh' }],
      ]);
      expect((await eventsOf(t, { feature: 't2' })).filter((e) => e.type === 'feature-untagged')).toEqual([]);
    });

    it('creates tag values not seen before', async () => {
      await admin(t)
        .put('/api/admin/projects/tagged/tags', {
          features: ['t2'],
          tags: { addedTags: [{ type: 'team', value: 'payments' }], removedTags: [] },
        })
        .expect(200);
      expect((await admin(t).get('/api/admin/tags/team').expect(200)).body.tags.map((tag: { value: string }) => tag.value)).toEqual([
        'checkout',
        'payments',
      ]);
    });

    it('refuses features of another project (400), unknown features (404) and unknown tag types (400), changing nothing', async () => {
      const body = (features: string[], type = 'team') => ({ features, tags: { addedTags: [{ type, value: 'growth' }], removedTags: [] } });
      const foreign = await admin(t)
        .put('/api/admin/projects/tagged/tags', body(['t1', 'o1']))
        .expect(400);
      expect(foreign.body.details).toEqual([
        { path: '/body/features/1', message: 'Tried to change tags of feature o1, which does not belong to project tagged.' },
      ]);
      const unknown = await admin(t)
        .put('/api/admin/projects/tagged/tags', body(['t1', 'ghost']))
        .expect(404);
      expect(unknown.body.message).toBe('Could not find feature ghost in project tagged');
      const badType = await admin(t)
        .put('/api/admin/projects/tagged/tags', body(['t1'], 'nope'))
        .expect(400);
      expect(badType.body.details).toEqual([{ path: '/body/tags/addedTags/0/type', message: 'Tag type nope does not exist.' }]);
      const invalid = await admin(t)
        .put('/api/admin/projects/tagged/tags', { features: ['t1'] })
        .expect(400);
      expect(invalid.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/tags']);
      expect(await tagsOf('t1')).toEqual([{ type: 'team', value: 'checkout' }]);
    });

    it('needs UPDATE_FEATURE in the project', async () => {
      const viewer = await userWithRole(t, 'tag-viewer', ROLE.VIEWER);
      const res = await t
        .http()
        .put('/api/admin/projects/tagged/tags')
        .set('Cookie', viewer.cookie)
        .send({ features: ['t1'], tags: { addedTags: [], removedTags: [] } })
        .expect(403);
      expect(res.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE" permission of the "tagged" project.',
      );
    });
  });

  it('deletes a tag value (200): every feature loses it; tag-deleted recorded; 404 when there is none', async () => {
    await admin(t).delete('/api/admin/tags/team/checkout').expect(200);
    expect(await tagsOf('t1')).toEqual([]);
    expect(await tagsOf('t2')).toEqual([{ type: 'team', value: 'payments' }]);
    await admin(t).get('/api/admin/tags/team/checkout').expect(404);
    const [event] = await tagEvents('tag-deleted');
    expect(event).toMatchObject({ type: 'tag-deleted', preData: { type: 'team', value: 'checkout' } });
    const again = await admin(t).delete('/api/admin/tags/team/checkout').expect(404);
    expect(again.body.message).toBe('No tag with type: [team] and value [checkout]');
    const viewer = await userWithRole(t, 'tag-deleter', ROLE.VIEWER);
    const denied = await t.http().delete('/api/admin/tags/team/payments').set('Cookie', viewer.cookie).expect(403);
    expect(denied.body.message).toBe(
      'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE" permission.',
    );
  });

  it('loses the values of a deleted tag type', async () => {
    await admin(t).delete('/api/admin/tag-types/team').expect(200);
    expect((await admin(t).get('/api/admin/tags/team').expect(200)).body.tags).toEqual([]);
  });
});
