import { ROLE } from '../../src/core/access/permissions.js';
import { seedProjectAssignment, seedProjectRole } from '../helpers/seeds.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { eventsOf } from '../helpers/events.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';

/** A strategy's segments by the strategy's id: read (getSegmentsByStrategyId) and set (updateFeatureStrategySegments). */
describe('segments of a strategy', () => {
  let t: TestApp;
  let strategyId: string;
  let segmentIds: number[];
  let foreignSegment: number;
  const strategyUrl = () => `/api/admin/projects/seg/features/shoe/environments/development/strategies/${strategyId}`;

  beforeAll(async () => {
    t = await createTestApp();
    await createProject(t, 'seg');
    await createProject(t, 'other');
    await createFeature(t, 'seg', 'shoe');
    segmentIds = [];
    for (const name of ['s-one', 's-two', 's-three']) {
      segmentIds.push((await admin(t).post('/api/admin/segments', { name, constraints: [] }).expect(201)).body.id);
    }
    foreignSegment = (await admin(t).post('/api/admin/segments', { name: 's-other', project: 'other', constraints: [] }).expect(201)).body
      .id;
    const strategy = await admin(t)
      .post('/api/admin/projects/seg/features/shoe/environments/development/strategies', { name: 'default', segments: [segmentIds[0]] })
      .expect(200);
    strategyId = strategy.body.id;
  });
  afterAll(() => t.close());

  const segmentsOf = async (id: string) => (await admin(t).get(`/api/admin/segments/strategies/${id}`).expect(200)).body;
  const setBody = (ids: number[], overrides: Record<string, unknown> = {}) => ({
    projectId: 'seg',
    environmentId: 'development',
    strategyId,
    segmentIds: ids,
    ...overrides,
  });

  describe('GET /api/admin/segments/strategies/{strategyId}', () => {
    it('lists the segments the strategy uses, as the segment list shows them (200)', async () => {
      const all = (await admin(t).get('/api/admin/segments').expect(200)).body.segments as { id: number }[];
      expect(await segmentsOf(strategyId)).toEqual({ segments: all.filter((segment) => segment.id === segmentIds[0]) });
      expect((await segmentsOf(strategyId)).segments[0]).toMatchObject({
        id: segmentIds[0],
        name: 's-one',
        usedInFeatures: 1,
        usedInProjects: 1,
      });
    });

    it('answers an empty list for a strategy that does not exist, as Unleash does', async () => {
      expect(await segmentsOf('no-such-strategy')).toEqual({ segments: [] });
    });

    it('is open to every signed-in caller, not to anonymous ones (401)', async () => {
      const viewer = await userWithRole(t, 'seg-reader', ROLE.VIEWER);
      await t.http().get(`/api/admin/segments/strategies/${strategyId}`).set('Cookie', viewer.cookie).expect(200);
      const res = await t.http().get(`/api/admin/segments/strategies/${strategyId}`).expect(401);
      expect(res.body.name).toBe('AuthenticationRequired');
    });
  });

  describe('POST /api/admin/segments/strategies', () => {
    it('sets exactly the segments listed (201 with the body and a location), recorded as the strategy’s update', async () => {
      const body = setBody([segmentIds[2], segmentIds[1]]);
      const res = await admin(t).post('/api/admin/segments/strategies', body).expect(201);
      expect(res.body).toEqual(body);
      expect(res.headers.location).toBe(`/api/admin/segments/strategies/${strategyId}`);
      expect((await segmentsOf(strategyId)).segments.map((s: { id: number }) => s.id)).toEqual([segmentIds[1], segmentIds[2]]);
      expect((await admin(t).get(strategyUrl()).expect(200)).body.segments).toEqual([segmentIds[1], segmentIds[2]]);
      const events = (await eventsOf(t, { feature: 'shoe' })).filter((e) => e.type === 'feature-strategy-update');
      expect(events).toEqual([
        expect.objectContaining({
          project: 'seg',
          environment: 'development',
          data: expect.objectContaining({ id: strategyId, segments: [segmentIds[1], segmentIds[2]] }),
          preData: expect.objectContaining({ id: strategyId, segments: [segmentIds[0]] }),
        }),
      ]);
    });

    it('records nothing when the segments stay the same, and removes them all with an empty list', async () => {
      await admin(t)
        .post('/api/admin/segments/strategies', setBody([segmentIds[1], segmentIds[2]]))
        .expect(201);
      const updates = async () => (await eventsOf(t, { feature: 'shoe' })).filter((e) => e.type === 'feature-strategy-update').length;
      expect(await updates()).toBe(1);
      await admin(t).post('/api/admin/segments/strategies', setBody([])).expect(201);
      expect(await segmentsOf(strategyId)).toEqual({ segments: [] });
      expect(await updates()).toBe(2);
    });

    it('answers 400 naming the property: missing fields, unknown segments, a segment of another project, over the limit', async () => {
      const missing = await admin(t).post('/api/admin/segments/strategies', { strategyId }).expect(400);
      expect(missing.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
        '/body/environmentId',
        '/body/projectId',
        '/body/segmentIds',
      ]);
      const unknown = await admin(t)
        .post('/api/admin/segments/strategies', setBody([segmentIds[0], 9999]))
        .expect(400);
      expect(unknown.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message: expect.any(String),
        details: [{ path: '/body/segmentIds/1', message: expect.stringContaining('must be the id of an existing segment') }],
      });
      const foreign = await admin(t)
        .post('/api/admin/segments/strategies', setBody([foreignSegment]))
        .expect(400);
      expect(foreign.body.details).toEqual([
        { path: '/body/segmentIds/0', message: expect.stringContaining('must be a segment usable in project seg') },
      ]);
      const tooMany = await admin(t)
        .post('/api/admin/segments/strategies', setBody([1, 2, 3, 4, 5, 6]))
        .expect(400);
      expect(tooMany.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/segmentIds']);
      expect(await segmentsOf(strategyId)).toEqual({ segments: [] });
    });

    it('answers 404 when the strategy is not in the project and environment named', async () => {
      const unknown = await admin(t)
        .post('/api/admin/segments/strategies', setBody([segmentIds[0]], { strategyId: 'ghost' }))
        .expect(404);
      expect(unknown.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'Could not find strategy ghost in environment development of project seg',
      });
      const elsewhere = await admin(t)
        .post('/api/admin/segments/strategies', setBody([segmentIds[0]], { environmentId: 'production' }))
        .expect(404);
      expect(elsewhere.body.message).toBe(`Could not find strategy ${strategyId} in environment production of project seg`);
      expect(await segmentsOf(strategyId)).toEqual({ segments: [] });
    });

    it('needs UPDATE_FEATURE_STRATEGY in the project and environment the body names (403), and credentials (401)', async () => {
      const member = await userWithRole(t, 'seg-prod-strategist', ROLE.VIEWER);
      await seedProjectAssignment(
        t,
        'seg',
        member.id,
        await seedProjectRole(t, 'prod-strategist', 'UPDATE_FEATURE_STRATEGY', 'production'),
      );
      const refused = await t
        .http()
        .post('/api/admin/segments/strategies')
        .set('Cookie', member.cookie)
        .send(setBody([segmentIds[0]]))
        .expect(403);
      expect(refused.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message:
          'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE_STRATEGY" permission in the "development" environment of the "seg" project.',
      });
      await t
        .http()
        .post('/api/admin/segments/strategies')
        .send(setBody([segmentIds[0]]))
        .expect(401);
      expect(await segmentsOf(strategyId)).toEqual({ segments: [] });
      const editor = await userWithRole(t, 'seg-editor', ROLE.EDITOR);
      await seedProjectAssignment(t, 'seg', editor.id, ROLE.MEMBER);
      await t
        .http()
        .post('/api/admin/segments/strategies')
        .set('Cookie', editor.cookie)
        .send(setBody([segmentIds[0]]))
        .expect(201);
      expect((await segmentsOf(strategyId)).segments.map((s: { id: number }) => s.id)).toEqual([segmentIds[0]]);
    });
  });
});
