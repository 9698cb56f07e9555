import { FEATURE_TYPES_CREATED } from '../../../core/database/migrations/1700000021000-feature-types.js';
import type { FeatureType } from '../feature-type.model.js';
import { FeatureTypeStore } from '../feature-type.store.js';

/** `flagwright_feature_types` in memory, holding the five types as migration 1700000021000 creates them; listed by id. */
export class FakeFeatureTypeStore extends FeatureTypeStore {
  readonly rows: FeatureType[] = FEATURE_TYPES_CREATED.map((type) => ({ ...type }));

  async list(): Promise<FeatureType[]> {
    return [...this.rows].sort((a, b) => a.id.localeCompare(b.id)).map((row) => ({ ...row }));
  }
  async findForUpdate(id: string): Promise<FeatureType | undefined> {
    const row = this.rows.find((r) => r.id === id);
    return row && { ...row };
  }
  async setLifetime(id: string, lifetimeDays: number | null): Promise<void> {
    const row = this.rows.find((r) => r.id === id);
    if (row) row.lifetimeDays = lifetimeDays;
  }
}
