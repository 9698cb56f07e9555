import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';
import type { Tag } from './tag.model.js';

/** The tags on features (`flagwright_feature_tags`). */
export abstract class FeatureTagStore {
  /** Answers false when the feature has the tag already. */
  abstract add(featureName: string, tag: Tag, createdByUserId: number, createdAt: Date): Promise<boolean>;
  /** Answers false when the feature did not have the tag. */
  abstract remove(featureName: string, tag: Tag): Promise<boolean>;
  /** Gives feature `to` every tag of feature `from`; answers them. */
  abstract copy(from: string, to: string, createdByUserId: number, createdAt: Date): Promise<Tag[]>;
}

@Injectable()
export class SqlFeatureTagStore extends FeatureTagStore {
  constructor(private readonly db: Database) {
    super();
  }

  async add(featureName: string, tag: Tag, createdByUserId: number, createdAt: Date): Promise<boolean> {
    const added = await this.db.execute(
      `INSERT INTO flagwright_feature_tags (feature_name, tag_type, tag_value, created_by_user_id, created_at)
       VALUES (:featureName, :type, :value, :createdByUserId, :createdAt) ON CONFLICT DO NOTHING`,
      { featureName, type: tag.type, value: tag.value, createdByUserId, createdAt: this.db.toTimestamp(createdAt) },
    );
    return added > 0;
  }

  async remove(featureName: string, tag: Tag): Promise<boolean> {
    const removed = await this.db.execute(
      'DELETE FROM flagwright_feature_tags WHERE feature_name = :featureName AND tag_type = :type AND tag_value = :value',
      {
        featureName,
        type: tag.type,
        value: tag.value,
      },
    );
    return removed > 0;
  }

  async copy(from: string, to: string, createdByUserId: number, createdAt: Date): Promise<Tag[]> {
    const rows = await this.db.query<{ tag_type: string; tag_value: string }>(
      `INSERT INTO flagwright_feature_tags (feature_name, tag_type, tag_value, created_by_user_id, created_at)
       SELECT :to, tag_type, tag_value, :createdByUserId, :createdAt FROM flagwright_feature_tags WHERE feature_name = :from
       ON CONFLICT DO NOTHING RETURNING tag_type, tag_value`,
      { from, to, createdByUserId, createdAt: this.db.toTimestamp(createdAt) },
    );
    return rows
      .map((row) => ({ type: row.tag_type, value: row.tag_value }))
      .sort((a, b) => compareText(a.type, b.type) || compareText(a.value, b.value));
  }
}

/** The order of `ORDER BY tag_type, tag_value` on both databases' default collation for these (URL-safe) names. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
