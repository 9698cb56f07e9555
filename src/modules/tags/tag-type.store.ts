import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';
import type { TagType } from './tag.model.js';

/** Tag types (`flagwright_tag_types`). Deleting a type removes its tags from every feature (the foreign key cascades). */
export abstract class TagTypeStore {
  abstract list(): Promise<TagType[]>;
  abstract find(name: string): Promise<TagType | undefined>;
  abstract findMany(names: string[]): Promise<TagType[]>;
  /** Answers false when a type of that name exists already. */
  abstract insert(tagType: TagType, createdAt: Date): Promise<boolean>;
  abstract update(tagType: TagType): Promise<void>;
  abstract delete(name: string): Promise<void>;
}

const COLUMNS = 'name, description, icon, color';

@Injectable()
export class SqlTagTypeStore extends TagTypeStore {
  constructor(private readonly db: Database) {
    super();
  }

  list(): Promise<TagType[]> {
    return this.db.query<TagType>(`SELECT ${COLUMNS} FROM flagwright_tag_types ORDER BY name`);
  }

  find(name: string): Promise<TagType | undefined> {
    return this.db.one<TagType>(`SELECT ${COLUMNS} FROM flagwright_tag_types WHERE name = :name`, { name });
  }

  async findMany(names: string[]): Promise<TagType[]> {
    if (names.length === 0) return [];
    return this.db.query<TagType>(`SELECT ${COLUMNS} FROM flagwright_tag_types WHERE name IN (:...names)`, { names });
  }

  async insert(tagType: TagType, createdAt: Date): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO flagwright_tag_types (name, description, icon, color, created_at) VALUES (:name, :description, :icon, :color, :createdAt)
       ON CONFLICT (name) DO NOTHING RETURNING name`,
      { ...tagType, createdAt: this.db.toTimestamp(createdAt) },
    );
    return rows.length > 0;
  }

  async update(tagType: TagType): Promise<void> {
    await this.db.execute('UPDATE flagwright_tag_types SET description = :description, icon = :icon, color = :color WHERE name = :name', {
      ...tagType,
    });
  }

  async delete(name: string): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_tag_types WHERE name = :name', { name });
  }
}
