/** One hour of a feature's evaluations by one application in one environment, as `/client-metrics/features/{name}/raw` shows it. */
export interface FeatureHourMetrics {
  featureName: string;
  appName: string;
  environment: string;
  /** The start of the hour (ISO 8601). */
  timestamp: string;
  yes: number;
  no: number;
  variants: Record<string, number>;
}

/** A feature's evaluations in one environment over the last hour. */
export interface EnvironmentUsage {
  environment: string;
  timestamp: string;
  yes: number;
  no: number;
}

/** Stored counts of one feature, application, environment and hour. */
export interface HourlyRow {
  appName: string;
  environment: string;
  hourStart: Date;
  yes: number;
  no: number;
}

export interface VariantRow {
  appName: string;
  environment: string;
  hourStart: Date;
  variant: string;
  count: number;
}

/** Where an application's features were evaluated: a project and its environments. */
export interface ApplicationUsage {
  project: string;
  environments: string[];
}

export interface Application {
  appName: string;
  description?: string;
  sdkVersion?: string;
  strategies: string[];
  url?: string;
  color?: string;
  icon?: string;
  usage: ApplicationUsage[];
}

export interface ApplicationQuery {
  /** Comma-separated terms; an application matches when its name contains any, ignoring case. */
  terms: string[];
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** One SDK instance of an application in an environment. */
export interface InstanceRow {
  appName: string;
  instanceId: string;
  environment: string;
  sdkVersion: string | null;
  clientIp: string | null;
  seenAt: Date;
}

/** Which environments an application's features were evaluated in, per project, and which features. */
export interface ApplicationFeatureRow {
  environment: string;
  project: string;
  featureName: string;
}

export interface ApplicationEnvironmentOverview {
  name: string;
  instanceCount: number;
  sdks: string[];
  frontendSdks: string[];
  backendSdks: string[];
  lastSeen: string | null;
  issues: { missingFeatures: string[]; outdatedSdks: string[] };
}

export interface ApplicationOverview {
  projects: string[];
  featureCount: number;
  environments: ApplicationEnvironmentOverview[];
  issues: { missingStrategies: string[] };
}

export interface OutdatedSdk {
  sdkVersion: string;
  applications: string[];
}

/** An application that evaluated features of a project: where, its instances there and their SDKs. */
export interface ProjectApplication {
  name: string;
  environments: string[];
  instances: string[];
  sdks: { name: string; versions: string[] }[];
}

/** A flag name SDKs reported lately that is no feature: when, by which applications, in which environments. */
export interface UnknownFlag {
  name: string;
  lastSeenAt: string;
  /** The latest event recorded about a feature of that name (one deleted since), if any. */
  lastEventAt: string | null;
  reports: { appName: string; environments: { environment: string; seenAt: string }[] }[];
}

/** One stored report of an unknown flag. */
export interface UnknownFlagRow {
  name: string;
  appName: string;
  environment: string;
  seenAt: Date;
}
