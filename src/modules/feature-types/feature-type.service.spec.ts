import { failure } from '../../core/testing/failure.js';
import { FakeDatabase } from '../../core/testing/fake-database.js';
import { ACTOR } from '../../core/testing/principals.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { FeatureTypeService } from './feature-type.service.js';
import { FakeFeatureTypeStore } from './testing/feature-type-store.fake.js';

function setup() {
  const store = new FakeFeatureTypeStore();
  const db = new FakeDatabase();
  const { events, eventStore } = recordingEvents();
  return { service: new FeatureTypeService(store, db.asDatabase(), events), store, db, recorded: eventStore.recorded };
}

describe('FeatureTypeService', () => {
  it('lists the five types by id with their lifetimes', async () => {
    const { service } = setup();
    expect((await service.list()).map((type) => [type.id, type.lifetimeDays])).toEqual([
      ['experiment', 40],
      ['kill-switch', null],
      ['operational', 7],
      ['permission', null],
      ['release', 40],
    ]);
  });

  it('changes a lifetime in a transaction with a feature-type-updated event; 0 is stored as null; ids are lower-cased', async () => {
    const { service, store, db, recorded } = setup();
    const release = (await store.findForUpdate('release'))!;
    expect(await service.setLifetime('Release', 12, ACTOR)).toEqual({ ...release, lifetimeDays: 12 });
    expect(await service.setLifetime('release', 0, ACTOR)).toEqual({ ...release, lifetimeDays: null });
    expect((await store.findForUpdate('release'))?.lifetimeDays).toBeNull();
    expect(db.transactionsOpened).toBe(2);
    expect(recorded).toEqual([
      { type: 'feature-type-updated', actor: ACTOR, data: { ...release, lifetimeDays: 12 }, preData: release },
      { type: 'feature-type-updated', actor: ACTOR, data: { ...release, lifetimeDays: null }, preData: { ...release, lifetimeDays: 12 } },
    ]);
  });

  it("answers 404 in Unleash's words for an unknown type, recording nothing", async () => {
    const { service, recorded } = setup();
    expect(await failure(service.setLifetime('ghost', 3, ACTOR))).toMatchObject({
      name: 'NotFoundError',
      message: 'The feature type you tried to update ("ghost") does not exist.',
    });
    expect(recorded).toEqual([]);
  });
});
