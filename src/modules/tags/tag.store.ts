import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';
import type { Tag } from './tag.model.js';

/** The tag values that exist (`flagwright_tags`), whether or not a feature has them. */
export abstract class TagStore {
  /** Every tag value, by type then value; of one type when given. */
  abstract list(type?: string): Promise<Tag[]>;
  abstract exists(tag: Tag): Promise<boolean>;
  /** Creates the tag values missing; answers those it created. */
  abstract insertMissing(tags: Tag[], createdAt: Date): Promise<Tag[]>;
  /** Deletes the tag value and takes it off every feature; answers false when there was no such value. */
  abstract delete(tag: Tag): Promise<boolean>;
}

@Injectable()
export class SqlTagStore extends TagStore {
  constructor(private readonly db: Database) {
    super();
  }

  async list(type?: string): Promise<Tag[]> {
    return type === undefined
      ? this.db.query<Tag>('SELECT type, value FROM flagwright_tags ORDER BY type, value')
      : this.db.query<Tag>('SELECT type, value FROM flagwright_tags WHERE type = :type ORDER BY value', { type });
  }

  async exists(tag: Tag): Promise<boolean> {
    return Boolean(await this.db.one('SELECT type FROM flagwright_tags WHERE type = :type AND value = :value', { ...tag }));
  }

  async insertMissing(tags: Tag[], createdAt: Date): Promise<Tag[]> {
    const created: Tag[] = [];
    for (const tag of tags) {
      const rows = await this.db.query(
        'INSERT INTO flagwright_tags (type, value, created_at) VALUES (:type, :value, :createdAt) ON CONFLICT DO NOTHING RETURNING type',
        { type: tag.type, value: tag.value, createdAt: this.db.toTimestamp(createdAt) },
      );
      if (rows.length > 0) created.push({ type: tag.type, value: tag.value });
    }
    return created;
  }

  async delete(tag: Tag): Promise<boolean> {
    await this.db.submit('DELETE FROM flagwright_feature_tags WHERE tag_type = :type AND tag_value = :value', { ...tag });
    return (await this.db.execute('DELETE FROM flagwright_tags WHERE type = :type AND value = :value', { ...tag })) > 0;
  }
}
