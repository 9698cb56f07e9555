import { Injectable } from '@nestjs/common';
import { chunks, rowValues } from '../../core/database/batch-statements.js';
import { Database } from '../../core/database/database.js';
import type { StageEntry } from '../client-metrics/index.js';
import type { LifecycleStageName } from './feature.model.js';

/** Stages at or after each stage metrics can move a feature to: a feature never moves back. */
const REACHED: Record<'pre-live' | 'live', string[]> = {
  'pre-live': ['pre-live', 'live', 'completed', 'archived'],
  live: ['live', 'completed', 'archived'],
};

/**
 * The stages a feature reached (`flagwright_feature_lifecycles`, one row per stage, stamped when entered). Rows are only ever
 * added with ON CONFLICT DO NOTHING, so a stage keeps the time it was first reached; metrics ingestion adds
 * `pre-live` and `live` the same way.
 */
export abstract class FeatureLifecycleStore {
  /** Answers whether the stage is new for the feature. */
  abstract enter(featureName: string, stage: LifecycleStageName, at: Date): Promise<boolean>;
  /** Records `completed` with its status (replacing an earlier completion). */
  abstract complete(featureName: string, status: string, at: Date): Promise<void>;
  /** Answers whether the feature had the stage. */
  abstract leave(featureName: string, stage: LifecycleStageName): Promise<boolean>;
  /** Forgets every stage (a revived feature starts over). */
  abstract reset(featureName: string): Promise<void>;
  /** Records `stage` for the active features among `entries` that have not reached it (or a later one) yet; answers them. */
  abstract advance(entries: StageEntry[], stage: 'pre-live' | 'live'): Promise<string[]>;
}

@Injectable()
export class SqlFeatureLifecycleStore extends FeatureLifecycleStore {
  constructor(private readonly db: Database) {
    super();
  }

  async enter(featureName: string, stage: LifecycleStageName, at: Date): Promise<boolean> {
    const added = await this.db.execute(
      `INSERT INTO flagwright_feature_lifecycles (feature_name, stage, status, created_at) VALUES (:featureName, :stage, NULL, :at) ON CONFLICT DO NOTHING`,
      { featureName, stage, at: this.db.toTimestamp(at) },
    );
    return added > 0;
  }

  async complete(featureName: string, status: string, at: Date): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_feature_lifecycles (feature_name, stage, status, created_at) VALUES (:featureName, 'completed', :status, :at)
       ON CONFLICT (feature_name, stage) DO UPDATE SET status = :status, created_at = :at`,
      { featureName, status, at: this.db.toTimestamp(at) },
    );
  }

  async leave(featureName: string, stage: LifecycleStageName): Promise<boolean> {
    return (
      (await this.db.execute('DELETE FROM flagwright_feature_lifecycles WHERE feature_name = :featureName AND stage = :stage', {
        featureName,
        stage,
      })) > 0
    );
  }

  async reset(featureName: string): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_feature_lifecycles WHERE feature_name = :featureName', { featureName });
  }

  async advance(entries: StageEntry[], stage: 'pre-live' | 'live'): Promise<string[]> {
    const moved: string[] = [];
    for (const chunk of chunks(entries)) {
      // Read first, so that the usual batch (nothing to move) writes nothing to feature_lifecycles.
      const behind = await this.db.query<{ name: string }>(
        `SELECT f.name FROM flagwright_features f WHERE f.name IN (:...names) AND f.archived_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM flagwright_feature_lifecycles l WHERE l.feature_name = f.name AND l.stage IN (:...reached))`,
        { names: chunk.map((entry) => entry.featureName), reached: REACHED[stage] },
      );
      if (!behind.length) continue;
      const names = new Set(behind.map((row) => row.name));
      const { values, params } = rowValues(
        chunk.filter((entry) => names.has(entry.featureName)),
        (entry) => [entry.featureName, stage, this.db.toTimestamp(entry.at)],
      );
      await this.db.execute(
        `INSERT INTO flagwright_feature_lifecycles (feature_name, stage, created_at) VALUES ${values} ON CONFLICT DO NOTHING`,
        params,
      );
      moved.push(...names);
    }
    return moved;
  }
}
