import { FakeAccessReadModel } from '../../core/testing/access-read-model.fake.js';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { resolveConfig } from '../../core/config/flagwright-config.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import type { NewEvent } from '../events/event.model.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { fakeConstraintChecker } from '../context-fields/testing/context-field-read-model.fake.js';
import { FakeSegmentReadModel } from '../segments/testing/segment-read-model.fake.js';
import { FeatureStrategyService, merge, parametersFor } from './feature-strategy.service.js';
import { FakeFeatureStrategyStore } from './testing/feature-strategy-store.fake.js';
import type { StoredStrategy } from './strategy.model.js';
import type { StrategyTypeStore } from './strategy-type.store.js';

const stored = (overrides: Partial<StoredStrategy> = {}): StoredStrategy => ({
  id: 's1',
  name: 'flexibleRollout',
  title: 'Old',
  disabled: false,
  featureName: 'f1',
  sortOrder: 2,
  segments: [4],
  constraints: [{ contextName: 'a', operator: 'IN', values: ['x'], caseInsensitive: false, inverted: false }],
  variants: [],
  parameters: { rollout: '25', stickiness: 'userId', groupId: 'g' },
  projectId: 'p1',
  environment: 'production',
  ...overrides,
});

describe('merge (replace versus keep)', () => {
  it('keeps name, title, disabled, sortOrder and segments when omitted, and replaces the rest', () => {
    expect(merge(stored(), { constraints: [], parameters: {}, variants: [] }, 'default')).toEqual(
      stored({ constraints: [], parameters: { rollout: '100', stickiness: 'default', groupId: 'f1' } }),
    );
  });

  it('clears the title with null, sets segments exactly, honours sortOrder', () => {
    const next = merge(
      stored(),
      {
        name: 'default',
        title: null,
        disabled: true,
        sortOrder: 7,
        segments: [9, 3],
        constraints: [],
        parameters: { a: 'b' },
        variants: [],
      },
      'default',
    );
    expect(next).toMatchObject({ name: 'default', title: null, disabled: true, sortOrder: 7, segments: [3, 9], parameters: { a: 'b' } });
  });
});

describe('parametersFor', () => {
  it('fills flexibleRollout defaults when missing or empty', () => {
    expect(parametersFor('flexibleRollout', { stickiness: '', groupId: '' }, 'sessionId', 'f')).toEqual({
      rollout: '100',
      stickiness: 'sessionId',
      groupId: 'f',
    });
    expect(parametersFor('flexibleRollout', { rollout: '5', stickiness: 'userId', groupId: 'g', x: 'y' }, 'default', 'f')).toEqual({
      rollout: '5',
      stickiness: 'userId',
      groupId: 'g',
      x: 'y',
    });
  });

  it('leaves other types alone', () => {
    expect(parametersFor('default', {}, 'default', 'f')).toEqual({});
  });
});

describe('FeatureStrategyService.update on fakes', () => {
  const actor: Actor = { userId: 1, username: 'admin' };
  const address = { projectId: 'p1', featureName: 'f1', environment: 'production', strategyId: 's1' };
  let store: FakeFeatureStrategyStore;
  let events: NewEvent[];
  let service: FeatureStrategyService;

  beforeEach(() => {
    store = new FakeFeatureStrategyStore();
    store.strategies.push(stored());
    const recording = recordingEvents();
    events = recording.eventStore.recorded;
    const segments = new FakeSegmentReadModel();
    segments.segments.push(...[1, 3, 4, 9].map((id) => ({ id, name: `s${id}`, project: null })));
    service = new FeatureStrategyService(
      store,
      {} as StrategyTypeStore,
      segments,
      fakeConstraintChecker(),
      recording.events,
      fakeDatabase(),
      new Clock(),
      new FakeAccessReadModel(),
      resolveConfig({ session: { secret: 'unit-test-session-secret' } }),
    );
    service.useFeatureEnvironments(store);
  });

  it('writes nothing and records nothing when the body changes nothing', async () => {
    const current = stored();
    const result = await service.update(address, { constraints: current.constraints, parameters: current.parameters }, actor);
    expect(result).toMatchObject({ id: 's1', title: 'Old', segments: [4] });
    expect(store.writes).toEqual([]);
    expect(events).toEqual([]);
  });

  it('records the update with before and after, and switches the environment off when all strategies are disabled', async () => {
    await service.update(address, { disabled: true, segments: [] }, actor);
    expect(store.writes).toEqual(['update s1', 'segments s1 ']);
    expect(events.map((e) => e.type)).toEqual(['feature-strategy-update', 'feature-environment-disabled']);
    expect(events[0]).toMatchObject({
      tags: [{ type: 'simple', value: 't' }],
      project: 'p1',
      featureName: 'f1',
      environment: 'production',
      preData: { disabled: false, segments: [4] },
      data: { disabled: true, segments: [] },
    });
  });

  it('reports body problems and unknown segments together, before any 404', async () => {
    store.projectExists = false;
    await expect(service.update(address, { segments: [1, 200], title: 5 }, actor)).rejects.toMatchObject({
      name: 'ValidationError',
      details: [expect.objectContaining({ path: '/body/title' }), expect.objectContaining({ path: '/body/segments/1' })],
    });
    await expect(service.update(address, {}, actor)).rejects.toMatchObject({ name: 'NotFoundError', message: 'Could not find project p1' });
  });
});
