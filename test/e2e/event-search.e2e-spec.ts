import { ROLE } from '../../src/core/access/permissions.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, ISO, userWithRole, UUID } from './features.fixtures.js';

const LIST_PATTERN = '^(IS|IS_ANY_OF):(.*?)(,([a-zA-Z0-9_]+))*$';
const today = () => new Date().toISOString().slice(0, 10);
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('event search and event creators', () => {
  let t: TestApp;
  let editor: { id: number; cookie: string };
  let viewer: { id: number; cookie: string };

  const search = (query: string, cookie?: string) => {
    const request = t.http().get(`/api/admin/search/events${query ? `?${query}` : ''}`);
    return cookie ? request.set('Cookie', cookie) : request.set('Authorization', ADMIN_TOKEN);
  };

  beforeAll(async () => {
    t = await createTestApp();
    editor = await userWithRole(t, 'hist-editor', ROLE.EDITOR);
    viewer = await userWithRole(t, 'hist-viewer', ROLE.VIEWER);
    await createProject(t, 'hist');
    await createFeature(t, 'hist', 'hist-a', { description: 'Checkout banner' });
    await createFeature(t, 'hist', 'hist-b', { type: 'experiment' });
    await admin(t).put('/api/admin/projects/hist/features/hist-a', { description: 'Checkout banner 100%', type: 'release' }).expect(200);
    await t.http().post('/api/admin/projects/default/features').set('Cookie', editor.cookie).send({ name: 'hist-by-editor' }).expect(201);
    await admin(t).post('/api/admin/tag-types', { name: 'hist-team' }).expect(201);
  });
  afterAll(() => t.close());

  it('keeps data and preData of every change, so a reader can diff them', async () => {
    const res = await search('feature=IS:hist-a').expect(200);
    expect(res.body).toEqual({
      total: 2,
      events: [
        {
          id: expect.any(Number),
          type: 'feature-metadata-updated',
          createdBy: 'init-admin-token',
          createdByUserId: -42,
          createdAt: expect.stringMatching(ISO),
          project: 'hist',
          featureName: 'hist-a',
          environment: null,
          data: expect.objectContaining({ name: 'hist-a', description: 'Checkout banner 100%' }),
          preData: expect.objectContaining({ name: 'hist-a', description: 'Checkout banner' }),
          tags: [],
        },
        {
          id: expect.any(Number),
          type: 'feature-created',
          createdBy: 'init-admin-token',
          createdByUserId: -42,
          createdAt: expect.stringMatching(ISO),
          project: 'hist',
          featureName: 'hist-a',
          environment: null,
          data: expect.objectContaining({ name: 'hist-a', description: 'Checkout banner' }),
          preData: null,
          tags: [],
        },
      ],
    });
    // The same events the plain audit log shows for the feature, in the same order.
    const log = await admin(t).get('/api/admin/events?feature=hist-a').expect(200);
    expect(res.body.events).toEqual(log.body.events);
  });

  it('filters by project, feature, type, creator and environment, each with IS or IS_ANY_OF', async () => {
    const names = (body: { events: { featureName: string | null; type: string }[] }) =>
      body.events.map((e) => `${e.type}:${e.featureName}`);
    expect(names((await search('project=IS:hist&type=IS:feature-created').expect(200)).body)).toEqual([
      'feature-created:hist-b',
      'feature-created:hist-a',
    ]);
    expect(names((await search('feature=IS_ANY_OF:hist-b,hist-by-editor&type=IS:feature-created').expect(200)).body)).toEqual([
      'feature-created:hist-by-editor',
      'feature-created:hist-b',
    ]);
    const byEditor = await search(`createdBy=IS:${editor.id}`).expect(200);
    expect(byEditor.body.total).toBe(byEditor.body.events.length);
    expect(new Set(byEditor.body.events.map((e: { createdBy: string }) => e.createdBy))).toEqual(new Set(['hist-editor']));
    expect(names(byEditor.body)).toContain('feature-created:hist-by-editor');
    expect((await search('createdBy=IS_ANY_OF:-42&feature=IS:hist-b').expect(200)).body.total).toBe(1);
    expect((await search('environment=IS:production&feature=IS:hist-a').expect(200)).body).toEqual({ events: [], total: 0 });
    // An empty list is no filter, as in Unleash.
    const all = await search('').expect(200);
    expect((await search('project=IS:').expect(200)).body.total).toBe(all.body.total);
  });

  it('filters by the day range, `to` included', async () => {
    const total = (await search('feature=IS:hist-a').expect(200)).body.total;
    expect((await search(`feature=IS:hist-a&from=IS:${today()}&to=IS:${today()}`).expect(200)).body.total).toBe(total);
    expect((await search(`feature=IS:hist-a&from=IS_ON_OR_AFTER:${dayAfter(-1)}`).expect(200)).body.total).toBe(total);
    expect((await search(`feature=IS:hist-a&from=IS:${dayAfter(1)}`).expect(200)).body).toEqual({ events: [], total: 0 });
    expect((await search(`feature=IS:hist-a&to=IS:${dayAfter(-1)}`).expect(200)).body).toEqual({ events: [], total: 0 });
    expect((await search(`feature=IS:hist-a&to=IS_BEFORE:${today()}`).expect(200)).body).toEqual({ events: [], total: 0 });
    expect((await search(`feature=IS:hist-a&to=IS_BEFORE:${dayAfter(1)}`).expect(200)).body.total).toBe(total);
  });

  it('finds free text in data, previous data and tags, ignoring case; % is literal', async () => {
    const checkout = await search('query=CHECKOUT%20banner').expect(200);
    expect(checkout.body.events.map((e: { type: string }) => e.type)).toEqual(['feature-metadata-updated', 'feature-created']);
    const percent = await search('query=100%25').expect(200);
    expect(percent.body.events.map((e: { type: string }) => e.type)).toEqual(['feature-metadata-updated']);
    expect((await search('query=zzz-nothing').expect(200)).body).toEqual({ events: [], total: 0 });
  });

  it('pages newest first with offset and limit; total counts every match', async () => {
    const everything = await search('limit=1000').expect(200);
    expect(everything.body.total).toBe(everything.body.events.length);
    const ids = everything.body.events.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const page = await search('offset=2&limit=3').expect(200);
    expect(page.body).toEqual({ events: everything.body.events.slice(2, 5), total: everything.body.total });
    // The default page holds 50.
    expect((await search('').expect(200)).body.events).toEqual(everything.body.events.slice(0, 50));
  });

  it('shows events without a project to admins only, as Unleash does', async () => {
    const tagType = 'type=IS:tag-type-created';
    expect((await search(tagType).expect(200)).body.total).toBe(1);
    expect((await search(tagType, editor.cookie).expect(200)).body).toEqual({ events: [], total: 0 });
    const viewed = await search('feature=IS:hist-a', viewer.cookie).expect(200);
    expect(viewed.body.total).toBe(2);
  });

  it('answers 400 naming each malformed parameter, a repeated one included', async () => {
    const res = await search('project=hist').expect(400);
    const message = `The \`/query/project\` property must match pattern "${LIST_PATTERN}". You sent "hist".`;
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'ValidationError',
      message,
      details: [{ path: '/query/project', message }],
    });
    const repeated = await search('project=IS:hist&type=IS:x&type=IS:y').expect(400);
    expect(repeated.body.details).toEqual([
      { path: '/query/type', message: 'The `/query/type` property must be a string (give the parameter once). You sent ["IS:x","IS:y"].' },
    ]);
    const rest = await search('createdBy=IS:abc&from=IS:2024-02-30&to=2024-01-01&limit=0&offset=-1').expect(400);
    expect(rest.body.details).toEqual([
      {
        path: '/query/createdBy',
        message: 'The `/query/createdBy` property must list whole numbers after the operator, e.g. "IS_ANY_OF:1,2". You sent "IS:abc".',
      },
      { path: '/query/from', message: 'The `/query/from` property must name a real calendar day (YYYY-MM-DD). You sent "IS:2024-02-30".' },
      {
        path: '/query/to',
        message: 'The `/query/to` property must match pattern "^(IS|IS_BEFORE):\\d{4}-\\d{2}-\\d{2}$". You sent "2024-01-01".',
      },
      { path: '/query/offset', message: 'The `/query/offset` property must be a whole number from 0 to 9007199254740991. You sent "-1".' },
      { path: '/query/limit', message: 'The `/query/limit` property must be a whole number from 1 to 1000. You sent "0".' },
    ]);
  });

  it('answers 401 without credentials and 403 to SDK tokens', async () => {
    for (const path of ['/api/admin/search/events', '/api/admin/event-creators']) {
      const anonymous = await t.http().get(path).expect(401);
      expect(anonymous.body).toMatchObject({ id: expect.stringMatching(UUID), name: 'AuthenticationRequired' });
      const sdk = await t.http().get(path).set('Authorization', CLIENT_TOKEN).expect(403);
      expect(sdk.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message: expect.stringContaining('expected a different token type'),
      });
    }
  });

  it('lists everyone who recorded events, once each, by id', async () => {
    const res = await t.http().get('/api/admin/event-creators').set('Cookie', viewer.cookie).expect(200);
    expect(res.body).toEqual([
      ...(res.body.some((c: { id: number }) => c.id === -1337) ? [{ id: -1337, name: 'Unleash System' }] : []),
      { id: -42, name: 'Unleash Admin Token' },
      { id: editor.id, name: 'hist-editor' },
    ]);
  });
});
