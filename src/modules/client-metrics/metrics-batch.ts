import type { MetricsSource, ReportableProjects, ToggleCounts } from './client-metrics.model.js';

const HOUR_MS = 3_600_000;
/** The longest flag or application name an unknown flag is kept with (its columns' length). */
const MAX_NAME_LENGTH = 255;

/** Evaluations of a feature by one application in one environment and hour. */
export interface HourlyCount {
  featureName: string;
  appName: string;
  environment: string;
  hourStart: Date;
  yes: number;
  no: number;
}

export interface VariantCount {
  featureName: string;
  appName: string;
  environment: string;
  hourStart: Date;
  variant: string;
  count: number;
}

/** When SDKs first and last reported a feature in an environment during the batch. */
export interface SeenFeature {
  featureName: string;
  environment: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export interface SeenApplication {
  appName: string;
  seenAt: Date;
  /** The strategies of the latest registration; absent when only metrics came. */
  strategies?: string[];
}

export interface SeenInstance {
  appName: string;
  instanceId: string;
  environment: string;
  sdkVersion?: string;
  clientIp?: string;
  seenAt: Date;
}

/** A flag name an application reported in an environment that is no feature, and when it was last reported. */
export interface UnknownFlagReport {
  name: string;
  appName: string;
  environment: string;
  seenAt: Date;
}

/** The rows a batch writes, once it is known which features exist and which environments are still there. */
export interface BatchRows {
  counts: HourlyCount[];
  variants: VariantCount[];
  seen: SeenFeature[];
  applications: SeenApplication[];
  instances: SeenInstance[];
}

/** Counts of one feature in one group, variants by name. */
interface PendingToggle {
  yes: number;
  no: number;
  variants: Map<string, number>;
  /** When it was last reported (ms). */
  last: number;
}

/** Counts reported by one application in one environment and hour, per feature. */
interface PendingGroup {
  appName: string;
  environment: string;
  hourStart: number;
  toggles: Map<string, PendingToggle>;
}

/** What reports with the same projects sent: their features are checked against those projects at write time. */
interface PendingScope {
  projects: ReportableProjects;
  groups: Map<string, PendingGroup>;
  /** Environment → feature → first and last time reported (ms). */
  seen: Map<string, Map<string, { first: number; last: number }>>;
}

/**
 * SDK traffic added up in memory between two writes: evaluation counts per feature × application × environment ×
 * hour (yes, no and variants), when each feature was first and last reported per environment, and the
 * applications and instances seen. Adding is map updates only, so a report costs no database round trip;
 * `rows()` turns the batch into what the store writes, keeping only features that exist in the reports' projects.
 */
export class MetricsBatch {
  private readonly scopes = new Map<string, PendingScope>();
  private readonly applications = new Map<string, SeenApplication>();
  private readonly instances = new Map<string, SeenInstance>();
  private entries = 0;

  /** Pending entries (feature counts, applications, instances): what a batch holds in memory grows with it. */
  get size(): number {
    return this.entries + this.applications.size + this.instances.size;
  }

  get isEmpty(): boolean {
    return this.size === 0;
  }

  /** Adds the evaluations of one report; features evaluated 0 times are not counted nor seen. */
  count(
    source: Pick<MetricsSource, 'environment' | 'projects'>,
    appName: string,
    hourStart: Date,
    toggles: Iterable<[string, ToggleCounts]>,
    at: Date,
  ): void {
    const scope = this.scopeOf(source.projects);
    const hour = Math.floor(hourStart.getTime() / HOUR_MS) * HOUR_MS;
    const time = at.getTime();
    let group: PendingGroup | undefined;
    for (const [featureName, counts] of toggles) {
      if (counts.yes + counts.no === 0) continue;
      group ??= groupOf(scope, appName, source.environment, hour);
      this.addCounts(group, featureName, counts.yes, counts.no, Object.entries(counts.variants), time);
      see(scope, source.environment, featureName, time, time);
    }
  }

  /** An application reported or registered; a registration's strategies replace the ones recorded before. */
  touchApplication(appName: string, at: Date, strategies?: string[]): void {
    const known = this.applications.get(appName);
    const latest = !known || known.seenAt <= at;
    this.applications.set(appName, {
      appName,
      seenAt: latest ? at : known.seenAt,
      strategies: (latest ? strategies : undefined) ?? known?.strategies ?? strategies,
    });
  }

  touchInstance(instance: Omit<SeenInstance, 'seenAt'>, at: Date): void {
    const key = JSON.stringify([instance.appName, instance.instanceId, instance.environment]);
    const known = this.instances.get(key);
    const latest = !known || known.seenAt <= at;
    const [newer, older] = latest ? [instance, known] : [known!, instance];
    this.instances.set(key, {
      ...instance,
      sdkVersion: newer.sdkVersion ?? older?.sdkVersion,
      clientIp: newer.clientIp ?? older?.clientIp,
      seenAt: latest ? at : known!.seenAt,
    });
  }

  /** The feature names each set of projects reported, to check which exist (and are in those projects). */
  reportedFeatures(): { projects: ReportableProjects; featureNames: string[] }[] {
    return [...this.scopes.values()].map((scope) => {
      const names = new Set<string>();
      for (const features of scope.seen.values()) for (const name of features.keys()) names.add(name);
      return { projects: scope.projects, featureNames: [...names] };
    });
  }

  /** Every environment the batch writes to. */
  environments(): string[] {
    const names = new Set<string>();
    for (const scope of this.scopes.values()) for (const environment of scope.seen.keys()) names.add(environment);
    for (const instance of this.instances.values()) names.add(instance.environment);
    return [...names];
  }

  /**
   * The rows to write: counts and last-seen times of the features `counts(projects, name)` accepts, in the
   * environments `environmentExists` accepts; reports of several scopes about one bucket are added together.
   * Rows come sorted by key, so concurrent writers lock rows in the same order.
   */
  rows(
    counts: (projects: ReportableProjects, featureName: string) => boolean,
    environmentExists: (environment: string) => boolean,
  ): BatchRows {
    const hourly = new Map<string, HourlyCount>();
    const variants = new Map<string, VariantCount>();
    const seen = new Map<string, SeenFeature>();
    for (const scope of this.scopes.values()) {
      for (const group of scope.groups.values()) {
        if (!environmentExists(group.environment)) continue;
        const hourStart = new Date(group.hourStart);
        for (const [featureName, pending] of group.toggles) {
          if (!counts(scope.projects, featureName)) continue;
          const key = sortKey(featureName, group.environment, group.hourStart, group.appName);
          const row = hourly.get(key) ?? { featureName, appName: group.appName, environment: group.environment, hourStart, yes: 0, no: 0 };
          row.yes += pending.yes;
          row.no += pending.no;
          hourly.set(key, row);
          for (const [variant, served] of pending.variants) {
            const variantKey = JSON.stringify([key, variant]);
            const variantRow = variants.get(variantKey) ?? {
              featureName,
              appName: group.appName,
              environment: group.environment,
              hourStart,
              variant,
              count: 0,
            };
            variantRow.count += served;
            variants.set(variantKey, variantRow);
          }
        }
      }
      for (const [environment, features] of scope.seen) {
        if (!environmentExists(environment)) continue;
        for (const [featureName, times] of features) {
          if (!counts(scope.projects, featureName)) continue;
          const key = sortKey(featureName, environment);
          const row = seen.get(key);
          if (!row) seen.set(key, { featureName, environment, firstSeenAt: new Date(times.first), lastSeenAt: new Date(times.last) });
          else {
            row.firstSeenAt = new Date(Math.min(row.firstSeenAt.getTime(), times.first));
            row.lastSeenAt = new Date(Math.max(row.lastSeenAt.getTime(), times.last));
          }
        }
      }
    }
    return {
      counts: sortedValues(hourly),
      variants: sortedValues(variants),
      seen: sortedValues(seen),
      applications: [...this.applications.values()].sort((a, b) => compare(a.appName, b.appName)),
      instances: sortedValues(
        new Map(
          [...this.instances.values()]
            .filter((i) => environmentExists(i.environment))
            .map((i) => [sortKey(i.appName, i.instanceId, i.environment), i]),
        ),
      ),
    };
  }

  /**
   * What each application reported in each environment `environmentExists` accepts of the names `isUnknown` accepts,
   * with when it last did, whatever the reports' projects; names or application names longer than a column holds
   * (255 characters) are left out. Sorted by name, application and environment, as writers lock rows.
   */
  unknownFlags(isUnknown: (featureName: string) => boolean, environmentExists: (environment: string) => boolean): UnknownFlagReport[] {
    const reports = new Map<string, UnknownFlagReport>();
    for (const scope of this.scopes.values()) {
      for (const group of scope.groups.values()) {
        if (!environmentExists(group.environment) || group.appName.length > MAX_NAME_LENGTH) continue;
        for (const [name, pending] of group.toggles) {
          if (name.length > MAX_NAME_LENGTH || !isUnknown(name)) continue;
          const key = sortKey(name, group.appName, group.environment);
          const known = reports.get(key);
          if (!known) reports.set(key, { name, appName: group.appName, environment: group.environment, seenAt: new Date(pending.last) });
          else if (known.seenAt.getTime() < pending.last) known.seenAt = new Date(pending.last);
        }
      }
    }
    return sortedValues(reports);
  }

  /** Takes in everything `other` holds (a batch that could not be written goes back in front of the newer one). */
  absorb(other: MetricsBatch): void {
    for (const theirs of other.scopes.values()) {
      const scope = this.scopeOf(theirs.projects);
      for (const group of theirs.groups.values()) {
        const mine = groupOf(scope, group.appName, group.environment, group.hourStart);
        for (const [featureName, t] of group.toggles) this.addCounts(mine, featureName, t.yes, t.no, t.variants, t.last);
      }
      for (const [environment, features] of theirs.seen) {
        for (const [featureName, times] of features) see(scope, environment, featureName, times.first, times.last);
      }
    }
    for (const application of other.applications.values())
      this.touchApplication(application.appName, application.seenAt, application.strategies);
    for (const instance of other.instances.values()) this.touchInstance(instance, instance.seenAt);
  }

  private addCounts(
    group: PendingGroup,
    featureName: string,
    yes: number,
    no: number,
    variants: Iterable<[string, number]>,
    at: number,
  ): void {
    let pending = group.toggles.get(featureName);
    if (!pending) {
      group.toggles.set(featureName, (pending = { yes: 0, no: 0, variants: new Map(), last: at }));
      this.entries++;
    }
    pending.last = Math.max(pending.last, at);
    pending.yes += yes;
    pending.no += no;
    for (const [variant, served] of variants) {
      if (served > 0) pending.variants.set(variant, (pending.variants.get(variant) ?? 0) + served);
    }
  }

  private scopeOf(projects: ReportableProjects): PendingScope {
    const key = projects === 'all' ? '*' : JSON.stringify([...projects].sort());
    let scope = this.scopes.get(key);
    if (!scope) this.scopes.set(key, (scope = { projects, groups: new Map(), seen: new Map() }));
    return scope;
  }
}

function groupOf(scope: PendingScope, appName: string, environment: string, hour: number): PendingGroup {
  const key = JSON.stringify([appName, environment, hour]);
  let group = scope.groups.get(key);
  if (!group) scope.groups.set(key, (group = { appName, environment, hourStart: hour, toggles: new Map() }));
  return group;
}

/** Widens the span in which the feature was reported in the environment to [first, last] (ms). */
function see(scope: PendingScope, environment: string, featureName: string, first: number, last: number): void {
  let features = scope.seen.get(environment);
  if (!features) scope.seen.set(environment, (features = new Map()));
  const times = features.get(featureName);
  if (!times) features.set(featureName, { first, last });
  else {
    times.first = Math.min(times.first, first);
    times.last = Math.max(times.last, last);
  }
}

/** A key that sorts as its parts do, one after the other. */
function sortKey(...parts: (string | number)[]): string {
  return parts.map((part) => (typeof part === 'number' ? String(part).padStart(16, '0') : part)).join('\u0000');
}

function sortedValues<T>(rows: Map<string, T>): T[] {
  return [...rows.keys()].sort(compare).map((key) => rows.get(key)!);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
