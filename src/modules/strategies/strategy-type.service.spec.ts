import { STRATEGY_TYPES_GENERATION } from '../../core/database/migrations/1700000014000-strategy-types-generation.js';
import { FakeChangeWatcher } from '../../core/testing/change-watcher.fake.js';
import { failure } from '../../core/testing/failure.js';
import { FakeDatabase } from '../../core/testing/fake-database.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { ACTOR } from '../../core/testing/principals.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { StrategyTypeService } from './strategy-type.service.js';
import { FakeStrategyTypeStore } from './testing/strategy-type-store.fake.js';

const TEAM = { name: 'team', type: 'list' };
const CUSTOM = {
  name: 'byTeam',
  displayName: 'By team',
  description: null,
  editable: true,
  deprecated: false,
  parameters: [{ name: 'team', type: 'list', description: '', required: false }],
};

function buildStrategyTypes() {
  const store = new FakeStrategyTypeStore();
  const db = new FakeDatabase();
  const { events, eventStore } = recordingEvents();
  const changes = new FakeChangeWatcher();
  const service = new StrategyTypeService(store, db.asDatabase(), events, new FixedClock(), changes);
  return { service, store, db, changes, recorded: eventStore.recorded };
}

describe('StrategyTypeService', () => {
  it('answers the list from memory until the strategy_types generation moves', async () => {
    const { service, store, changes } = buildStrategyTypes();
    const listed = await service.list();
    await store.insert(CUSTOM);
    expect(await service.list()).toBe(listed);
    changes.move(STRATEGY_TYPES_GENERATION);
    expect((await service.list()).map((type) => type.name)).toEqual([...listed.map((type) => type.name), 'byTeam']);
  });

  it('creates an editable type, filling parameter descriptions and required, in a transaction with its event', async () => {
    const { service, store, db, recorded } = buildStrategyTypes();
    expect(await service.create('byTeam', { title: 'By team', parameters: [TEAM] }, ACTOR)).toEqual(CUSTOM);
    expect(await store.find('byTeam')).toEqual(CUSTOM);
    expect(db.transactionsOpened).toBe(1);
    expect(recorded).toEqual([{ type: 'strategy-created', actor: ACTOR, data: CUSTOM }]);
  });

  it("answers 409 for a taken name, a built-in's included", async () => {
    const { service, recorded } = buildStrategyTypes();
    expect(await failure(service.create('default', { parameters: [] }, ACTOR))).toMatchObject({
      name: 'NameExistsError',
      message: 'There is already a strategy type called default',
    });
    expect(recorded).toEqual([]);
  });

  it('replaces the parameters, keeps title and description when omitted and clears them with null', async () => {
    const { service, store, recorded } = buildStrategyTypes();
    await service.create('byTeam', { title: 'By team', description: 'd', parameters: [TEAM] }, ACTOR);
    await service.update('byTeam', { parameters: [{ name: 'size', type: 'number', description: 'How many', required: true }] }, ACTOR);
    expect(await store.find('byTeam')).toMatchObject({
      displayName: 'By team',
      description: 'd',
      parameters: [{ name: 'size', type: 'number', description: 'How many', required: true }],
    });
    await service.update('byTeam', { title: null, description: null, parameters: [] }, ACTOR);
    expect(recorded.at(-1)).toMatchObject({
      type: 'strategy-updated',
      data: { name: 'byTeam', displayName: null, description: null, parameters: [] },
      preData: { displayName: 'By team', description: 'd' },
    });
  });

  it('records nothing when a change changes nothing', async () => {
    const { service, recorded } = buildStrategyTypes();
    await service.create('byTeam', { title: 'By team', parameters: [TEAM] }, ACTOR);
    await service.update('byTeam', { parameters: [TEAM] }, ACTOR);
    await service.reactivate('byTeam', ACTOR);
    expect(recorded.map((event) => event.type)).toEqual(['strategy-created']);
  });

  it('refuses to change or delete a built-in type, and answers 404 for an unknown one', async () => {
    const { service, store } = buildStrategyTypes();
    expect(await failure(service.update('flexibleRollout', { parameters: [] }, ACTOR))).toMatchObject({
      name: 'ValidationError',
      message: 'Strategy type flexibleRollout is built in and cannot be changed.',
    });
    expect((await failure(service.delete('default', ACTOR))).message).toBe('Strategy type default is built in and cannot be deleted.');
    expect((await store.find('flexibleRollout'))?.parameters).toHaveLength(3);
    expect(await failure(service.get('nope'))).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find strategy type with name nope',
    });
    expect((await failure(service.delete('nope', ACTOR))).name).toBe('NotFoundError');
  });

  it('deletes a type no strategy names, and names the features using one, the first ten and how many more', async () => {
    const { service, store, recorded } = buildStrategyTypes();
    await service.create('byTeam', { parameters: [TEAM] }, ACTOR);
    store.use('byTeam', 'f1');
    expect((await failure(service.delete('byTeam', ACTOR))).message).toBe(
      'Strategy type byTeam is in use by 1 strategy of feature f1; remove them before deleting the type.',
    );
    for (let i = 2; i <= 12; i++) store.use('byTeam', `f${String(i).padStart(2, '0')}`);
    store.use('byTeam', 'f02');
    expect((await failure(service.delete('byTeam', ACTOR))).message).toBe(
      'Strategy type byTeam is in use by 13 strategies of features f02, f03, f04, f05, f06, f07, f08, f09, f1, f10 and 2 more; remove them before deleting the type.',
    );
    store.strategyFeatures.clear();
    await service.delete('byTeam', ACTOR);
    expect(await store.find('byTeam')).toBeUndefined();
    expect(recorded.at(-1)).toEqual({ type: 'strategy-deleted', actor: ACTOR, preData: { ...CUSTOM, displayName: null } });
  });

  it('deprecates and reactivates built-in and custom types with their events, but never default', async () => {
    const { service, store, recorded } = buildStrategyTypes();
    await service.deprecate('flexibleRollout', ACTOR);
    expect((await store.find('flexibleRollout'))?.deprecated).toBe(true);
    await service.reactivate('flexibleRollout', ACTOR);
    expect((await store.find('flexibleRollout'))?.deprecated).toBe(false);
    expect(recorded.map((event) => [event.type, (event.data as { deprecated: boolean }).deprecated])).toEqual([
      ['strategy-deprecated', true],
      ['strategy-reactivated', false],
    ]);
    expect(await failure(service.deprecate('default', ACTOR))).toMatchObject({
      name: 'NoAccessError',
      message: 'The default strategy type cannot be deprecated.',
    });
    expect((await failure(service.reactivate('nope', ACTOR))).message).toBe('Could not find strategy type with name nope');
  });
});
