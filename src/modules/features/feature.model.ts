import { strongEtag } from '../../core/http/entity-tag.js';
import type { FeatureStrategy } from '../strategies/index.js';

/** The type of a feature created without one (the feature types themselves are the feature-types module's). */
export const DEFAULT_FEATURE_TYPE = 'release';

/** A feature's own fields (the `flagwright_features` row). */
export interface FeatureRecord {
  name: string;
  type: string;
  description: string | null;
  project: string;
  stale: boolean;
  impressionData: boolean;
  createdAt: string;
  archivedAt: string | null;
  lastSeenAt: string | null;
}

/** A feature's own settings: what PUT and PATCH change (PATCH edits exactly this document). */
export type FeatureSettings = Pick<FeatureRecord, 'name' | 'project' | 'type' | 'description' | 'stale' | 'impressionData'>;

export function featureSettingsOf(feature: FeatureRecord): FeatureSettings {
  const { name, project, type, description, stale, impressionData } = feature;
  return { name, project, type, description, stale, impressionData };
}

/**
 * A feature's ETag names the version of its settings, not of everything its GET shows: switching an environment,
 * editing a strategy or SDK traffic do not make a settings change stale (each of those has its own route and version).
 */
export function featureEtag(feature: FeatureRecord): string {
  return strongEtag(JSON.stringify(featureSettingsOf(feature)));
}

/** What events record of a feature. */
export interface FeatureMetadata {
  name: string;
  type: string;
  description: string | null;
  project: string;
  stale: boolean;
  impressionData: boolean;
  createdAt: string;
}

export function metadataOf(feature: FeatureRecord): FeatureMetadata {
  const { name, type, description, project, stale, impressionData, createdAt } = feature;
  return { name, type, description, project, stale, impressionData, createdAt };
}

export const VARIANT_WEIGHT_TYPES = ['variable', 'fix'] as const;
export const VARIANT_PAYLOAD_TYPES = ['json', 'csv', 'string', 'number'] as const;

/** A feature variant of one environment (the spec's 2.6). */
export interface FeatureVariant {
  name: string;
  weight: number;
  weightType: (typeof VARIANT_WEIGHT_TYPES)[number];
  stickiness: string;
  payload?: { type: (typeof VARIANT_PAYLOAD_TYPES)[number]; value: string };
  overrides?: { contextName: string; values: string[] }[];
}

export interface FeatureTag {
  type: string;
  value: string;
}

export const LIFECYCLE_STAGES = ['initial', 'pre-live', 'live', 'completed', 'archived'] as const;
export type LifecycleStageName = (typeof LIFECYCLE_STAGES)[number];
export const COMPLETED_STATUSES = ['kept', 'discarded'] as const;

/** One lifecycle stage a feature reached; `status` only for `completed`. */
export interface LifecycleStage {
  stage: LifecycleStageName;
  status?: string;
  enteredStageAt: string;
}

/** A feature's parent: the child is evaluated only when the parent is enabled (or, with `enabled: false`, disabled). */
export interface FeatureDependency {
  feature: string;
  enabled: boolean;
  variants: string[];
}

export interface FeatureEnvironmentView {
  name: string;
  type: string;
  enabled: boolean;
  sortOrder: number;
  strategies: FeatureStrategy[];
  variants: FeatureVariant[];
  lastSeenAt: string | null;
}

/** A feature with everything about it, as `GET …/features/{featureName}` answers. */
export interface FeatureView extends FeatureRecord {
  archived: boolean;
  favorite: boolean;
  dependencies: FeatureDependency[];
  children: string[];
  lifecycle?: LifecycleStage;
  environments: FeatureEnvironmentView[];
  /** Deprecated: the variants of every environment, merged by name. */
  variants: FeatureVariant[];
  tags: FeatureTag[];
}

/** An environment of a feature as listings show it. */
export interface FeatureEnvironmentSummary {
  name: string;
  type: string;
  enabled: boolean;
  sortOrder: number;
  variantCount: number;
  lastSeenAt: string | null;
  hasStrategies: boolean;
  hasEnabledStrategies: boolean;
}

/** A feature as the project listing shows it. */
export interface FeatureListItem extends FeatureRecord {
  favorite: boolean;
  dependencyType: 'parent' | 'child' | null;
  environments: FeatureEnvironmentSummary[];
  tags: FeatureTag[];
}

/** An archived feature as the archive lists it. */
export interface ArchivedFeature extends FeatureRecord {
  archived: true;
}
