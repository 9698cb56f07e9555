import { failure } from '../../core/testing/failure.js';
import { FakeDatabase } from '../../core/testing/fake-database.js';
import { ACTOR } from '../../core/testing/principals.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { TagTypeService } from './tag-type.service.js';
import { FakeTagTypeStore } from './testing/tag-type-store.fake.js';

function setup() {
  const store = new FakeTagTypeStore();
  const db = new FakeDatabase();
  const { events, eventStore } = recordingEvents();
  return { service: new TagTypeService(store, db.asDatabase(), events, new FixedClock()), store, db, recorded: eventStore.recorded };
}

describe('TagTypeService', () => {
  it('creates a type with null for the fields not given, in a transaction, with its event', async () => {
    const { service, store, db, recorded } = setup();
    expect(await service.create({ name: 'team', color: '#fff' }, ACTOR)).toEqual({
      name: 'team',
      description: null,
      icon: null,
      color: '#fff',
    });
    expect(await store.find('team')).toEqual({ name: 'team', description: null, icon: null, color: '#fff' });
    expect(db.transactionsOpened).toBe(1);
    expect(recorded).toEqual([
      { type: 'tag-type-created', actor: ACTOR, data: { name: 'team', description: null, icon: null, color: '#fff' } },
    ]);
  });

  it('answers 409 for a taken name, both when validating and when creating', async () => {
    const { service, recorded } = setup();
    expect(await failure(service.validate({ name: 'simple' }))).toMatchObject({
      name: 'NameExistsError',
      message: 'There is already a tag type called simple',
    });
    expect((await failure(service.create({ name: 'simple' }, ACTOR))).name).toBe('NameExistsError');
    expect(await service.validate({ name: 'free' })).toEqual({ name: 'free', description: null, icon: null, color: null });
    expect(recorded).toEqual([]);
  });

  it('updates only the fields given (null clears one) and records before and after', async () => {
    const { service, recorded } = setup();
    await service.create({ name: 'team', description: 'd', icon: 'i', color: 'c' }, ACTOR);
    const after = await service.update('team', { description: null, color: 'red' }, ACTOR);
    expect(after).toEqual({ name: 'team', description: null, icon: 'i', color: 'red' });
    expect(recorded.at(-1)).toMatchObject({
      type: 'tag-type-updated',
      data: after,
      preData: { name: 'team', description: 'd', icon: 'i', color: 'c' },
    });
  });

  it('deletes a type with its event, and answers 404 for an unknown one', async () => {
    const { service, store, recorded } = setup();
    await service.delete('simple', ACTOR);
    expect(store.rows).toEqual([]);
    expect(recorded.map((event) => event.type)).toEqual(['tag-type-deleted']);
    expect(await failure(service.get('simple'))).toMatchObject({ name: 'NotFoundError', message: 'Could not find tag type simple' });
    expect((await failure(service.update('nope', {}, ACTOR))).message).toBe('Could not find tag type nope');
  });
});
