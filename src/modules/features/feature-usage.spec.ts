import type { FeatureUsageRecorder, MetricsWriter } from '../client-metrics/index.js';
import { FeatureUsage } from './feature-usage.js';
import { featureFakes } from './testing/feature-services.js';
import { FakeFeatureLifecycleStore, FakeFeatureStore } from './testing/feature-stores.fake.js';

const EARLY = new Date('2024-05-01T10:00:00.000Z');
const LATE = new Date('2024-05-01T11:00:00.000Z');

function buildUsage() {
  const { tables } = featureFakes();
  tables.addFeature('f1');
  tables.addFeature('archived', 'default', { archivedAt: '2024-02-01T00:00:00.000Z' });
  const handedOver: FeatureUsageRecorder[] = [];
  const metrics = { useFeatureUsage: (recorder: FeatureUsageRecorder) => handedOver.push(recorder) } as unknown as MetricsWriter;
  const usage = new FeatureUsage(new FakeFeatureStore(tables), new FakeFeatureLifecycleStore(tables), metrics);
  usage.onModuleInit();
  return { usage, tables, handedOver };
}

describe('FeatureUsage', () => {
  it('hands itself to MetricsWriter, and moves last-seen times of features and their environments forward only', async () => {
    const { usage, tables, handedOver } = buildUsage();
    expect(handedOver).toEqual([usage]);
    const seen = (environment: string, lastSeenAt: Date) => ({ featureName: 'f1', environment, firstSeenAt: EARLY, lastSeenAt });
    await usage.markSeen([seen('development', LATE), seen('production', EARLY)]);
    await usage.markSeen([seen('development', EARLY)]);
    expect(tables.features.get('f1')?.lastSeenAt).toBe(LATE.toISOString());
    expect(tables.environmentRow('f1', 'development')?.lastSeenAt).toBe(LATE.toISOString());
    expect(tables.environmentRow('f1', 'production')?.lastSeenAt).toBe(EARLY.toISOString());
  });

  it('advances active features that have not reached the stage or a later one, and answers them', async () => {
    const { usage, tables } = buildUsage();
    tables.addFeature('done');
    tables.lifecycle.push({ featureName: 'done', stage: 'completed', status: 'kept', at: EARLY });
    const entries = ['f1', 'archived', 'done', 'unknown'].map((featureName) => ({ featureName, at: EARLY }));
    expect(await usage.advanceLifecycle(entries, 'pre-live')).toEqual(['f1']);
    expect(await usage.advanceLifecycle(entries, 'pre-live')).toEqual([]);
    expect(await usage.advanceLifecycle([{ featureName: 'f1', at: LATE }], 'live')).toEqual(['f1']);
    expect(await usage.advanceLifecycle([{ featureName: 'f1', at: LATE }], 'pre-live')).toEqual([]);
    expect(tables.lifecycle.filter((row) => row.featureName === 'f1')).toEqual([
      { featureName: 'f1', stage: 'pre-live', status: null, at: EARLY },
      { featureName: 'f1', stage: 'live', status: null, at: LATE },
    ]);
  });
});
