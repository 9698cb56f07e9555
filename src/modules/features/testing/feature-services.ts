import { FakeAccessReadModel } from '../../../core/testing/access-read-model.fake.js';
import type { FlagwrightConfig } from '../../../core/config/flagwright-config.js';
import { testConfig } from '../../../core/testing/config.js';
import { recordingEvents } from '../../events/testing/event-store.fake.js';
import { FixedClock } from '../../../core/testing/fixed-clock.js';
import { FakeDatabase } from '../../../core/testing/fake-database.js';
import { fakeConstraintChecker } from '../../context-fields/testing/context-field-read-model.fake.js';
import { FakeSegmentReadModel } from '../../segments/testing/segment-read-model.fake.js';
import { FeatureStrategyService } from '../../strategies/index.js';
import { FakeFeatureStrategyStore } from '../../strategies/testing/feature-strategy-store.fake.js';
import { FakeStrategyTypeStore } from '../../strategies/testing/strategy-type-store.fake.js';
import { FeatureTypeService } from '../../feature-types/index.js';
import { FakeFeatureTypeStore } from '../../feature-types/testing/feature-type-store.fake.js';
import { FeatureEvents } from '../feature-events.js';
import { FeatureLookup } from '../feature-lookup.js';
import { FeatureService } from '../feature.service.js';
import { FakeFeatureReadModel } from './feature-read-model.fake.js';
import { FakeFeatureTables } from './feature-tables.fake.js';
import { FakeFeatureDependencyStore, FakeFeatureLifecycleStore, FakeFeatureStore } from './feature-stores.fake.js';

/**
 * What every service of the features module stands on, in memory: the tables, the read model over them, the real
 * FeatureLookup and FeatureEvents (over `eventService`, recording into a FakeEventStore), a FakeDatabase and a
 * FixedClock.
 */
export function featureFakes() {
  const tables = new FakeFeatureTables();
  const readModel = new FakeFeatureReadModel(tables);
  const { events, eventStore } = recordingEvents();
  const db = new FakeDatabase();
  return {
    tables,
    readModel,
    lookup: new FeatureLookup(readModel),
    eventService: events,
    events: new FeatureEvents(events, readModel),
    recorded: eventStore.recorded,
    db,
    clock: new FixedClock(),
  };
}

/** The real FeatureService over the fakes (feature types from `featureTypes`); `store` is its FakeFeatureStore. */
export function fakeFeatureService(fakes: ReturnType<typeof featureFakes>, featureTypes = new FakeFeatureTypeStore()) {
  const store = new FakeFeatureStore(fakes.tables);
  const service = new FeatureService(
    store,
    fakes.readModel,
    fakes.lookup,
    new FakeFeatureLifecycleStore(fakes.tables),
    new FakeFeatureDependencyStore(fakes.tables),
    fakes.events,
    fakes.db.asDatabase(),
    fakes.clock,
    new FeatureTypeService(featureTypes, fakes.db.asDatabase(), fakes.eventService),
  );
  return { service, store };
}

/**
 * The real FeatureStrategyService the features module adds and enables strategies through, over a
 * FakeFeatureStrategyStore writing the tables' strategies; `store` is that fake.
 */
export function fakeFeatureStrategyService(fakes: ReturnType<typeof featureFakes>, config: FlagwrightConfig = testConfig()) {
  const store = new FakeFeatureStrategyStore(fakes.tables.strategies);
  const service = new FeatureStrategyService(
    store,
    new FakeStrategyTypeStore(),
    new FakeSegmentReadModel(),
    fakeConstraintChecker(),
    fakes.eventService,
    fakes.db.asDatabase(),
    fakes.clock,
    new FakeAccessReadModel(),
    config,
  );
  return { service, store };
}
