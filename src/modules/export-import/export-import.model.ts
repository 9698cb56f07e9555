import type { FeatureVariant } from '../features/index.js';
import type { FeatureStrategy } from '../strategies/index.js';

/** A feature as an export lists it: Unleash's feature without its dates. */
export interface ExportedFeature {
  name: string;
  description: string | null;
  type: string;
  project: string;
  stale: boolean;
  impressionData: boolean;
  archived: boolean;
}

/** A feature's state and variants in the exported environment; `name` repeats the feature's, as Unleash writes it. */
export interface ExportedFeatureEnvironment {
  enabled: boolean;
  featureName: string;
  environment: string;
  variants: FeatureVariant[];
  name: string;
}

export interface ExportedFeatureTag {
  featureName: string;
  tagType: string;
  tagValue: string;
  createdByUserId: number | null;
}

export interface ExportedTagType {
  name: string;
  description: string | null;
  icon: string | null;
  color: string | null;
}

export interface ExportedContextField {
  name: string;
  description: string | null;
  stickiness: boolean;
  sortOrder: number;
  legalValues: { value: string; description?: string }[];
  project?: string;
}

export interface ExportedDependency {
  feature: string;
  dependencies: { feature: string; enabled: boolean; variants: string[] }[];
}

/** `exportResultSchema`: everything the exported features need, from one environment. */
export interface ExportResult {
  features: ExportedFeature[];
  featureStrategies: FeatureStrategy[];
  featureEnvironments: ExportedFeatureEnvironment[];
  contextFields: ExportedContextField[];
  featureTags: ExportedFeatureTag[];
  segments: { id: number; name: string }[];
  tagTypes: ExportedTagType[];
  dependencies: ExportedDependency[];
}

/** What an export selects: named features, or the features with a tag value, or a project's, or all active ones. */
export interface ExportQuery {
  environment: string;
  features?: string[];
  tag?: string;
  project?: string;
}

export type KnownContextField = ExportedContextField;

export interface KnownSegment {
  id: number;
  name: string;
  project: string | null;
}

export interface KnownStrategyType {
  name: string;
  editable: boolean;
}

/** One finding of an import's validation: Unleash's message and the names it concerns. */
export interface ImportFinding {
  message: string;
  affectedItems: string[];
}

/** `importTogglesValidateSchema`. */
export interface ImportValidation {
  errors: ImportFinding[];
  warnings: ImportFinding[];
  permissions: ImportFinding[];
}
