/** A project: the unit features, their environments and project roles belong to. */
export interface Project {
  id: string;
  name: string;
  description: string | null;
  defaultStickiness: string;
  createdAt: string;
  updatedAt: string | null;
}

/** Projects are always open here (Unleash's protected/private modes are Enterprise features). */
export const PROJECT_MODE = 'open';

/** A project as listings show it. */
export interface ProjectSummary extends Project {
  mode: typeof PROJECT_MODE;
  /** Active (not archived) features. */
  featureCount: number;
  /** Users holding a project role, directly or through a group. */
  memberCount: number;
  /** Percentage of active features that are neither stale nor potentially stale (100 with no features). */
  health: number;
}

/** One project with the environments it uses. */
export interface ProjectOverview extends ProjectSummary {
  environments: { environment: string }[];
}

export interface NewProject {
  id: string;
  name: string;
  description: string | null;
  defaultStickiness: string;
}

export interface ProjectChanges {
  name: string;
  description?: string | null;
  defaultStickiness?: string;
}
