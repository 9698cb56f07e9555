import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { seedFeature, seedPerson, seedProject } from '../helpers/seeds.js';
import { createStrategy, strategiesUrl, UUID } from './strategies.fixtures.js';

const ERROR_ID = expect.stringMatching(UUID);
const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);

describe('segments', () => {
  let t: TestApp;
  const admin = {
    get: (url: string) => t.http().get(url).set('Authorization', ADMIN_TOKEN),
    post: (url: string, body: unknown) =>
      t
        .http()
        .post(url)
        .set('Authorization', ADMIN_TOKEN)
        .send(body as object),
    put: (url: string, body: unknown) =>
      t
        .http()
        .put(url)
        .set('Authorization', ADMIN_TOKEN)
        .send(body as object),
    delete: (url: string) => t.http().delete(url).set('Authorization', ADMIN_TOKEN),
  };
  const segmentEvents = async () =>
    (await admin.get('/api/admin/events?type=segment-created&limit=1000').expect(200)).body.events.concat(
      (await admin.get('/api/admin/events?type=segment-updated&limit=1000').expect(200)).body.events,
      (await admin.get('/api/admin/events?type=segment-deleted&limit=1000').expect(200)).body.events,
    );

  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'sp1');
    await seedProject(t, 'sp2');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a segment (201 with location), reads it, lists it and records segment-created', async () => {
    const body = {
      name: 'beta-users',
      description: 'Our beta testers',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', 2] }],
    };
    const res = await admin.post('/api/admin/segments', body).expect(201);
    const expected = {
      id: expect.any(Number),
      name: 'beta-users',
      description: 'Our beta testers',
      project: null,
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'], caseInsensitive: false, inverted: false }],
      createdBy: 'init-admin-token',
      createdAt: ISO,
      usedInFeatures: 0,
      usedInProjects: 0,
    };
    expect(res.body).toEqual(expected);
    expect(res.headers.location).toBe(`/api/admin/segments/${res.body.id}`);
    expect((await admin.get(`/api/admin/segments/${res.body.id}`).expect(200)).body).toEqual(res.body);
    const list = await admin.get('/api/admin/segments').expect(200);
    expect(list.body.segments).toContainEqual(res.body);
    const created = (await segmentEvents()).find(
      (e: { type: string; data: { id: number } }) => e.type === 'segment-created' && e.data.id === res.body.id,
    );
    expect(created).toMatchObject({ createdBy: 'init-admin-token', data: { name: 'beta-users', constraints: expected.constraints } });
  });

  it('validates the body, reporting every offending property', async () => {
    const res = await admin
      .post('/api/admin/segments', {
        description: 5,
        project: 7,
        constraints: [{ contextName: 'a', operator: 'NUM_GT', value: 'x' }],
        extra: true,
      })
      .expect(400);
    expect(res.body).toMatchObject({ id: ERROR_ID, name: 'ValidationError' });
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([
      '/body/extra',
      '/body/name',
      '/body/description',
      '/body/project',
      '/body/constraints/0/value',
    ]);
    expect(
      (await admin.post('/api/admin/segments', { name: 'no-constraints' }).expect(400)).body.details.map((d: { path: string }) => d.path),
    ).toEqual(['/body/constraints']);
    expect((await admin.post('/api/admin/segments', { name: 'p', project: 'nope', constraints: [] }).expect(400)).body.details).toEqual([
      { path: '/body/project', message: expect.stringContaining('existing project') },
    ]);
    await admin.post('/api/admin/segments', []).expect(400);
    await t.http().post('/api/admin/segments').set('Authorization', ADMIN_TOKEN).set('Content-Type', 'text/plain').send('x').expect(415);
  });

  it('refuses a second segment of the same name with 409', async () => {
    await admin.post('/api/admin/segments', { name: 'dup', constraints: [] }).expect(201);
    const res = await admin.post('/api/admin/segments', { name: 'dup', constraints: [] }).expect(409);
    expect(res.body).toEqual({ id: ERROR_ID, name: 'NameExistsError', message: 'There is already a segment named "dup".' });
  });

  it('updates a segment (204), records segment-updated with before and after, and refuses a taken name', async () => {
    const { body: segment } = await admin.post('/api/admin/segments', { name: 'to-update', constraints: [] }).expect(201);
    await admin.post('/api/admin/segments', { name: 'taken', constraints: [] }).expect(201);
    await admin
      .put(`/api/admin/segments/${segment.id}`, {
        name: 'updated',
        description: 'now',
        project: 'sp1',
        constraints: [{ contextName: 'country', operator: 'IN', values: ['NO'] }],
      })
      .expect(204);
    const read = (await admin.get(`/api/admin/segments/${segment.id}`).expect(200)).body;
    expect(read).toMatchObject({
      name: 'updated',
      description: 'now',
      project: 'sp1',
      constraints: [{ contextName: 'country', values: ['NO'] }],
    });
    const updated = (await segmentEvents()).find(
      (e: { type: string; data: { id: number } }) => e.type === 'segment-updated' && e.data.id === segment.id,
    );
    expect(updated).toMatchObject({ project: 'sp1', data: { name: 'updated' }, preData: { name: 'to-update', project: null } });
    const conflict = await admin.put(`/api/admin/segments/${segment.id}`, { name: 'taken', constraints: [] }).expect(409);
    expect(conflict.body.name).toBe('NameExistsError');
  });

  it('answers 404 for an unknown segment and 400 for a malformed id, 400 before 404', async () => {
    const res = await admin.get('/api/admin/segments/999999').expect(404);
    expect(res.body).toEqual({ id: ERROR_ID, name: 'NotFoundError', message: 'Could not find segment with id 999999' });
    await admin.put('/api/admin/segments/999999', { name: 'x', constraints: [] }).expect(404);
    await admin.put('/api/admin/segments/999999', { constraints: [] }).expect(400);
    await admin.delete('/api/admin/segments/999999').expect(404);
    await admin.get('/api/admin/segments/999999/strategies').expect(404);
    expect((await admin.get('/api/admin/segments/abc').expect(400)).body.details).toEqual([
      { path: '/params/id', message: expect.any(String) },
    ]);
  });

  it('is attached to strategies by id, lists them, counts its use, and cannot be deleted while in use', async () => {
    const { body: segment } = await admin.post('/api/admin/segments', { name: 'in-use', constraints: [] }).expect(201);
    await seedFeature(t, 'seg-f1', 'sp1');
    await seedFeature(t, 'seg-f2', 'sp2');
    const s1 = await createStrategy(t, 'sp1', 'seg-f1', 'production', { name: 'default', segments: [segment.id] });
    const s2 = await createStrategy(t, 'sp2', 'seg-f2', 'development', { name: 'default', segments: [segment.id] });
    expect((await admin.get(`/api/admin/segments/${segment.id}`).expect(200)).body).toMatchObject({ usedInFeatures: 2, usedInProjects: 2 });
    const strategies = await admin.get(`/api/admin/segments/${segment.id}/strategies`).expect(200);
    expect(strategies.body).toEqual({
      strategies: [
        { id: s1.id, featureName: 'seg-f1', projectId: 'sp1', environment: 'production', strategyName: 'default' },
        { id: s2.id, featureName: 'seg-f2', projectId: 'sp2', environment: 'development', strategyName: 'default' },
      ],
      changeRequestStrategies: [],
    });
    const refused = await admin.delete(`/api/admin/segments/${segment.id}`).expect(400);
    expect(refused.body).toEqual({
      id: ERROR_ID,
      name: 'ValidationError',
      message: `Segment ${segment.id} is in use by 2 strategies; remove it from them before deleting it.`,
      details: [{ message: `Segment ${segment.id} is in use by 2 strategies; remove it from them before deleting it.` }],
    });
    const limit = await admin.put(`/api/admin/segments/${segment.id}`, { name: 'in-use', project: 'sp1', constraints: [] }).expect(400);
    expect(limit.body.details).toEqual([
      { path: '/body/project', message: expect.stringContaining('strategies in project(s) sp2 use it') },
    ]);

    await t
      .http()
      .put(strategiesUrl('sp2', 'seg-f2', 'development', s2.id))
      .set('Authorization', ADMIN_TOKEN)
      .send({ segments: [] })
      .expect(200);
    await t
      .http()
      .delete(strategiesUrl('sp1', 'seg-f1', 'production', s1.id))
      .set('Authorization', ADMIN_TOKEN)
      .expect(200);
    await admin.delete(`/api/admin/segments/${segment.id}`).expect(200);
    await admin.get(`/api/admin/segments/${segment.id}`).expect(404);
    const deleted = (await segmentEvents()).find(
      (e: { type: string; preData: { id: number } | null }) => e.type === 'segment-deleted' && e.preData?.id === segment.id,
    );
    expect(deleted).toMatchObject({ data: null, preData: { name: 'in-use' } });
  });

  it('needs CREATE_SEGMENT, UPDATE_SEGMENT and DELETE_SEGMENT; reading needs only a login', async () => {
    const cookie = await sessionCookieFor(t, await seedPerson(t, { username: 'seg-viewer' }));
    const { body: segment } = await admin.post('/api/admin/segments', { name: 'perm', constraints: [] }).expect(201);
    const create = await t.http().post('/api/admin/segments').set('Cookie', cookie).send({ name: 'x', constraints: [] }).expect(403);
    expect(create.body).toEqual({
      id: ERROR_ID,
      name: 'NoAccessError',
      message:
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_SEGMENT" permission.',
    });
    expect((await t.http().put(`/api/admin/segments/${segment.id}`).set('Cookie', cookie).send({}).expect(403)).body.message).toContain(
      '"UPDATE_SEGMENT"',
    );
    expect((await t.http().delete(`/api/admin/segments/${segment.id}`).set('Cookie', cookie).expect(403)).body.message).toContain(
      '"DELETE_SEGMENT"',
    );
    await t.http().get('/api/admin/segments').set('Cookie', cookie).expect(200);
    await t.http().get('/api/admin/segments').expect(401);
  });

  it('describes the routes in the OpenAPI document', async () => {
    const doc = (await t.http().get('/docs/openapi.json').expect(200)).body;
    expect(doc.paths['/api/admin/segments'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/upsertSegmentSchema',
    );
    expect(Object.keys(doc.paths['/api/admin/segments/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(doc.paths['/api/admin/segments/{id}/strategies'].get).toBeDefined();
  });
});
