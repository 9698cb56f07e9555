/** A flag type, as `GET /api/admin/feature-types` shows it. */
export interface FeatureType {
  id: string;
  name: string;
  description: string;
  /** Days until a flag of the type is potentially stale; null: never. */
  lifetimeDays: number | null;
}
