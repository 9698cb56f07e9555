import { failure } from '../../core/testing/failure.js';
import { ACTOR } from '../../core/testing/principals.js';
import { FeatureLifecycleService } from './feature-lifecycle.service.js';
import { featureFakes } from './testing/feature-services.js';
import { FakeFeatureLifecycleStore } from './testing/feature-stores.fake.js';

function buildLifecycle() {
  const fakes = featureFakes();
  fakes.tables.addFeature('f1');
  fakes.tables.addFeature('archived', 'default', { archivedAt: '2024-02-01T00:00:00.000Z' });
  const store = new FakeFeatureLifecycleStore(fakes.tables);
  const service = new FeatureLifecycleService(store, fakes.readModel, fakes.lookup, fakes.events, fakes.db.asDatabase(), fakes.clock);
  return { service, store, ...fakes };
}

describe('FeatureLifecycleService', () => {
  it('completes a feature with its status, in a transaction with an event saying whether it is kept', async () => {
    const { service, tables, db, recorded, clock } = buildLifecycle();
    await service.complete('default', 'f1', { status: 'kept', statusValue: 'variant-a' }, ACTOR);
    expect(tables.lifecycle).toEqual([{ featureName: 'f1', stage: 'completed', status: 'kept', at: clock.now() }]);
    expect(db.transactionsOpened).toBe(1);
    expect(recorded).toEqual([
      {
        type: 'feature-completed',
        actor: ACTOR,
        project: 'default',
        featureName: 'f1',
        data: { status: 'kept', statusValue: 'variant-a', kept: true },
        tags: [],
      },
    ]);
  });

  it('records nothing when completed again with the same status and no value, and replaces another status', async () => {
    const { service, tables, recorded } = buildLifecycle();
    await service.complete('default', 'f1', { status: 'kept' }, ACTOR);
    await service.complete('default', 'f1', { status: 'kept' }, ACTOR);
    await service.complete('default', 'f1', { status: 'discarded' }, ACTOR);
    expect(tables.stagesOf('f1')).toEqual(['completed:discarded']);
    expect(recorded.map((event) => event.data)).toEqual([
      { status: 'kept', kept: true },
      { status: 'discarded', kept: false },
    ]);
  });

  it('uncompletes a completed feature with an event, and records nothing for one that was not completed', async () => {
    const { service, tables, recorded } = buildLifecycle();
    await service.uncomplete('default', 'f1', ACTOR);
    expect(recorded).toEqual([]);
    await service.complete('default', 'f1', { status: 'kept' }, ACTOR);
    await service.uncomplete('default', 'f1', ACTOR);
    expect(tables.stagesOf('f1')).toEqual([]);
    expect(recorded.at(-1)).toEqual({ type: 'feature-uncompleted', actor: ACTOR, project: 'default', featureName: 'f1', tags: [] });
  });

  it("lists an archived feature's stages, but refuses to change them", async () => {
    const { service, store, clock } = buildLifecycle();
    await store.enter('archived', 'initial', clock.now());
    await store.enter('archived', 'archived', clock.now());
    expect(await service.stages('default', 'archived')).toEqual([
      { stage: 'initial', enteredStageAt: '2024-05-01T10:00:00.000Z' },
      { stage: 'archived', enteredStageAt: '2024-05-01T10:00:00.000Z' },
    ]);
    expect(await failure(service.complete('default', 'archived', { status: 'kept' }, ACTOR))).toMatchObject({
      name: 'ValidationError',
      message: 'Cannot perform this operation on archived features: archived is archived. Revive it first.',
    });
    expect((await failure(service.uncomplete('default', 'archived', ACTOR))).name).toBe('ValidationError');
    expect((await failure(service.stages('default', 'nope'))).message).toBe('Could not find feature nope in project default');
  });
});
