import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type FeatureUsageRecorder, MetricsWriter, type SeenFeature, type StageEntry } from '../client-metrics/index.js';
import { FeatureLifecycleStore } from './feature-lifecycle.store.js';
import { FeatureStore } from './feature.store.js';

/**
 * What SDK metrics change of features (last-seen times, the `pre-live` and `live` stages), written here because this
 * module owns those tables; MetricsWriter calls it with each batch, in the batch's transaction.
 */
@Injectable()
export class FeatureUsage implements FeatureUsageRecorder, OnModuleInit {
  constructor(
    private readonly features: FeatureStore,
    private readonly lifecycle: FeatureLifecycleStore,
    private readonly metrics: MetricsWriter,
  ) {}

  onModuleInit(): void {
    this.metrics.useFeatureUsage(this);
  }

  markSeen(seen: SeenFeature[]): Promise<void> {
    return this.features.markSeen(seen);
  }

  advanceLifecycle(entries: StageEntry[], stage: 'pre-live' | 'live'): Promise<string[]> {
    return this.lifecycle.advance(entries, stage);
  }
}
