import type { Tag } from '../tag.model.js';
import { TagStore } from '../tag.store.js';

/** `flagwright_tags` in memory. */
export class FakeTagStore extends TagStore {
  readonly tags: Tag[] = [];

  async list(type?: string): Promise<Tag[]> {
    return this.tags
      .filter((tag) => type === undefined || tag.type === type)
      .sort((a, b) => a.type.localeCompare(b.type) || a.value.localeCompare(b.value))
      .map((tag) => ({ ...tag }));
  }
  async exists(tag: Tag): Promise<boolean> {
    return this.tags.some((t) => t.type === tag.type && t.value === tag.value);
  }
  async insertMissing(tags: Tag[]): Promise<Tag[]> {
    const created: Tag[] = [];
    for (const tag of tags)
      if (!(await this.exists(tag))) {
        this.tags.push({ type: tag.type, value: tag.value });
        created.push({ type: tag.type, value: tag.value });
      }
    return created;
  }
  async delete(tag: Tag): Promise<boolean> {
    const index = this.tags.findIndex((t) => t.type === tag.type && t.value === tag.value);
    if (index < 0) return false;
    this.tags.splice(index, 1);
    return true;
  }
}
