/** A filter over one value of a feature: IS / IS_ANY_OF keep the listed values, IS_NOT / IS_NONE_OF drop them. */
export interface SetFilter<T = string> {
  include: boolean;
  values: T[];
}

/**
 * A filter over a list the feature has (tags, segments): `any` (INCLUDE, INCLUDE_ANY_OF), `all` (INCLUDE_ALL_OF),
 * `none` (DO_NOT_INCLUDE, EXCLUDE_IF_ANY_OF), `notAll` (EXCLUDE_ALL: excluded only when it has every one).
 */
export interface ListFilter<T> {
  mode: 'any' | 'all' | 'none' | 'notAll';
  values: T[];
}

export interface TagRef {
  type: string;
  value: string;
}

/** A date comparison at midnight UTC of the given day. */
export interface DateFilter {
  before: boolean;
  date: Date;
}

export const FEATURE_STATES = ['active', 'stale', 'potentially-stale'] as const;
export type FeatureState = (typeof FEATURE_STATES)[number];

export const LIFECYCLE_STAGES = ['initial', 'pre-live', 'live', 'completed', 'archived'] as const;

export const SORT_FIELDS = ['createdAt', 'name', 'type', 'stale', 'project', 'lastSeenAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface SearchSort {
  by: SortField | 'environment';
  /** The environment of `environment:<name>`. */
  environment?: string;
  order: 'asc' | 'desc';
}

/** A search request, validated and normalised. Every filter present is ANDed. */
export interface SearchCriteria {
  /** Literal, case-insensitive substrings of name, description or a tag (`type:value`); any one suffices. */
  terms: string[];
  project?: SetFilter;
  type?: SetFilter;
  createdBy?: SetFilter<number>;
  state?: SetFilter<FeatureState>;
  lifecycle?: SetFilter;
  tag?: ListFilter<TagRef>;
  segment?: ListFilter<string>;
  /** Environments in the given state; entries are ORed, and they trim each item's environments. */
  status: { environment: string; enabled: boolean }[];
  createdAt?: DateFilter;
  lastSeenAt?: DateFilter;
  /** true: only the caller's favorites; false: only the others. */
  favorite?: boolean;
  /** The archived view (`archived=IS:true`). */
  archived: boolean;
  sort: SearchSort;
  favoritesFirst: boolean;
  offset: number;
  limit: number;
}

/** Whose search it is: favorites belong to a user; API tokens have none. */
export interface Searcher {
  userId?: number;
}

export interface SearchEnvironment {
  name: string;
  type: string;
  enabled: boolean;
  sortOrder: number;
  variantCount: number;
  lastSeenAt: string | null;
  hasStrategies: boolean;
  hasEnabledStrategies: boolean;
  yes: number;
  no: number;
}

export interface SearchTag {
  value: string;
  type: string;
  color: string | null;
}

export interface SearchLifecycle {
  stage: string;
  status: string | null;
  enteredStageAt: string;
}

export interface SearchCreatedBy {
  id: number;
  name: string;
  imageUrl: string;
}

export interface SearchFeature {
  name: string;
  type: string;
  description: string | null;
  dependencyType: 'parent' | 'child' | null;
  archived: boolean;
  project: string;
  stale: boolean;
  favorite: boolean;
  impressionData: boolean;
  createdAt: string;
  archivedAt: string | null;
  lastSeenAt: string | null;
  environments: SearchEnvironment[];
  segments: string[];
  tags: SearchTag[];
  lifecycle?: SearchLifecycle;
  createdBy: SearchCreatedBy;
}
