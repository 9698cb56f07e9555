import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { eventsOf } from '../helpers/events.js';
import { seedFeature, seedPerson, seedProject } from '../helpers/seeds.js';
import { strategiesUrl, UUID } from './strategies.fixtures.js';

const ERROR_ID = expect.stringMatching(UUID);
const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);

describe('context fields', () => {
  let t: TestApp;
  const as = (method: 'get' | 'post' | 'put' | 'delete', url: string, body?: unknown) => {
    const request = t.http()[method](url).set('Authorization', ADMIN_TOKEN);
    return body === undefined ? request : request.send(body as object);
  };
  const refusal = (path: string, message: string) => ({ id: ERROR_ID, name: 'ValidationError', message, details: [{ path, message }] });
  const viewerCookie = async (username: string) => sessionCookieFor(t, await seedPerson(t, { username }));

  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'cp1');
    await seedProject(t, 'cp2');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the built-in fields of the Unleash context, by sort order', async () => {
    const res = await as('get', '/api/admin/context').expect(200);
    expect(res.body.map((field: { name: string }) => field.name)).toEqual([
      'environment',
      'userId',
      'appName',
      'currentTime',
      'sessionId',
      'remoteAddress',
    ]);
    expect(res.body[1]).toEqual({
      name: 'userId',
      description: 'Allows you to constrain on userId',
      stickiness: true,
      sortOrder: 1,
      legalValues: [],
      createdAt: ISO,
      usedInFeatures: 0,
      usedInProjects: 0,
    });
  });

  it('creates a field (201 with location), reads it back and records context-field-created', async () => {
    const body = {
      name: 'tier',
      description: 'Subscription tier',
      stickiness: true,
      sortOrder: 7,
      legalValues: [{ value: 'gold', description: 'Top plan' }, { value: 'silver' }],
    };
    const res = await as('post', '/api/admin/context', body).expect(201);
    const expected = { ...body, createdAt: ISO, usedInFeatures: 0, usedInProjects: 0 };
    expect(res.body).toEqual(expected);
    expect(res.headers.location).toBe('/api/admin/context/tier');
    expect((await as('get', '/api/admin/context/tier').expect(200)).body).toEqual(res.body);
    expect((await as('get', '/api/admin/context').expect(200)).body).toContainEqual(res.body);
    const [created] = (await eventsOf(t, { type: 'context-field-created' })).filter((event) => event.data?.name === 'tier');
    expect(created).toMatchObject({ createdBy: 'init-admin-token', project: null, data: { name: 'tier', legalValues: body.legalValues } });
  });

  it('answers 409 for a taken name, built-in ones included, and 400 naming each offending property', async () => {
    await as('post', '/api/admin/context', { name: 'taken' }).expect(201);
    for (const name of ['taken', 'userId']) {
      expect((await as('post', '/api/admin/context', { name }).expect(409)).body).toEqual({
        id: ERROR_ID,
        name: 'NameExistsError',
        message: 'A context field with that name already exist',
      });
    }
    const res = await as('post', '/api/admin/context', {
      name: 'has space',
      stickiness: 'yes',
      legalValues: [{ value: 'a' }, { value: 'a' }, { value: '' }, { value: 'b', colour: 'red' }],
      extra: 1,
    }).expect(400);
    expect(res.body.details.map((detail: { path: string }) => detail.path)).toEqual([
      '/body/extra',
      '/body/name',
      '/body/stickiness',
      '/body/legalValues/1/value',
      '/body/legalValues/2/value',
      '/body/legalValues/3/colour',
    ]);
    expect((await as('post', '/api/admin/context', { name: 'p-field', project: 'nope' }).expect(400)).body).toEqual(
      refusal('/body/project', 'The `/body/project` property must be the id of an existing project, or null. You sent "nope".'),
    );
    expect((await as('get', '/api/admin/context/has%20space').expect(404)).body).toEqual({
      id: ERROR_ID,
      name: 'NotFoundError',
      message: 'Could not find context field with name has space',
    });
  });

  it('updates a field in place (replacing what the body omits) and refuses a rename', async () => {
    await as('post', '/api/admin/context', {
      name: 'region',
      description: 'Where',
      stickiness: true,
      legalValues: [{ value: 'eu' }],
    }).expect(201);
    await as('put', '/api/admin/context/region', { description: 'Region', legalValues: [{ value: 'eu' }, { value: 'us' }] }).expect(200);
    expect((await as('get', '/api/admin/context/region').expect(200)).body).toMatchObject({
      name: 'region',
      description: 'Region',
      stickiness: false,
      sortOrder: 0,
      legalValues: [{ value: 'eu' }, { value: 'us' }],
    });
    const [updated] = (await eventsOf(t, { type: 'context-field-updated' })).filter((event) => event.data?.name === 'region');
    expect(updated).toMatchObject({
      data: { description: 'Region', legalValues: [{ value: 'eu' }, { value: 'us' }] },
      preData: { description: 'Where', stickiness: true, legalValues: [{ value: 'eu' }] },
    });
    await as('put', '/api/admin/context/region', { name: 'region', description: 'Region' }).expect(200);
    expect((await as('put', '/api/admin/context/region', { name: 'area' }).expect(400)).body).toEqual(
      refusal(
        '/body/name',
        'The `/body/name` property must be the name in the URL (region): a context field cannot be renamed. You sent "area".',
      ),
    );
    expect((await as('get', '/api/admin/context/area').expect(404)).body.name).toBe('NotFoundError');
    await as('put', '/api/admin/context/nowhere', {}).expect(404);
  });

  it('adds, re-describes and removes legal values, one event each', async () => {
    await as('post', '/api/admin/context', { name: 'plan' }).expect(201);
    await as('post', '/api/admin/context/plan/legal-values', { value: 'free' }).expect(200);
    await as('post', '/api/admin/context/plan/legal-values', { value: 'pro', description: 'Paid' }).expect(200);
    await as('post', '/api/admin/context/plan/legal-values', { value: 'free', description: 'No cost' }).expect(200);
    expect((await as('get', '/api/admin/context/plan').expect(200)).body.legalValues).toEqual([
      { value: 'free', description: 'No cost' },
      { value: 'pro', description: 'Paid' },
    ]);
    await as('delete', '/api/admin/context/plan/legal-values/free').expect(200);
    expect((await as('get', '/api/admin/context/plan').expect(200)).body.legalValues).toEqual([{ value: 'pro', description: 'Paid' }]);
    expect((await eventsOf(t, { type: 'context-field-updated' })).filter((event) => event.data?.name === 'plan')).toHaveLength(4);
    expect((await as('post', '/api/admin/context/plan/legal-values', { value: '' }).expect(400)).body.details[0].path).toBe('/body/value');
    await as('post', '/api/admin/context/missing/legal-values', { value: 'x' }).expect(404);
    await as('delete', '/api/admin/context/missing/legal-values/x').expect(404);
  });

  it('checks strategy and segment constraints against the legal values, and the constraint validation says so first', async () => {
    await as('post', '/api/admin/context', { name: 'country', legalValues: [{ value: 'NO' }, { value: 'SE' }] }).expect(201);
    await seedFeature(t, 'legal-flag');
    const url = strategiesUrl('default', 'legal-flag', 'development');
    const bad = { contextName: 'country', operator: 'IN', values: ['NO', 'DK'] };
    const message =
      'The `/body/constraints/0/values/1` property is not specified as a legal value on the context field country (its legal values: "NO", "SE"). You sent "DK".';
    expect((await as('post', url, { name: 'default', constraints: [bad] }).expect(400)).body).toEqual(
      refusal('/body/constraints/0/values/1', message),
    );
    expect((await as('post', '/api/admin/segments', { name: 'legal-seg', constraints: [bad] }).expect(400)).body).toEqual(
      refusal('/body/constraints/0/values/1', message),
    );
    const single = { contextName: 'country', operator: 'NUM_EQ', value: '3' };
    expect((await as('post', '/api/admin/constraints/validate', bad).expect(400)).body).toEqual(
      refusal(
        '/body/values/1',
        'The `/body/values/1` property is not specified as a legal value on the context field country (its legal values: "NO", "SE"). You sent "DK".',
      ),
    );
    expect((await as('post', '/api/admin/constraints/validate', single).expect(400)).body.details[0].path).toBe('/body/value');
    const good = { contextName: 'country', operator: 'IN', values: ['SE'] };
    await as('post', '/api/admin/constraints/validate', good).expect(204);
    await as('post', '/api/admin/constraints/validate', { contextName: 'unknownField', operator: 'IN', values: ['x'] }).expect(204);
    const strategy = (await as('post', url, { name: 'default', constraints: [good] }).expect(200)).body;
    expect(strategy.constraints).toEqual([{ ...good, caseInsensitive: false, inverted: false }]);
    await as('put', `${url}/${strategy.id}`, { constraints: [bad] }).expect(400);
    // The same rules as a save: a constraint the body rules refuse is refused here with the same pointer.
    expect(
      (await as('post', '/api/admin/constraints/validate', { contextName: 'v', operator: 'SEMVER_EQ', value: 'v1.2.3' }).expect(400)).body,
    ).toEqual(
      refusal(
        '/body/value',
        'The `/body/value` property must be a semantic version such as 1.2.3 or 1.2.3-beta.1, with nothing before its first digit, for the SEMVER_EQ operator: the provided value is not a valid semver format. You sent "v1.2.3".',
      ),
    );
    expect(
      (await as('post', '/api/admin/constraints/validate', { contextName: 'x', operator: 'IN', values: ['a'], extra: 1 }).expect(400)).body
        .details[0].path,
    ).toBe('/body/extra');
  });

  it('counts usage, lists the strategies using a field, and refuses (409) to delete a field in use', async () => {
    await as('post', '/api/admin/context', { name: 'device' }).expect(201);
    await seedFeature(t, 'device-flag');
    await seedFeature(t, 'device-flag-2');
    const constraint = { contextName: 'device', operator: 'IN', values: ['ios'] };
    const first = (
      await as('post', strategiesUrl('default', 'device-flag', 'development'), { name: 'default', constraints: [constraint] }).expect(200)
    ).body;
    await as('post', strategiesUrl('default', 'device-flag-2', 'production'), { name: 'default', constraints: [constraint] }).expect(200);
    expect((await as('get', '/api/admin/context/device').expect(200)).body).toMatchObject({ usedInFeatures: 2, usedInProjects: 1 });
    expect((await as('get', '/api/admin/context/device/strategies').expect(200)).body).toEqual({
      strategies: [
        { id: first.id, projectId: 'default', featureName: 'device-flag', strategyName: 'default', environment: 'development' },
        { id: expect.any(String), projectId: 'default', featureName: 'device-flag-2', strategyName: 'default', environment: 'production' },
      ],
    });
    expect((await as('get', '/api/admin/context/no-such-field/strategies').expect(200)).body).toEqual({ strategies: [] });
    expect((await as('delete', '/api/admin/context/device').expect(409)).body).toEqual({
      id: ERROR_ID,
      name: 'ConflictError',
      message: 'This context field is in use by existing flags. To delete it, first remove its usage from all flags.',
    });
    // An archived flag no longer counts, as in Unleash.
    await as('delete', '/api/admin/projects/default/features/device-flag-2').expect(202);
    await as('delete', `${strategiesUrl('default', 'device-flag', 'development')}/${first.id}`).expect(200);
    expect((await as('get', '/api/admin/context/device').expect(200)).body).toMatchObject({ usedInFeatures: 0, usedInProjects: 0 });
    await as('delete', '/api/admin/context/device').expect(200);
    await as('get', '/api/admin/context/device').expect(404);
    const [deleted] = (await eventsOf(t, { type: 'context-field-deleted' })).filter((event) => event.preData?.name === 'device');
    expect(deleted).toMatchObject({ data: null, preData: { name: 'device' } });
    await as('delete', '/api/admin/context/device').expect(404);
  });

  it("keeps a project's fields under the project: listed there (and at the root with include=project), 404 elsewhere", async () => {
    const created = await as('post', '/api/admin/projects/cp1/context', { name: 'cp1-field', legalValues: [{ value: 'a' }] }).expect(201);
    expect(created.body).toEqual({
      name: 'cp1-field',
      description: null,
      stickiness: false,
      sortOrder: 0,
      legalValues: [{ value: 'a' }],
      createdAt: ISO,
      usedInFeatures: 0,
      usedInProjects: 0,
      project: 'cp1',
    });
    expect(created.headers.location).toBe('/api/admin/projects/cp1/context/cp1-field');
    const names = async (url: string) => (await as('get', url).expect(200)).body.map((field: { name: string }) => field.name);
    expect(await names('/api/admin/projects/cp1/context')).toEqual(['cp1-field']);
    expect(await names('/api/admin/projects/cp2/context')).toEqual([]);
    expect(await names('/api/admin/projects/cp1/context?include=root')).toContain('userId');
    expect(await names('/api/admin/context')).not.toContain('cp1-field');
    expect(await names('/api/admin/context?include=project')).toContain('cp1-field');
    expect((await as('get', '/api/admin/projects/cp2/context/cp1-field').expect(404)).body.message).toBe(
      'Could not find context field cp1-field in project cp2',
    );
    await as('put', '/api/admin/projects/cp2/context/cp1-field', {}).expect(404);
    await as('delete', '/api/admin/projects/cp2/context/userId').expect(404);
    await as('put', '/api/admin/projects/cp1/context/cp1-field', { description: 'Mine', legalValues: [{ value: 'a' }] }).expect(200);
    expect(
      (await as('post', '/api/admin/projects/cp1/context', { name: 'cp1-other', project: 'cp2' }).expect(400)).body.details[0].path,
    ).toBe('/body/project');
    expect((await as('post', '/api/admin/projects/nope/context', { name: 'nowhere' }).expect(404)).body.message).toBe(
      'Could not find project nope',
    );
    await as('post', '/api/admin/projects/cp1/context/cp1-field/legal-values', { value: 'b' }).expect(200);
    await as('delete', '/api/admin/projects/cp1/context/cp1-field/legal-values/a').expect(200);
    expect((await as('get', '/api/admin/projects/cp1/context/cp1-field').expect(200)).body).toMatchObject({
      description: 'Mine',
      legalValues: [{ value: 'b' }],
    });
    expect(
      (await eventsOf(t, { type: 'context-field-updated' }))
        .filter((event) => event.data?.name === 'cp1-field')
        .map((event) => event.project),
    ).toEqual(['cp1', 'cp1', 'cp1']);
    await as('delete', '/api/admin/projects/cp1/context/cp1-field').expect(200);
  });

  it('validates a name as the create would: 200, 400 naming the property, 409 when taken', async () => {
    await as('post', '/api/admin/context/validate', { name: 'fresh-name' }).expect(200);
    expect((await as('post', '/api/admin/context/validate', { name: 'userId' }).expect(409)).body.message).toBe(
      'A context field with that name already exist',
    );
    const refused = (await as('post', '/api/admin/context/validate', { name: 'no spaces' }).expect(400)).body;
    const created = (await as('post', '/api/admin/context', { name: 'no spaces' }).expect(400)).body;
    expect(refused).toEqual({ ...created, id: ERROR_ID });
    expect(refused.details[0].path).toBe('/body/name');
    await as('post', '/api/admin/projects/cp1/context/validate', { name: 'fresh-name' }).expect(200);
    expect((await as('post', '/api/admin/context/validate', {}).expect(400)).body.details[0].path).toBe('/body/name');
  });

  it('needs CREATE/UPDATE/DELETE_CONTEXT_FIELD (or UPDATE_PROJECT_CONTEXT in a project); reading needs only a login', async () => {
    const cookie = await viewerCookie('ctx-viewer');
    await as('post', '/api/admin/context', { name: 'perm-field' }).expect(201);
    expect((await t.http().post('/api/admin/context').set('Cookie', cookie).send({ name: 'x' }).expect(403)).body).toEqual({
      id: ERROR_ID,
      name: 'NoAccessError',
      message:
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_CONTEXT_FIELD" permission.',
    });
    const put = await t.http().put('/api/admin/context/perm-field').set('Cookie', cookie).send({}).expect(403);
    expect(put.body.message).toContain('"UPDATE_CONTEXT_FIELD"');
    expect((await t.http().delete('/api/admin/context/perm-field').set('Cookie', cookie).expect(403)).body.message).toContain(
      '"DELETE_CONTEXT_FIELD"',
    );
    const project = await t.http().post('/api/admin/projects/cp1/context').set('Cookie', cookie).send({ name: 'x' }).expect(403);
    expect(project.body.message).toBe(
      'You don\'t have the required permissions to perform this operation. To perform this action, you need one of the following permissions: "CREATE_CONTEXT_FIELD", "UPDATE_PROJECT_CONTEXT" of the "cp1" project.',
    );
    await t.http().get('/api/admin/context').set('Cookie', cookie).expect(200);
    await t.http().get('/api/admin/context/perm-field').set('Cookie', cookie).expect(200);
    await t.http().get('/api/admin/context').expect(401);
  });
});
