/** Evaluations of one feature during a bucket: how often it was on, off, and which variants were served. */
export interface ToggleCounts {
  yes: number;
  no: number;
  variants: Record<string, number>;
}

/** One metrics report of an SDK instance. */
export interface ClientMetrics {
  appName: string;
  instanceId: string;
  /** Honoured only for credentials without an environment of their own (users). */
  environment?: string;
  bucket: { start: Date; stop: Date; toggles: Map<string, ToggleCounts> };
}

/** An SDK instance announcing itself at start-up. */
export interface ClientRegistration {
  appName: string;
  instanceId: string;
  sdkVersion?: string;
  environment?: string;
  strategies: string[];
}

/** What Unleash Edge forwards in one request: its SDKs' registrations and their counts, each naming its environment. */
export interface BulkMetrics {
  applications: (Omit<ClientRegistration, 'strategies' | 'environment'> & { environment: string; strategies?: string[] })[];
  metrics: { featureName: string; appName: string; environment: string; timestamp: Date; counts: ToggleCounts }[];
}

/** Projects whose features a report may count: `all`, or those of a project-scoped token (others are ignored). */
export type ReportableProjects = string[] | 'all';

/** Where a report comes from: the environment it counts in and the projects whose features it may report. */
export interface MetricsSource {
  environment: string;
  projects: ReportableProjects;
  clientIp?: string;
}

/** Lifecycle stage a feature reaches when its first metrics arrive from an environment of the given type. */
export function stageReachedIn(environmentType: string): 'live' | 'pre-live' {
  return environmentType === 'production' ? 'live' : 'pre-live';
}
