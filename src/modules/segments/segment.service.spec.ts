import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { ACTOR } from '../../core/testing/principals.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import type { Constraint } from '../../core/constraints/constraint.js';
import type { SegmentInput } from './segment.model.js';
import { SegmentService } from './segment.service.js';
import { FakeSegmentReadModel } from './testing/segment-read-model.fake.js';
import { FakeSegmentStore } from './testing/segment-store.fake.js';
import { fakeConstraintChecker } from '../context-fields/testing/context-field-read-model.fake.js';
import { testConfig } from '../../core/testing/config.js';

const CONSTRAINT: Constraint = { contextName: 'userId', operator: 'IN', values: ['1'], caseInsensitive: false, inverted: false };

/** A validated body as the controller hands it over. */
const input = (fields: Partial<SegmentInput> & { name: string }): SegmentInput => ({
  description: null,
  project: null,
  constraints: [],
  ...fields,
});

function setup() {
  const store = new FakeSegmentStore();
  const readModel = new FakeSegmentReadModel(['default', 'p1', 'p2']);
  const { events, eventStore } = recordingEvents();
  const service = new SegmentService(store, readModel, fakeConstraintChecker(), events, fakeDatabase(), new FixedClock(), testConfig());
  return { service, store, readModel, recorded: eventStore.recorded };
}

describe('SegmentService', () => {
  it('creates a segment with its creator, no usage yet and an event', async () => {
    const { service, recorded } = setup();
    const created = await service.create(input({ name: 'beta', project: 'p1', constraints: [CONSTRAINT] }), ACTOR);
    expect(created).toMatchObject({
      id: 1,
      name: 'beta',
      description: null,
      project: 'p1',
      createdBy: 'someone',
      createdAt: '2024-05-01T10:00:00.000Z',
      usedInFeatures: 0,
      usedInProjects: 0,
    });
    expect(created.constraints).toEqual([expect.objectContaining({ contextName: 'userId', operator: 'IN', values: ['1'] })]);
    expect(recorded).toEqual([
      expect.objectContaining({ type: 'segment-created', project: 'p1', data: expect.objectContaining({ id: 1 }) }),
    ]);
  });

  it('refuses an unknown project as a 400 on /body/project, then a taken name as 409', async () => {
    const { service, store } = setup();
    const error = await failure(service.create(input({ name: 'x', project: 'nowhere', constraints: [] }), ACTOR));
    expect(error).toMatchObject({
      name: 'ValidationError',
      details: [
        {
          path: '/body/project',
          message: 'The `/body/project` property must be the id of an existing project, or null. You sent "nowhere".',
        },
      ],
    });
    await service.create(input({ name: 'a', constraints: [] }), ACTOR);
    expect(await failure(service.create(input({ name: 'a', constraints: [] }), ACTOR))).toMatchObject({
      name: 'NameExistsError',
      message: 'There is already a segment named "a".',
    });
    expect(store.rows.map((row) => row.name)).toEqual(['a']);
  });

  it('refuses to limit a segment to one project while strategies of other projects use it', async () => {
    const { service, readModel, recorded } = setup();
    const { id } = await service.create(input({ name: 'a', constraints: [] }), ACTOR);
    readModel.use(id, 'p1', 'f1');
    readModel.use(id, 'p2', 'f2');
    const error = await failure(service.update(id, input({ name: 'a', project: 'p1', constraints: [] }), ACTOR));
    expect(error.details).toEqual([
      {
        path: '/body/project',
        message: 'The `/body/project` property cannot limit the segment to project p1: strategies in project(s) p2 use it.',
      },
    ]);
    expect(await service.get(id)).toMatchObject({ project: null, usedInFeatures: 2, usedInProjects: 2 });
    expect(recorded.map((event) => event.type)).toEqual(['segment-created']);
  });

  it('renames only to a free name and records before and after', async () => {
    const { service, recorded } = setup();
    const { id } = await service.create(input({ name: 'a', constraints: [] }), ACTOR);
    await service.create(input({ name: 'b', constraints: [] }), ACTOR);
    expect((await failure(service.update(id, input({ name: 'b', constraints: [] }), ACTOR))).name).toBe('NameExistsError');
    await service.update(id, input({ name: 'c', description: 'd', constraints: [] }), ACTOR);
    expect(recorded.at(-1)).toMatchObject({
      type: 'segment-updated',
      data: { id, name: 'c', description: 'd' },
      preData: { id, name: 'a', description: null },
    });
  });

  it('deletes a segment only when no strategy uses it, and answers 404 for an unknown id', async () => {
    const { service, readModel, store } = setup();
    const { id } = await service.create(input({ name: 'a', constraints: [] }), ACTOR);
    readModel.use(id, 'p1', 'f1');
    expect((await failure(service.delete(id, ACTOR))).message).toBe(
      'Segment 1 is in use by 1 strategy; remove it from them before deleting it.',
    );
    readModel.strategiesBySegment.clear();
    await service.delete(id, ACTOR);
    expect(store.rows).toEqual([]);
    expect(await failure(service.strategiesUsing(id))).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find segment with id 1',
    });
  });
});
