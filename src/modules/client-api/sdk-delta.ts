import type { ClientFeature, ClientSegment } from './client-features.model.js';
import type { SdkSnapshot } from './sdk-snapshot.js';

/** The events of Unleash's delta protocol (`/api/client/delta`, `/api/client/streaming`). */
export type DeltaEvent =
  | { eventId: number; type: 'hydration'; features: ClientFeature[]; segments: ClientSegment[] }
  | { eventId: number; type: 'feature-updated'; feature: ClientFeature }
  | { eventId: number; type: 'feature-removed'; featureName: string; project: string }
  | { eventId: number; type: 'segment-updated'; segment: ClientSegment }
  | { eventId: number; type: 'segment-removed'; segmentId: number };

type WithoutId<T> = T extends unknown ? Omit<T, 'eventId'> : never;
export type DeltaChange = WithoutId<Exclude<DeltaEvent, { type: 'hydration' }>>;

/**
 * What turns `before` into `after`, in an order a client can apply one by one: segments first (a feature may name a
 * new one), then features, then removed segments (no feature names them any more).
 */
export function changesBetween(before: SdkSnapshot, after: SdkSnapshot): DeltaChange[] {
  const changes: DeltaChange[] = [];
  for (const [id, json] of after.segmentJson) {
    if (before.segmentJson.get(id) !== json) changes.push({ type: 'segment-updated', segment: after.segments.get(id)! });
  }
  for (const [name, json] of after.featureJson) {
    if (before.featureJson.get(name) !== json) changes.push({ type: 'feature-updated', feature: after.features.get(name)! });
  }
  for (const [name, feature] of before.features) {
    if (!after.featureJson.has(name)) changes.push({ type: 'feature-removed', featureName: name, project: feature.project });
  }
  for (const id of before.segmentJson.keys()) {
    if (!after.segmentJson.has(id)) changes.push({ type: 'segment-removed', segmentId: id });
  }
  return changes;
}

export function hydration(snapshot: SdkSnapshot, eventId: number): DeltaEvent {
  return { eventId, type: 'hydration', features: snapshot.set.features, segments: snapshot.set.segments };
}
