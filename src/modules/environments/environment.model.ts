/** An environment (development, production, …) features are switched on and off in. */
export interface Environment {
  name: string;
  type: string;
  enabled: boolean;
  sortOrder: number;
  protected: boolean;
}

/** An environment as the listing shows it, with how much uses it. */
export interface EnvironmentWithCounts extends Environment {
  /** Projects that have the environment enabled. */
  projectCount: number;
  /** API tokens scoped to the environment. */
  apiTokenCount: number;
  /** Active features switched on in the environment. */
  enabledToggleCount: number;
}

/** An environment as one project sees it. */
export interface ProjectEnvironment extends Environment {
  /** Whether the environment is enabled in the project. */
  visible: boolean;
  projectApiTokenCount: number;
  projectEnabledToggleCount: number;
}

export interface NewEnvironment {
  name: string;
  type: string;
  sortOrder: number;
  enabled: boolean;
}
