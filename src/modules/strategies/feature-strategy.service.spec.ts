import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { resolveConfig } from '../../core/config/flagwright-config.js';
import type { Database } from '../../core/database/database.js';
import type { NewEvent } from '../events/event.model.js';
import { EventService } from '../events/event.service.js';
import type { EventStore } from '../events/event.store.js';
import type { SegmentReadModel } from '../segments/segment.read-model.js';
import { FeatureStrategyService, merge, parametersFor } from './feature-strategy.service.js';
import { FeatureStrategyStore, type StrategyLocation } from './feature-strategy.store.js';
import type { StoredStrategy, StrategyAddress } from './strategy.model.js';
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

class FakeStrategyStore extends FeatureStrategyStore {
  strategies = new Map<string, StoredStrategy>();
  environmentEnabled = true;
  writes: string[] = [];
  projectExists = true;

  async locate(address: StrategyAddress): Promise<StrategyLocation> {
    return {
      projectExists: this.projectExists,
      defaultStickiness: 'default',
      featureFound: true,
      environmentFound: true,
      strategy: address.strategyId ? this.strategies.get(address.strategyId) : undefined,
      tags: [{ type: 'simple', value: 't' }],
    };
  }
  async list(): Promise<StoredStrategy[]> {
    return [...this.strategies.values()];
  }
  async insert(strategy: StoredStrategy): Promise<void> {
    this.strategies.set(strategy.id, strategy);
  }
  async update(strategy: StoredStrategy): Promise<void> {
    this.writes.push(`update ${strategy.id}`);
    this.strategies.set(strategy.id, strategy);
  }
  async replaceSegments(strategyId: string, ids: number[]): Promise<void> {
    this.writes.push(`segments ${strategyId} ${ids.join(',')}`);
  }
  async delete(strategyId: string): Promise<void> {
    this.strategies.delete(strategyId);
  }
  async setSortOrder(): Promise<void> {}
  async countIn(): Promise<{ count: number; maxSortOrder: number | null }> {
    return { count: this.strategies.size, maxSortOrder: null };
  }
  async ensureFeatureEnvironment(): Promise<void> {}
  async disableIfNoEnabledStrategy(): Promise<boolean> {
    if (!this.environmentEnabled || [...this.strategies.values()].some((s) => !s.disabled)) return false;
    this.environmentEnabled = false;
    return true;
  }
  async lockFeatureEnvironment(): Promise<void> {}
}

describe('FeatureStrategyService.update on fakes', () => {
  const actor: Actor = { userId: 1, username: 'admin' };
  const address = { projectId: 'p1', featureName: 'f1', environment: 'production', strategyId: 's1' };
  let store: FakeStrategyStore;
  let events: NewEvent[];
  let service: FeatureStrategyService;

  beforeEach(() => {
    store = new FakeStrategyStore();
    store.strategies.set('s1', stored());
    events = [];
    const eventStore = { insert: async (event: NewEvent) => void events.push(event) } as unknown as EventStore;
    const db = { transaction: <T>(work: () => Promise<T>) => work() } as unknown as Database;
    const segments = {
      findByIds: async (ids: number[]) => ids.filter((id) => id < 100).map((id) => ({ id, name: `s${id}`, project: null })),
    } as unknown as SegmentReadModel;
    service = new FeatureStrategyService(
      store,
      {} as StrategyTypeStore,
      segments,
      new EventService(eventStore, new Clock()),
      db,
      new Clock(),
      resolveConfig({ session: { secret: 'unit-test-session-secret' } }),
    );
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
