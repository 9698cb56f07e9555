import { SYSTEM_ACTOR } from '../../core/access/principal.js';
import { testConfig } from '../../core/testing/config.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { FeatureTypeService } from '../feature-types/index.js';
import { FakeFeatureTypeStore } from '../feature-types/testing/feature-type-store.fake.js';
import { PotentiallyStaleCheck } from './potentially-stale-check.js';
import { featureFakes } from './testing/feature-services.js';
import { FakeFeatureStore } from './testing/feature-stores.fake.js';

function setup() {
  const fakes = featureFakes();
  const types = new FakeFeatureTypeStore();
  const featureTypes = new FeatureTypeService(types, fakes.db.asDatabase(), fakes.eventService);
  const clock = new FixedClock(new Date('2024-03-01T00:00:00.000Z'));
  const check = new PotentiallyStaleCheck(
    new FakeFeatureStore(fakes.tables),
    fakes.readModel,
    featureTypes,
    fakes.eventService,
    fakes.db.asDatabase(),
    clock,
    testConfig(),
  );
  return { ...fakes, types, check };
}

describe('PotentiallyStaleCheck', () => {
  it("marks the flags older than their type's lifetime once, each with a feature-potentially-stale-on event by the system", async () => {
    const { tables, check, recorded } = setup();
    // 2024-03-01 is 60 days after 2024-01-01: past release's 40 days, not kill-switch's never.
    tables.addFeature('old-release');
    tables.addFeature('old-kill-switch', 'default', { type: 'kill-switch' });
    tables.addFeature('young-release', 'other', { createdAt: '2024-02-20T00:00:00.000Z' });
    tables.addFeature('stale-already', 'default', { stale: true });
    tables.addFeature('archived', 'default', { archivedAt: '2024-02-01T00:00:00.000Z' });
    expect(await check.run()).toEqual(['old-release']);
    expect([...tables.potentiallyStale]).toEqual(['old-release']);
    expect(recorded).toEqual([
      { type: 'feature-potentially-stale-on', actor: SYSTEM_ACTOR, project: 'default', featureName: 'old-release' },
    ]);
    expect(await check.run()).toEqual([]);
    expect(recorded).toHaveLength(1);
  });

  it('unmarks, without an event, the flags a longer lifetime makes young again', async () => {
    const { tables, check, types, recorded } = setup();
    tables.addFeature('old-release');
    await check.run();
    await types.setLifetime('release', 90);
    expect(await check.run()).toEqual([]);
    expect(tables.potentiallyStale.size).toBe(0);
    expect(recorded).toHaveLength(1);
  });
});
