import { ROLE } from '../../src/core/access/permissions.js';
import { PotentiallyStaleCheck } from '../../src/modules/features/potentially-stale-check.js';
import { seedPerson } from '../helpers/seeds.js';
import { adminUserToken, CLIENT_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, ISO, UUID } from './features.fixtures.js';

const DAY_MS = 86_400_000;
const LEAD = '/api/admin/projects/lead';

/**
 * A project's lead time (`getProjectDora`), insights (`getProjectInsights`) and health report
 * (`getProjectHealthReport`), the flag creators of every project (`getFlagCreators`) and the lifecycle stage count
 * (`getFeatureLifecycleStageCount`), from the events, flags, lifecycle stages and members the service keeps.
 */
describe('project lead time, insights, health report, flag creators and lifecycle counts', () => {
  let t: TestApp;
  let alice: { id: number; cookie: string };
  let bob: { id: number; cookie: string };
  let nameless: { id: number; cookie: string };
  let viewerId: number;
  let viewer: string;
  const get = (path: string) => t.http().get(path).set('Cookie', viewer);
  const person = async (fields: { username?: string; email?: string; name?: string }) => {
    const id = await seedPerson(t, { ...fields, rootRole: ROLE.ADMIN });
    return { id, cookie: await sessionCookieFor(t, id) };
  };
  const create = (who: { cookie: string }, name: string, type = 'release') =>
    t.http().post(`${LEAD}/features`).set('Cookie', who.cookie).send({ name, type }).expect(201);
  const turn = (name: string, environment: string, on: boolean) =>
    admin(t)
      .post(`${LEAD}/features/${name}/environments/${environment}/${on ? 'on' : 'off'}`)
      .expect(200);
  const eventCount = async () =>
    Number((await t.db.one<{ count: unknown }>("SELECT COUNT(*) AS count FROM flagwright_events WHERE project = 'lead'"))!.count);

  beforeAll(async () => {
    t = await createTestApp();
    viewerId = await seedPerson(t, { username: 'lead-viewer', rootRole: ROLE.VIEWER });
    alice = await person({ username: 'alice', name: 'Alice Archer', email: 'alice@example.com' });
    bob = await person({ username: 'bob', name: 'Bob' });
    nameless = await person({ email: 'Nameless@Example.com' });
    await createProject(t, 'lead', 'Lead time');
    await createProject(t, 'quiet');
    await admin(t)
      .post(`${LEAD}/access`, { roles: [ROLE.MEMBER], users: [bob.id] })
      .expect(200);
    await create(alice, 'rel-slow');
    await create(alice, 'rel-old');
    await create(nameless, 'exp-prod', 'experiment');
    await create(bob, 'rel-stale');
    // Sessions last 48 hours: the flags made after three days are made with the admin token, which has no user.
    t.clock.advance(3 * DAY_MS + 3_600_000);
    viewer = await sessionCookieFor(t, viewerId);
    await createFeature(t, 'lead', 'rel-fast');
    await createFeature(t, 'lead', 'rel-dev');
    await turn('rel-fast', 'production', true);
    await turn('rel-slow', 'production', true);
    await turn('rel-slow', 'production', false);
    await turn('rel-slow', 'production', true);
    await turn('exp-prod', 'production', true);
    await turn('rel-dev', 'development', true);
    await admin(t)
      .patch(`${LEAD}/features/rel-stale`, [{ op: 'replace', path: '/stale', value: true }])
      .expect(200);
    await admin(t).delete(`${LEAD}/features/rel-old`).expect(202);
    await admin(t).post(`${LEAD}/features/rel-fast/lifecycle/complete`, { status: 'kept' }).expect(200);
    await t
      .http()
      .post('/api/client/metrics')
      .set('Authorization', await adminUserToken(t))
      .send({
        appName: 'lead-app',
        environment: 'development',
        bucket: { start: t.clock.now(), stop: t.clock.now(), toggles: { 'rel-dev': { yes: 1 } } },
      })
      .expect(202);
  });
  afterAll(() => t.close());

  const dora = {
    projectAverage: 1.5,
    features: [
      { name: 'rel-fast', timeToProduction: 0 },
      { name: 'rel-slow', timeToProduction: 3 },
    ],
  };

  it('answers the lead time: whole days from creation to the first time on in production, of release flags', async () => {
    expect((await get(`${LEAD}/dora`).expect(200)).body).toEqual(dora);
    expect((await get('/api/admin/projects/quiet/dora').expect(200)).body).toEqual({ projectAverage: 0, features: [] });
  });

  it('answers the insights: statistics of the last 30 days, health counts, lead time, types and members', async () => {
    const events = await eventCount();
    const res = await get(`${LEAD}/insights`).expect(200);
    expect(res.body).toEqual({
      stats: {
        avgTimeToProdCurrentWindow: 1.5,
        createdCurrentWindow: 5,
        createdPastWindow: 0,
        archivedCurrentWindow: 1,
        archivedPastWindow: 0,
        projectActivityCurrentWindow: events,
        projectActivityPastWindow: 0,
        projectMembersAddedCurrentWindow: 1,
      },
      featureTypeCounts: [
        { type: 'experiment', count: 1 },
        { type: 'release', count: 4 },
      ],
      health: { rating: 80, activeCount: 4, potentiallyStaleCount: 0, staleCount: 1 },
      technicalDebt: { rating: 20, activeCount: 4, potentiallyStaleCount: 0, staleCount: 1 },
      leadTime: dora,
      members: { currentMembers: 1, change: 1 },
    });
  });

  it('answers the health report: the project, its active flags as getFeatures lists them, counts and statistics', async () => {
    const res = await get(`${LEAD}/health-report`).expect(200);
    const listed = await admin(t).get(`${LEAD}/features`).expect(200);
    expect(res.body).toEqual({
      version: 1,
      name: 'Lead time',
      description: null,
      defaultStickiness: 'default',
      mode: 'open',
      featureLimit: null,
      members: 1,
      health: 80,
      technicalDebt: 20,
      environments: [{ environment: 'development' }, { environment: 'production' }],
      features: listed.body.features,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      favorite: false,
      stats: (await get(`${LEAD}/insights`).expect(200)).body.stats,
      potentiallyStaleCount: 0,
      activeCount: 4,
      staleCount: 1,
    });
    expect(res.body.features.map((feature: { name: string }) => feature.name)).toEqual([
      'rel-slow',
      'exp-prod',
      'rel-stale',
      'rel-fast',
      'rel-dev',
    ]);
  });

  it('counts the features in each lifecycle stage, archived ones included', async () => {
    expect((await get('/api/admin/lifecycle/count').expect(200)).body).toEqual({
      initial: 1,
      preLive: 1,
      live: 2,
      completed: 1,
      archived: 1,
    });
  });

  it('lists the creators of active flags of every project, by name, a page at a time, searched by name, username or email', async () => {
    const creators = '/api/admin/flag-creators';
    const all = [
      { id: alice.id, name: 'Alice Archer' },
      { id: bob.id, name: 'Bob' },
      { id: nameless.id, name: 'Nameless@Example.com' },
    ];
    expect((await get(creators).expect(200)).body).toEqual({ total: 3, flagCreators: all });
    expect((await get(`${creators}?offset=1&limit=1`).expect(200)).body).toEqual({ total: 3, flagCreators: [all[1]] });
    expect((await get(`${creators}?q=ARCH`).expect(200)).body).toEqual({ total: 1, flagCreators: [all[0]] });
    expect((await get(`${creators}?q=nameless@`).expect(200)).body).toEqual({ total: 1, flagCreators: [all[2]] });
    expect((await get(`${creators}?q=ice@`).expect(200)).body).toEqual({ total: 0, flagCreators: [] });
    expect((await get(`${creators}?q=%20bo%20`).expect(200)).body).toEqual({ total: 1, flagCreators: [all[1]] });
    expect((await get(`${creators}?q=50%25`).expect(200)).body).toEqual({ total: 0, flagCreators: [] });
  });

  it('refuses a page size or offset that is not a whole number in range, and a parameter given twice, naming it', async () => {
    for (const [query, path, message] of [
      ['limit=0', '/query/limit', 'The `/query/limit` property must be a whole number from 1 to 10000. You sent "0".'],
      ['limit=10001', '/query/limit', 'The `/query/limit` property must be a whole number from 1 to 10000. You sent "10001".'],
      [
        'offset=-1',
        '/query/offset',
        `The \`/query/offset\` property must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}. You sent "-1".`,
      ],
      ['q=a&q=b', '/query/q', 'The `/query/q` property must be a string (give the parameter once). You sent ["a","b"].'],
    ]) {
      const res = await get(`/api/admin/flag-creators?${query}`).expect(400);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'ValidationError', message, details: [{ path, message }] });
    }
  });

  it('moves the windows with time: 40 days on, what was current is past, and the flags are potentially stale', async () => {
    const events = await eventCount();
    t.clock.advance(40 * DAY_MS);
    viewer = await sessionCookieFor(t, viewerId);
    await t.app.get(PotentiallyStaleCheck).run();
    const res = await get(`${LEAD}/insights`).expect(200);
    expect(res.body.stats).toEqual({
      avgTimeToProdCurrentWindow: 1.5,
      createdCurrentWindow: 0,
      createdPastWindow: 5,
      archivedCurrentWindow: 0,
      archivedPastWindow: 1,
      projectActivityCurrentWindow: (await eventCount()) - events,
      projectActivityPastWindow: events,
      projectMembersAddedCurrentWindow: 0,
    });
    expect(res.body.health).toEqual({ rating: 0, activeCount: 4, potentiallyStaleCount: 4, staleCount: 1 });
    expect(res.body.technicalDebt).toEqual({ rating: 100, activeCount: 4, potentiallyStaleCount: 4, staleCount: 1 });
    expect(res.body.members).toEqual({ currentMembers: 1, change: 0 });
    const report = (await get(`${LEAD}/health-report`).expect(200)).body;
    expect([report.health, report.technicalDebt, report.activeCount, report.potentiallyStaleCount, report.staleCount]).toEqual([
      0, 100, 4, 4, 1,
    ]);
  });

  it('answers 404 for a project that does not exist, 401 and 403 as every admin route', async () => {
    for (const path of ['dora', 'insights', 'health-report']) {
      const res = await get(`/api/admin/projects/ghost/${path}`).expect(404);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find project ghost' });
    }
    for (const path of [
      `${LEAD}/dora`,
      `${LEAD}/insights`,
      `${LEAD}/health-report`,
      '/api/admin/flag-creators',
      '/api/admin/lifecycle/count',
    ]) {
      expect((await t.http().get(path).expect(401)).body.name).toBe('AuthenticationRequired');
      expect((await t.http().get(path).set('Authorization', CLIENT_TOKEN).expect(403)).body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message: 'invalid token: expected a different token type for this endpoint. A client token cannot be used on the admin API.',
      });
    }
  });
});
