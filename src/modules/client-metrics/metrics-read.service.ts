import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { applicationNotFound, projectNotFound, tooManyHoursBack } from './client-metrics.errors.js';
import type {
  Application,
  ApplicationOverview,
  ApplicationQuery,
  EnvironmentUsage,
  FeatureHourMetrics,
  HourlyRow,
  InstanceRow,
  OutdatedSdk,
  ProjectApplication,
  UnknownFlag,
  VariantRow,
} from './metrics-read.model.js';
import { UNKNOWN_FLAGS_KEPT_MS } from './metrics-retention.js';
import { MetricsReadModel, type ProjectApplicationRow } from './metrics.read-model.js';
import { MetricsWriter } from './metrics-writer.js';
import { isFrontendSdk, isOutdatedSdk } from './outdated-sdks.js';

const HOUR_MS = 3_600_000;
/** Instances seen within this long count as running, as Unleash counts them. */
export const RECENT_INSTANCE_MS = 24 * HOUR_MS;
/** The most unknown flags listed, as Unleash lists them. */
export const MAX_UNKNOWN_FLAGS = 1000;

/**
 * What the metrics tables tell an admin: a feature's hourly series and last hour, applications, their instances and
 * SDKs. Every read first writes this instance's pending metrics, so a report made just before is shown.
 */
@Injectable()
export class MetricsReadService {
  constructor(
    private readonly reads: MetricsReadModel,
    private readonly writer: MetricsWriter,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /** The hours a series may go back: those the retention keeps. */
  get maxHoursBack(): number {
    return this.config.metricsRetentionHours;
  }

  /**
   * The feature's counts for each of the last `hoursBack` hours (the current one included), for every environment
   * and application that reported it in that time; hours without counts are zeros. Oldest first.
   */
  async featureSeries(featureName: string, hoursBack: number): Promise<FeatureHourMetrics[]> {
    if (hoursBack > this.maxHoursBack) throw tooManyHoursBack(hoursBack, this.maxHoursBack);
    await this.writer.flushPending();
    const currentHour = Math.floor(this.clock.now().getTime() / HOUR_MS) * HOUR_MS;
    const since = new Date(currentHour - (hoursBack - 1) * HOUR_MS);
    const { hours, variants } = await this.reads.featureSeriesRows(featureName, since);
    return hourlySeries(featureName, since, hoursBack, hours, variants);
  }

  /** The feature's yes/no counts per environment in the hour buckets that overlap the last 60 minutes, and who reported it. */
  async featureUsage(featureName: string): Promise<{ lastHourUsage: EnvironmentUsage[]; seenApplications: string[] }> {
    await this.writer.flushPending();
    const since = new Date(Math.floor((this.clock.now().getTime() - HOUR_MS) / HOUR_MS) * HOUR_MS);
    const [hours, seenApplications] = await Promise.all([
      this.reads.featureHours(featureName, since),
      this.reads.seenApplications(featureName),
    ]);
    return { lastHourUsage: lastHourUsage(hours), seenApplications };
  }

  async applications(query: ApplicationQuery): Promise<{ applications: Application[]; total: number }> {
    await this.writer.flushPending();
    const { applications, total } = await this.reads.applications(query);
    return { applications: applications.map(toApplication), total };
  }

  async application(appName: string): Promise<Application> {
    await this.writer.flushPending();
    const found = await this.reads.application(appName);
    if (!found) throw applicationNotFound(appName);
    return toApplication(found);
  }

  /**
   * Where an application runs: per environment its instances seen in the last 24 hours, their SDKs (outdated ones
   * named), when it was last seen; the projects and number of features it evaluated; the strategies it registered
   * that the service does not know.
   */
  async applicationOverview(appName: string): Promise<ApplicationOverview> {
    await this.writer.flushPending();
    const application = await this.reads.application(appName);
    if (!application) throw applicationNotFound(appName);
    const since = new Date(this.clock.now().getTime() - RECENT_INSTANCE_MS);
    const [features, instances, strategyTypes] = await Promise.all([
      this.reads.applicationFeatures(appName),
      this.reads.instances(appName, since),
      this.reads.strategyTypeNames(),
    ]);
    const environments = [...new Set([...features.map((row) => row.environment), ...instances.map((row) => row.environment)])].sort();
    const known = new Set(strategyTypes);
    return {
      projects: [...new Set(features.map((row) => row.project))].sort(),
      featureCount: new Set(features.map((row) => row.featureName)).size,
      environments: environments.map((name) =>
        environmentOverview(
          name,
          instances.filter((row) => row.environment === name),
        ),
      ),
      issues: { missingStrategies: application.strategies.filter((strategy) => !known.has(strategy)) },
    };
  }

  /** The application's instances in the environment seen in the last 24 hours, most recently seen first. */
  async instances(appName: string, environment: string): Promise<InstanceRow[]> {
    await this.writer.flushPending();
    return this.reads.instances(appName, new Date(this.clock.now().getTime() - RECENT_INSTANCE_MS), environment);
  }

  /**
   * The applications that evaluated features of the project in the hours kept, with their environments, instances
   * and SDKs; with terms, only the environments, instances and SDKs that match one (an application without any is
   * left out), as Unleash filters them.
   */
  async projectApplications(projectId: string, query: ApplicationQuery): Promise<{ applications: ProjectApplication[]; total: number }> {
    await this.writer.flushPending();
    if (!(await this.reads.projectExists(projectId))) throw projectNotFound(projectId);
    const terms = query.terms.map((term) => term.toLowerCase());
    const matches = (row: ProjectApplicationRow) =>
      terms.length === 0 ||
      [row.appName, row.environment, row.instanceId, row.sdkVersion].some(
        (value) => value !== null && terms.some((term) => value.toLowerCase().includes(term)),
      );
    const applications = projectApplicationsOf((await this.reads.projectApplicationInstances(projectId)).filter(matches));
    if (query.sortOrder === 'desc') applications.reverse();
    return { applications: applications.slice(query.offset, query.offset + query.limit), total: applications.length };
  }

  /** As `outdatedSdks`, for the applications that evaluated features of the project in the hours kept. */
  async outdatedProjectSdks(projectId: string): Promise<OutdatedSdk[]> {
    await this.writer.flushPending();
    if (!(await this.reads.projectExists(projectId))) throw projectNotFound(projectId);
    const inProject = new Set((await this.reads.projectApplicationInstances(projectId)).map((row) => row.appName));
    return this.outdatedAmong(inProject);
  }

  /** SDK versions older than the oldest current one of their SDK, each with the applications that use it. */
  async outdatedSdks(): Promise<OutdatedSdk[]> {
    await this.writer.flushPending();
    return this.outdatedAmong();
  }

  private async outdatedAmong(applications?: Set<string>): Promise<OutdatedSdk[]> {
    const bySdk = new Map<string, string[]>();
    for (const { appName, sdkVersion } of await this.reads.sdkVersions()) {
      if (!isOutdatedSdk(sdkVersion) || (applications && !applications.has(appName))) continue;
      (bySdk.get(sdkVersion) ?? bySdk.set(sdkVersion, []).get(sdkVersion)!).push(appName);
    }
    return [...bySdk].map(([sdkVersion, applications]) => ({ sdkVersion, applications }));
  }

  /** The names SDKs reported in the last 24 hours that are no feature, the first 1000 by name, as Unleash lists them. */
  async unknownFlags(): Promise<UnknownFlag[]> {
    await this.writer.flushPending();
    const since = new Date(this.clock.now().getTime() - UNKNOWN_FLAGS_KEPT_MS);
    const { reports, lastEvents } = await this.reads.unknownFlags(since, MAX_UNKNOWN_FLAGS);
    const flags = new Map<string, UnknownFlag>();
    for (const report of reports) {
      const seenAt = report.seenAt.toISOString();
      let flag = flags.get(report.name);
      if (!flag)
        flags.set(
          report.name,
          (flag = { name: report.name, lastSeenAt: seenAt, lastEventAt: lastEvents.get(report.name)?.toISOString() ?? null, reports: [] }),
        );
      if (flag.lastSeenAt < seenAt) flag.lastSeenAt = seenAt;
      let app = flag.reports.at(-1);
      if (app?.appName !== report.appName) flag.reports.push((app = { appName: report.appName, environments: [] }));
      app.environments.push({ environment: report.environment, seenAt });
    }
    return [...flags.values()];
  }
}

/** Rows (by application name) grouped per application: sorted environments and instances, SDKs by name with sorted versions. */
function projectApplicationsOf(rows: ProjectApplicationRow[]): ProjectApplication[] {
  const byName = new Map<string, { environments: Set<string>; instances: Set<string>; sdks: Map<string, Set<string>> }>();
  for (const row of rows) {
    const entry =
      byName.get(row.appName) ??
      byName.set(row.appName, { environments: new Set(), instances: new Set(), sdks: new Map() }).get(row.appName)!;
    entry.environments.add(row.environment);
    if (row.instanceId !== null) entry.instances.add(row.instanceId);
    if (row.sdkVersion) {
      const [sdk, version = ''] = row.sdkVersion.split(':');
      const versions = entry.sdks.get(sdk) ?? entry.sdks.set(sdk, new Set()).get(sdk)!;
      if (version) versions.add(version);
    }
  }
  return [...byName].map(([name, entry]) => ({
    name,
    environments: [...entry.environments].sort(compare),
    instances: [...entry.instances].sort(compare),
    sdks: [...entry.sdks]
      .sort(([a], [b]) => compare(a, b))
      .map(([sdk, versions]) => ({ name: sdk, versions: [...versions].sort(compare) })),
  }));
}

/** Every environment × application × hour of the window, zeros where nothing was counted, oldest hour first. */
export function hourlySeries(
  featureName: string,
  since: Date,
  hoursBack: number,
  hours: HourlyRow[],
  variants: VariantRow[],
): FeatureHourMetrics[] {
  const key = (environment: string, appName: string, hour: number) => `${environment}\u0000${appName}\u0000${hour}`;
  const counts = new Map(hours.map((row) => [key(row.environment, row.appName, row.hourStart.getTime()), row]));
  const served = new Map<string, Record<string, number>>();
  for (const row of variants) {
    const at = key(row.environment, row.appName, row.hourStart.getTime());
    (served.get(at) ?? served.set(at, {}).get(at)!)[row.variant] = row.count;
  }
  const pairs = new Map<string, { environment: string; appName: string }>();
  for (const row of [...hours, ...variants])
    pairs.set(`${row.environment}\u0000${row.appName}`, { environment: row.environment, appName: row.appName });
  const sortedPairs = [...pairs.values()].sort((a, b) => compare(a.environment, b.environment) || compare(a.appName, b.appName));
  const series: FeatureHourMetrics[] = [];
  for (let index = 0; index < hoursBack; index++) {
    const hour = since.getTime() + index * HOUR_MS;
    for (const { environment, appName } of sortedPairs) {
      const at = key(environment, appName, hour);
      const count = counts.get(at);
      series.push({
        featureName,
        appName,
        environment,
        timestamp: new Date(hour).toISOString(),
        yes: count?.yes ?? 0,
        no: count?.no ?? 0,
        variants: served.get(at) ?? {},
      });
    }
  }
  return series;
}

/** Counts summed per environment over applications and hours; the timestamp is the earliest hour counted. */
export function lastHourUsage(hours: HourlyRow[]): EnvironmentUsage[] {
  const byEnvironment = new Map<string, { environment: string; since: number; yes: number; no: number }>();
  for (const row of hours) {
    const usage = byEnvironment.get(row.environment) ?? { environment: row.environment, since: row.hourStart.getTime(), yes: 0, no: 0 };
    usage.since = Math.min(usage.since, row.hourStart.getTime());
    usage.yes += row.yes;
    usage.no += row.no;
    byEnvironment.set(row.environment, usage);
  }
  return [...byEnvironment.values()]
    .sort((a, b) => compare(a.environment, b.environment))
    .map(({ environment, since, yes, no }) => ({ environment, timestamp: new Date(since).toISOString(), yes, no }));
}

function environmentOverview(name: string, instances: InstanceRow[]): ApplicationOverview['environments'][number] {
  const sdks = [...new Set(instances.map((row) => row.sdkVersion).filter((version): version is string => version !== null))].sort();
  const lastSeen = instances.reduce<Date | null>((latest, row) => (latest && latest >= row.seenAt ? latest : row.seenAt), null);
  return {
    name,
    instanceCount: new Set(instances.map((row) => row.instanceId)).size,
    sdks,
    frontendSdks: sdks.filter(isFrontendSdk),
    backendSdks: sdks.filter((sdk) => !isFrontendSdk(sdk)),
    lastSeen: lastSeen?.toISOString() ?? null,
    // Unknown features are dropped when metrics are written, so none is ever reported missing.
    issues: { missingFeatures: [], outdatedSdks: sdks.filter(isOutdatedSdk) },
  };
}

function toApplication(row: Awaited<ReturnType<MetricsReadModel['application']>> & object): Application {
  return {
    appName: row.appName,
    ...(row.description === null ? {} : { description: row.description }),
    ...(row.sdkVersion === null ? {} : { sdkVersion: row.sdkVersion }),
    strategies: row.strategies,
    ...(row.url === null ? {} : { url: row.url }),
    ...(row.color === null ? {} : { color: row.color }),
    ...(row.icon === null ? {} : { icon: row.icon }),
    usage: row.usage,
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
