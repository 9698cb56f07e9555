import type { SeenFeature } from './metrics-batch.js';

/** A feature and when it entered a lifecycle stage. */
export interface StageEntry {
  featureName: string;
  at: Date;
}

/**
 * What SDK metrics change of features: their last-seen times and the lifecycle stages metrics move them to, in the
 * features module's tables (`flagwright_features`, `flagwright_feature_environments`, `flagwright_feature_lifecycles`). That module reads metrics
 * through this one (MetricsWriter.flushPending), so this one cannot import it: it implements this and hands it to
 * MetricsWriter at start. Each call is one batch, in the metrics write's transaction.
 */
export interface FeatureUsageRecorder {
  /** Moves the last-seen times of the features and of their environments forward to the times given. */
  markSeen(seen: SeenFeature[]): Promise<void>;
  /** Records `stage` for the active features among `entries` that have not reached it (or a later one) yet. */
  advanceLifecycle(entries: StageEntry[], stage: 'pre-live' | 'live'): Promise<string[]>;
}
