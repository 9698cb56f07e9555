import type { FakeFeatureTables } from '../../features/testing/feature-tables.fake.js';
import { FeatureTagStore } from '../feature-tag.store.js';
import type { Tag } from '../tag.model.js';

/** `flagwright_feature_tags` in the features' FakeFeatureTables, so the feature read model sees the tags written here. */
export class FakeFeatureTagStore extends FeatureTagStore {
  readonly createdBy = new Map<string, number>();

  constructor(private readonly tables: FakeFeatureTables) {
    super();
  }

  async add(featureName: string, tag: Tag, createdByUserId: number): Promise<boolean> {
    const tags = this.tables.tags.get(featureName) ?? [];
    if (tags.some((t) => t.type === tag.type && t.value === tag.value)) return false;
    this.tables.tags.set(featureName, [...tags, { type: tag.type, value: tag.value }]);
    this.createdBy.set(`${featureName}|${tag.type}:${tag.value}`, createdByUserId);
    return true;
  }

  async remove(featureName: string, tag: Tag): Promise<boolean> {
    const tags = this.tables.tags.get(featureName) ?? [];
    const kept = tags.filter((t) => t.type !== tag.type || t.value !== tag.value);
    this.tables.tags.set(featureName, kept);
    return kept.length < tags.length;
  }

  async copy(from: string, to: string, createdByUserId: number): Promise<Tag[]> {
    const copied: Tag[] = [];
    for (const tag of this.tables.tags.get(from) ?? []) if (await this.add(to, tag, createdByUserId)) copied.push({ ...tag });
    return copied;
  }
}
