import { SEED_TAG_TYPES, type TagType } from '../tag.model.js';
import { TagTypeStore } from '../tag-type.store.js';

/** `flagwright_tag_types` in memory, seeded with `simple` as `TagTypeSeeder` seeds it; names unique, listed by name. */
export class FakeTagTypeStore extends TagTypeStore {
  readonly rows: TagType[] = SEED_TAG_TYPES.map((tagType) => ({ ...tagType }));

  async list(): Promise<TagType[]> {
    return [...this.rows].sort((a, b) => a.name.localeCompare(b.name));
  }
  async find(name: string): Promise<TagType | undefined> {
    const row = this.rows.find((r) => r.name === name);
    return row && { ...row };
  }
  async findMany(names: string[]): Promise<TagType[]> {
    return this.rows.filter((row) => names.includes(row.name));
  }
  async insert(tagType: TagType): Promise<boolean> {
    if (this.rows.some((row) => row.name === tagType.name)) return false;
    this.rows.push({ ...tagType });
    return true;
  }
  async update(tagType: TagType): Promise<void> {
    Object.assign(
      this.rows.find((row) => row.name === tagType.name)!,
      tagType,
    );
  }
  async delete(name: string): Promise<void> {
    this.rows.splice(
      this.rows.findIndex((row) => row.name === name),
      1,
    );
  }
}
