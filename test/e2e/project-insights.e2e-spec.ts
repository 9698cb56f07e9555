import { ROLE } from '../../src/core/access/permissions.js';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, ISO, userWithRole, UUID } from './features.fixtures.js';

describe('project overview, status and flag creators', () => {
  let t: TestApp;
  let creator: { id: number; cookie: string };
  let viewer: { id: number; cookie: string };
  const get = (path: string) => t.http().get(path).set('Cookie', viewer.cookie);
  const FEATURES = '/api/admin/projects/ins/features';

  beforeAll(async () => {
    t = await createTestApp();
    creator = await userWithRole(t, 'ins-creator', ROLE.ADMIN);
    viewer = await userWithRole(t, 'ins-viewer', ROLE.VIEWER);
    await createProject(t, 'ins', 'Insights');
    await createProject(t, 'empty');
    for (const [name, type] of [
      ['ins-a', 'release'],
      ['ins-b', 'release'],
      ['ins-c', 'experiment'],
      ['ins-d', 'operational'],
    ])
      await t.http().post(FEATURES).set('Cookie', creator.cookie).send({ name, type }).expect(201);
    await createFeature(t, 'ins', 'ins-gone');
    await admin(t).put(`${FEATURES}/ins-b`, { type: 'release', stale: true }).expect(200);
    await admin(t).delete(`${FEATURES}/ins-gone`).expect(202);
    await admin(t).post('/api/admin/segments', { name: 'ins-segment', project: 'ins', constraints: [] }).expect(201);
    await admin(t)
      .post('/api/admin/api-tokens', { tokenName: 'ins-sdk', type: 'client', environment: 'development', projects: ['ins'] })
      .expect(201);
  });
  afterAll(() => t.close());

  it('answers the overview with flag counts by type and state, health and technical debt', async () => {
    const res = await get('/api/admin/projects/ins/overview').expect(200);
    expect(res.body).toEqual({
      version: 1,
      name: 'Insights',
      description: null,
      defaultStickiness: 'default',
      mode: 'open',
      featureLimit: null,
      members: expect.any(Number),
      health: 75,
      technicalDebt: 25,
      environments: expect.any(Array),
      featureTypeCounts: [
        { type: 'experiment', count: 1 },
        { type: 'operational', count: 1 },
        { type: 'release', count: 2 },
      ],
      featureStateCounts: { active: 4, stale: 1, potentiallyStale: 0 },
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      archivedAt: null,
      onboardingStatus: { status: 'first-flag-created', feature: 'ins-a' },
    });
    const empty = await get('/api/admin/projects/empty/overview').expect(200);
    expect(empty.body).toMatchObject({
      health: 100,
      technicalDebt: 0,
      featureTypeCounts: [],
      onboardingStatus: { status: 'onboarding-started' },
    });
  });

  it('answers the status: activity, resources, health, lifecycle and stale flags', async () => {
    const res = await get('/api/admin/projects/ins/status').expect(200);
    const today = new Date().toISOString().slice(0, 10);
    const events = await admin(t).get('/api/admin/events?project=ins&limit=1000').expect(200);
    expect(res.body).toEqual({
      activityCountByDate: [{ date: today, count: events.body.totalEvents }],
      resources: { members: expect.any(Number), apiTokens: 1, segments: 1 },
      health: { current: 75 },
      technicalDebt: { current: 25 },
      lifecycleSummary: {
        initial: { averageDays: expect.any(Number), currentFlags: 4 },
        preLive: { averageDays: null, currentFlags: 0 },
        live: { averageDays: null, currentFlags: 0 },
        completed: { averageDays: null, currentFlags: 0 },
        archived: { currentFlags: 1, last30Days: 1 },
      },
      staleFlags: { total: 1 },
    });
  });

  it('lists the users who created active flags', async () => {
    expect((await get('/api/admin/projects/ins/flag-creators').expect(200)).body).toEqual([{ id: creator.id, name: 'ins-creator' }]);
    expect((await get('/api/admin/projects/empty/flag-creators').expect(200)).body).toEqual([]);
  });

  it('answers 404 for a project that does not exist, 401 and 403 as every admin route', async () => {
    for (const path of ['overview', 'status', 'flag-creators']) {
      const res = await get(`/api/admin/projects/ghost/${path}`).expect(404);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find project ghost' });
      await t.http().get(`/api/admin/projects/ins/${path}`).expect(401);
      await t.http().get(`/api/admin/projects/ins/${path}`).set('Authorization', CLIENT_TOKEN).expect(403);
    }
  });
});
