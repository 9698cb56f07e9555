import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';

/** Each user's favourite features (`flagwright_favorite_features`). */
export abstract class FavoriteStore {
  /** Answers false when it was a favourite already. */
  abstract add(userId: number, featureName: string, createdAt: Date): Promise<boolean>;
  /** Answers false when it was not a favourite. */
  abstract remove(userId: number, featureName: string): Promise<boolean>;
}

@Injectable()
export class SqlFavoriteStore extends FavoriteStore {
  constructor(private readonly db: Database) {
    super();
  }

  async add(userId: number, featureName: string, createdAt: Date): Promise<boolean> {
    const added = await this.db.execute(
      'INSERT INTO flagwright_favorite_features (user_id, feature_name, created_at) VALUES (:userId, :featureName, :createdAt) ON CONFLICT DO NOTHING',
      { userId, featureName, createdAt: this.db.toTimestamp(createdAt) },
    );
    return added > 0;
  }

  async remove(userId: number, featureName: string): Promise<boolean> {
    return (
      (await this.db.execute('DELETE FROM flagwright_favorite_features WHERE user_id = :userId AND feature_name = :featureName', {
        userId,
        featureName,
      })) > 0
    );
  }
}
