import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { eventsOf, lastEventOf } from '../helpers/events.js';
import { admin, createFeature, createProject, ISO } from './features.fixtures.js';

describe('feature lifecycle', () => {
  let t: TestApp;
  const url = (feature: string) => `/api/admin/projects/p1/features/${feature}/lifecycle`;
  beforeAll(async () => {
    t = await createTestApp();
    await createProject(t, 'p1');
  });
  afterAll(async () => {
    await t.close();
  });

  it('records initial on creation, live on the first switch-on in production, then archived', async () => {
    await createFeature(t, 'p1', 'life');
    const initial = await admin(t).get(url('life')).expect(200);
    expect(initial.body).toEqual([{ stage: 'initial', enteredStageAt: expect.stringMatching(ISO) }]);

    t.clock.advance(60_000);
    await admin(t).post('/api/admin/projects/p1/features/life/environments/development/on').expect(200);
    expect((await admin(t).get(url('life')).expect(200)).body.map((s: { stage: string }) => s.stage)).toEqual(['initial']);
    await admin(t).post('/api/admin/projects/p1/features/life/environments/production/on').expect(200);
    await admin(t).post('/api/admin/projects/p1/features/life/environments/production/off').expect(200);
    t.clock.advance(60_000);
    await admin(t).post('/api/admin/projects/p1/features/life/environments/production/on').expect(200);
    const live = await admin(t).get(url('life')).expect(200);
    expect(live.body.map((s: { stage: string }) => s.stage)).toEqual(['initial', 'live']);
    expect(Date.parse(live.body[1].enteredStageAt) - Date.parse(live.body[0].enteredStageAt)).toBeGreaterThanOrEqual(60_000);
    expect((await admin(t).get('/api/admin/projects/p1/features/life').expect(200)).body.lifecycle).toEqual({
      stage: 'live',
      enteredStageAt: live.body[1].enteredStageAt,
    });

    await admin(t).delete('/api/admin/projects/p1/features/life').expect(202);
    const archived = await admin(t).get(url('life')).expect(200);
    expect(archived.body.map((s: { stage: string }) => s.stage)).toEqual(['initial', 'live', 'archived']);
  });

  it('starts over at initial when a feature is revived', async () => {
    await admin(t).post('/api/admin/archive/revive/life').expect(200);
    const revived = await admin(t).get(url('life')).expect(200);
    expect(revived.body).toEqual([{ stage: 'initial', enteredStageAt: expect.stringMatching(ISO) }]);
  });

  it('completes a feature with a status, records it, and can take it back', async () => {
    await createFeature(t, 'p1', 'done');
    await admin(t)
      .post(`${url('done')}/complete`, { status: 'kept', statusValue: 'blue' })
      .expect(200);
    const completed = await admin(t).get(url('done')).expect(200);
    expect(completed.body).toEqual([
      { stage: 'initial', enteredStageAt: expect.stringMatching(ISO) },
      { stage: 'completed', status: 'kept', enteredStageAt: expect.stringMatching(ISO) },
    ]);
    const feature = await admin(t).get('/api/admin/projects/p1/features/done').expect(200);
    expect(feature.body.lifecycle).toMatchObject({ stage: 'completed', status: 'kept' });
    const event = await lastEventOf(t, { feature: 'done' });
    expect(event).toMatchObject({
      type: 'feature-completed',
      project: 'p1',
      featureName: 'done',
      data: { status: 'kept', statusValue: 'blue', kept: true },
    });

    await admin(t)
      .post(`${url('done')}/complete`, { status: 'kept' })
      .expect(200);
    expect((await eventsOf(t, { feature: 'done' })).filter((e) => e.type === 'feature-completed')).toHaveLength(1);
    await admin(t)
      .post(`${url('done')}/complete`, { status: 'discarded' })
      .expect(200);
    expect((await admin(t).get(url('done')).expect(200)).body[1]).toMatchObject({ stage: 'completed', status: 'discarded' });

    await admin(t)
      .post(`${url('done')}/uncomplete`)
      .expect(200);
    expect((await admin(t).get(url('done')).expect(200)).body.map((s: { stage: string }) => s.stage)).toEqual(['initial']);
    expect((await lastEventOf(t, { feature: 'done' })).type).toBe('feature-uncompleted');
  });

  it('refuses an invalid status and answers 404 for unknown features', async () => {
    const invalid = await admin(t)
      .post(`${url('done')}/complete`, { status: 'finished' })
      .expect(400);
    expect(invalid.body.details).toEqual([
      {
        path: '/body/status',
        message: 'The `/body/status` property must be equal to one of the allowed values: kept, discarded. You sent "finished".',
      },
    ]);
    const missing = await admin(t).get(url('nothing')).expect(404);
    expect(missing.body.message).toBe('Could not find feature nothing in project p1');
    await admin(t)
      .post(`${url('nothing')}/complete`, { status: 'kept' })
      .expect(404);
  });
});
