import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';
import type { LifecycleStageName } from './feature.model.js';

/**
 * The stages a feature reached (`feature_lifecycles`, one row per stage, stamped when entered). Rows are only ever
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
}

@Injectable()
export class SqlFeatureLifecycleStore extends FeatureLifecycleStore {
  constructor(private readonly db: Database) {
    super();
  }

  async enter(featureName: string, stage: LifecycleStageName, at: Date): Promise<boolean> {
    const added = await this.db.execute(
      `INSERT INTO feature_lifecycles (feature_name, stage, status, created_at) VALUES (:featureName, :stage, NULL, :at) ON CONFLICT DO NOTHING`,
      { featureName, stage, at: this.db.toTimestamp(at) },
    );
    return added > 0;
  }

  async complete(featureName: string, status: string, at: Date): Promise<void> {
    await this.db.execute(
      `INSERT INTO feature_lifecycles (feature_name, stage, status, created_at) VALUES (:featureName, 'completed', :status, :at)
       ON CONFLICT (feature_name, stage) DO UPDATE SET status = :status, created_at = :at`,
      { featureName, status, at: this.db.toTimestamp(at) },
    );
  }

  async leave(featureName: string, stage: LifecycleStageName): Promise<boolean> {
    return (
      (await this.db.execute('DELETE FROM feature_lifecycles WHERE feature_name = :featureName AND stage = :stage', {
        featureName,
        stage,
      })) > 0
    );
  }

  async reset(featureName: string): Promise<void> {
    await this.db.execute('DELETE FROM feature_lifecycles WHERE feature_name = :featureName', { featureName });
  }
}
