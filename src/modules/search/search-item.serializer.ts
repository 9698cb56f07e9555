/**
 * How a search result item is written: `present` (the plain object, serialized with JSON.stringify) and, for the
 * hot path, `templateOf`/`fill`, which write the same JSON by joining pieces serialized once per configuration
 * (search-item.serializer.spec.ts pins the two to each other).
 */
import type { SearchCriteria, SearchEnvironment, SearchFeature } from './search.model.js';

export type ConfiguredEnvironment = Omit<SearchEnvironment, 'lastSeenAt' | 'yes' | 'no'>;

/** What a result shows that only configuration changes can change (the `flagwright_search_generation` moves with them). */
export interface ConfiguredFeature extends Omit<SearchFeature, 'favorite' | 'lastSeenAt' | 'environments'> {
  environments: ConfiguredEnvironment[];
}

/**
 * A feature's configuration serialized once, in pieces around the values each request fills in (favorite,
 * last-seen times, evaluations), so a page is written by joining strings instead of building and serializing
 * objects. Environments are pieces of their own, for `status` to leave some out.
 */
export interface Template {
  /** Before favorite, before lastSeenAt, before environments, after them. */
  parts: string[];
  /** Each: before lastSeenAt, before yes, before no, after no. */
  environments: { name: string; enabled: boolean; parts: string[] }[];
}

/** A string no configured value is (a value equal to it only makes that feature take the slow path). */
const SLOT = '\u0000search-slot\u0000';
const SLOT_JSON = JSON.stringify(SLOT);

/** What SDK traffic changes: last-seen times and the last hour's evaluations, of a feature and its environments. */
export interface FeatureActivity {
  lastSeenAt?: string;
  environments: Map<string, { lastSeenAt?: string; yes: number; no: number }>;
}

/** What each request fills in: the activity of the page's features, and which of them the caller favours. */
export interface Activity {
  seen: Map<string, FeatureActivity>;
  favorites: Set<string>;
}

/** A result item, its fields in the order of the spec; `status` trims the environments to the matching ones. */
export function present(feature: ConfiguredFeature, activity: Activity, status: SearchCriteria['status']): SearchFeature {
  const environments = status.length
    ? feature.environments.filter((e) => status.some((s) => s.environment === e.name && s.enabled === e.enabled))
    : feature.environments;
  const seen = activity.seen.get(feature.name);
  return {
    name: feature.name,
    type: feature.type,
    description: feature.description,
    dependencyType: feature.dependencyType,
    archived: feature.archived,
    project: feature.project,
    stale: feature.stale,
    favorite: activity.favorites.has(feature.name),
    impressionData: feature.impressionData,
    createdAt: feature.createdAt,
    archivedAt: feature.archivedAt,
    lastSeenAt: seen?.lastSeenAt ?? null,
    environments: environments.map((e) => {
      const environment = seen?.environments.get(e.name);
      return {
        name: e.name,
        type: e.type,
        enabled: e.enabled,
        sortOrder: e.sortOrder,
        variantCount: e.variantCount,
        lastSeenAt: environment?.lastSeenAt ?? null,
        hasStrategies: e.hasStrategies,
        hasEnabledStrategies: e.hasEnabledStrategies,
        yes: environment?.yes ?? 0,
        no: environment?.no ?? 0,
      };
    }),
    segments: feature.segments,
    tags: feature.tags,
    ...(feature.lifecycle ? { lifecycle: feature.lifecycle } : {}),
    createdBy: feature.createdBy,
  };
}

/**
 * The template of `feature`'s item, or undefined when one of its values holds SLOT (then it is serialized plainly).
 */
export function templateOf(feature: ConfiguredFeature): Template | undefined {
  const serialized = (values: Record<string, unknown>) => JSON.stringify(values).split(SLOT_JSON);
  const parts = serialized({
    ...present(feature, { seen: new Map(), favorites: new Set() }, []),
    favorite: SLOT,
    lastSeenAt: SLOT,
    environments: SLOT,
  });
  const environments = feature.environments.map((e) => ({
    name: e.name,
    enabled: e.enabled,
    parts: serialized({
      name: e.name,
      type: e.type,
      enabled: e.enabled,
      sortOrder: e.sortOrder,
      variantCount: e.variantCount,
      lastSeenAt: SLOT,
      hasStrategies: e.hasStrategies,
      hasEnabledStrategies: e.hasEnabledStrategies,
      yes: SLOT,
      no: SLOT,
    }),
  }));
  return parts.length === 4 && environments.every((e) => e.parts.length === 4) ? { parts, environments } : undefined;
}

/** The same JSON as `JSON.stringify(present(...))`, from the template. */
export function fill(template: Template, name: string, activity: Activity, status: SearchCriteria['status']): string {
  const seen = activity.seen.get(name);
  const [beforeFavorite, beforeSeen, beforeEnvironments, end] = template.parts;
  let json = beforeFavorite + activity.favorites.has(name) + beforeSeen + time(seen?.lastSeenAt) + beforeEnvironments + '[';
  let first = true;
  for (const e of template.environments) {
    if (status.length && !status.some((s) => s.environment === e.name && s.enabled === e.enabled)) continue;
    const environment = seen?.environments.get(e.name);
    json +=
      (first ? '' : ',') +
      e.parts[0] +
      time(environment?.lastSeenAt) +
      e.parts[1] +
      (environment?.yes ?? 0) +
      e.parts[2] +
      (environment?.no ?? 0) +
      e.parts[3];
    first = false;
  }
  return json + ']' + end;
}

function time(iso: string | undefined): string {
  return iso === undefined ? 'null' : `"${iso}"`;
}
