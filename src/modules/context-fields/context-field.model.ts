/** One value a context field accepts, with what it means. */
export interface LegalValue {
  value: string;
  description?: string;
}

/** A context field as it is stored. `project` null: a root field, usable in every project. */
export interface ContextField {
  name: string;
  description: string | null;
  stickiness: boolean;
  sortOrder: number;
  legalValues: LegalValue[];
  project: string | null;
  createdAt: string;
}

/** How many flags (not archived) and projects have strategies whose constraints name the field. */
export interface ContextFieldUsage {
  usedInFeatures: number;
  usedInProjects: number;
}

export type ContextFieldWithUsage = ContextField & ContextFieldUsage;

/** What a create asks for (a validated body; project from the URL or the body). */
export interface ContextFieldInput {
  name: string;
  description: string | null;
  stickiness: boolean;
  sortOrder: number;
  legalValues: LegalValue[];
  project: string | null;
}

/** A strategy whose constraints name a context field, as `GET /api/admin/context/{name}/strategies` lists it. */
export interface ContextFieldStrategy {
  id: string;
  projectId: string;
  featureName: string;
  strategyName: string;
  environment: string;
}

/**
 * The fields Unleash's SDKs fill in themselves (the Unleash context's standard fields), present from the first start.
 * userId and sessionId can be used for stickiness, as in Unleash.
 */
export const BUILT_IN_CONTEXT_FIELDS: readonly Pick<ContextField, 'name' | 'description' | 'sortOrder' | 'stickiness'>[] = [
  { name: 'environment', description: 'Allows you to constrain on application environment', sortOrder: 0, stickiness: false },
  { name: 'userId', description: 'Allows you to constrain on userId', sortOrder: 1, stickiness: true },
  { name: 'appName', description: 'Allows you to constrain on application name', sortOrder: 2, stickiness: false },
  { name: 'currentTime', description: 'Allows you to constrain on date values', sortOrder: 3, stickiness: false },
  { name: 'sessionId', description: 'Allows you to constrain on sessionId', sortOrder: 4, stickiness: true },
  { name: 'remoteAddress', description: 'Allows you to constrain on remote address', sortOrder: 5, stickiness: false },
];
