import { ROLE } from '../../src/core/access/permissions.js';
import { lastEventOf } from '../helpers/events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';

describe('tag types and tags', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createProject(t, 'p1');
    await createFeature(t, 'p1', 'tagged');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('tag types', () => {
    it('lists the seeded type', async () => {
      const res = await admin(t).get('/api/admin/tag-types').expect(200);
      expect(res.body).toEqual({
        version: 1,
        tagTypes: [{ name: 'simple', description: 'Used to simplify filtering of features', icon: '#', color: '#FFFFFF' }],
      });
    });

    it('creates, reads, changes and deletes a type, recording each change', async () => {
      const created = await admin(t)
        .post('/api/admin/tag-types', { name: 'team', description: 'Owning team', color: '#1A73E8' })
        .expect(201);
      expect(created.body).toEqual({ name: 'team', description: 'Owning team', icon: null, color: '#1A73E8' });
      expect((await admin(t).get('/api/admin/tag-types/team').expect(200)).body).toEqual({ version: 1, tagType: created.body });
      const updated = await admin(t).put('/api/admin/tag-types/team', { icon: 'people' }).expect(200);
      expect(updated.body).toEqual({ name: 'team', description: 'Owning team', icon: 'people', color: '#1A73E8' });
      const events = await admin(t).get('/api/admin/events?type=tag-type-updated').expect(200);
      expect(events.body.events[0]).toMatchObject({ data: updated.body, preData: created.body });
      await admin(t).delete('/api/admin/tag-types/team').expect(200);
      await admin(t).get('/api/admin/tag-types/team').expect(404);
      const deleted = await admin(t).get('/api/admin/events?type=tag-type-deleted').expect(200);
      expect(deleted.body.events[0]).toMatchObject({ preData: updated.body });
    });

    it('answers 409 for a taken name, 400 for invalid bodies, 404 for unknown types', async () => {
      const taken = await admin(t).post('/api/admin/tag-types', { name: 'simple' }).expect(409);
      expect(taken.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NameExistsError',
        message: 'There is already a tag type called simple',
      });
      await admin(t).post('/api/admin/tag-types/validate', { name: 'simple' }).expect(409);
      expect((await admin(t).post('/api/admin/tag-types/validate', { name: 'fresh' }).expect(200)).body).toEqual({
        valid: true,
        tagType: { name: 'fresh', description: null, icon: null, color: null },
      });
      const invalid = await admin(t).post('/api/admin/tag-types', { name: 'a', color: 'blue' }).expect(400);
      expect(invalid.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/name', '/body/color']);
      const missing = await admin(t).put('/api/admin/tag-types/ghost', { description: 'x' }).expect(404);
      expect(missing.body.message).toBe('Could not find tag type ghost');
      await admin(t).delete('/api/admin/tag-types/ghost').expect(404);
    });

    it('needs the tag type permissions', async () => {
      const viewer = await userWithRole(t, 'tag-viewer', ROLE.VIEWER);
      const res = await t.http().post('/api/admin/tag-types').set('Cookie', viewer.cookie).send({ name: 'nope' }).expect(403);
      expect(res.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_TAG_TYPE" permission.',
      );
      await t.http().delete('/api/admin/tag-types/simple').set('Cookie', viewer.cookie).expect(403);
    });
  });

  describe('tags on features', () => {
    const url = '/api/admin/features/tagged/tags';

    it('adds, lists and removes tags, recording each change', async () => {
      const added = await admin(t).post(url, { type: 'simple', value: '  checkout  ' }).expect(201);
      expect(added.body).toEqual({ type: 'simple', value: 'checkout' });
      expect((await admin(t).get(url).expect(200)).body).toEqual({ version: 1, tags: [{ type: 'simple', value: 'checkout' }] });
      const tagged = await lastEventOf(t, { feature: 'tagged' });
      expect(tagged).toMatchObject({
        type: 'feature-tagged',
        project: 'p1',
        featureName: 'tagged',
        data: { type: 'simple', value: 'checkout' },
      });
      await admin(t).delete(`${url}/simple/checkout`).expect(200);
      expect((await admin(t).get(url).expect(200)).body.tags).toEqual([]);
      const untagged = await lastEventOf(t, { feature: 'tagged' });
      expect(untagged).toMatchObject({ type: 'feature-untagged', preData: { type: 'simple', value: 'checkout' } });
    });

    it('answers 409 when the feature has the tag already', async () => {
      await admin(t).post(url, { type: 'simple', value: 'twice' }).expect(201);
      const res = await admin(t).post(url, { type: 'simple', value: 'twice' }).expect(409);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NameExistsError',
        message: 'The feature tagged already has the tag simple:twice',
      });
    });

    it('refuses values and types outside 2 to 50 characters, and unknown types', async () => {
      const short = await admin(t).post(url, { type: 's', value: 'x' }).expect(400);
      expect(short.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/value', '/body/type']);
      const long = await admin(t)
        .post(url, { type: 'simple', value: 'v'.repeat(51) })
        .expect(400);
      expect(long.body.details).toEqual([
        {
          path: '/body/value',
          message: `The \`/body/value\` property must be from 2 to 50 characters long. You sent "${'v'.repeat(51)}".`,
        },
      ]);
      const unknownType = await admin(t).post(url, { type: 'colour', value: 'red' }).expect(400);
      expect(unknownType.body.details).toEqual([{ path: '/body/type', message: 'Tag type colour does not exist.' }]);
    });

    it('answers 404 for unknown features and tags', async () => {
      const feature = await admin(t).post('/api/admin/features/ghost/tags', { type: 'simple', value: 'boo' }).expect(404);
      expect(feature.body.message).toBe('Could not find feature ghost');
      await admin(t).get('/api/admin/features/ghost/tags').expect(404);
      const tag = await admin(t).delete(`${url}/simple/never`).expect(404);
      expect(tag.body.message).toBe('Could not find the tag simple:never on feature tagged');
    });

    it('adds and removes several tags in one go', async () => {
      const res = await admin(t)
        .put(url, {
          addedTags: [
            { type: 'simple', value: 'one' },
            { type: 'simple', value: 'twice' },
          ],
          removedTags: [{ type: 'simple', value: 'twice' }],
        })
        .expect(200);
      expect(res.body).toEqual({ version: 1, tags: [{ type: 'simple', value: 'one' }] });
      const invalid = await admin(t)
        .put(url, { addedTags: [{ type: 'simple', value: 'x' }], removedTags: [] })
        .expect(400);
      expect(invalid.body.details[0].path).toBe('/body/addedTags/0/value');
    });

    it('shows the tags on the feature and removes them with their type', async () => {
      await admin(t).post('/api/admin/tag-types', { name: 'team' }).expect(201);
      await admin(t).post(url, { type: 'team', value: 'payments' }).expect(201);
      const feature = await admin(t).get('/api/admin/projects/p1/features/tagged').expect(200);
      expect(feature.body.tags).toEqual([
        { type: 'simple', value: 'one' },
        { type: 'team', value: 'payments' },
      ]);
      await admin(t).delete('/api/admin/tag-types/team').expect(200);
      expect((await admin(t).get(url).expect(200)).body.tags).toEqual([{ type: 'simple', value: 'one' }]);
    });

    it('resolves the permission from the feature’s project', async () => {
      const editor = await userWithRole(t, 'tag-editor', ROLE.EDITOR);
      const res = await t.http().post(url).set('Cookie', editor.cookie).send({ type: 'simple', value: 'editor' }).expect(403);
      expect(res.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE" permission of the "p1" project.',
      );
      await createFeature(t, 'default', 'tagged-default');
      await t
        .http()
        .post('/api/admin/features/tagged-default/tags')
        .set('Cookie', editor.cookie)
        .send({ type: 'simple', value: 'editor' })
        .expect(201);
    });
  });
});
