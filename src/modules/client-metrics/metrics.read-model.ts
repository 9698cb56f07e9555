import { Injectable } from '@nestjs/common';
import { containsPattern, Database, parseJson, toDate } from '../../core/database/database.js';
import type {
  ApplicationFeatureRow,
  ApplicationQuery,
  ApplicationUsage,
  HourlyRow,
  InstanceRow,
  UnknownFlagRow,
  VariantRow,
} from './metrics-read.model.js';

/** An application as stored, with the SDK version its latest instance reported and where its features were evaluated. */
export interface ApplicationRow {
  appName: string;
  description: string | null;
  strategies: string[];
  url: string | null;
  color: string | null;
  icon: string | null;
  sdkVersion: string | null;
  usage: ApplicationUsage[];
}

interface StoredApplication {
  app_name: string;
  description: string | null;
  strategies: string;
  url: string | null;
  color: string | null;
  icon: string | null;
}

const APPLICATION_COLUMNS = 'app_name, description, strategies, url, color, icon';

/**
 * What the metrics tables show an admin: a feature's hourly counts, applications, their instances and SDKs. Queries
 * by feature walk the hourly tables' primary keys (they lead with the feature); queries by application walk
 * `flagwright_client_metrics_hourly_app_name_idx`.
 */
export abstract class MetricsReadModel {
  abstract featureHours(featureName: string, since: Date): Promise<HourlyRow[]>;
  /** The feature's hourly counts and variant counts since `since`, in one read. */
  abstract featureSeriesRows(featureName: string, since: Date): Promise<{ hours: HourlyRow[]; variants: VariantRow[] }>;
  /** The applications that reported the feature in the hours kept, by name. */
  abstract seenApplications(featureName: string): Promise<string[]>;
  abstract applications(query: ApplicationQuery): Promise<{ applications: ApplicationRow[]; total: number }>;
  abstract application(appName: string): Promise<ApplicationRow | undefined>;
  /** The features the application reported in the hours kept, with their project and environment. */
  abstract applicationFeatures(appName: string): Promise<ApplicationFeatureRow[]>;
  /** The application's instances seen since `seenSince`, in one environment or all, most recently seen first. */
  abstract instances(appName: string, seenSince: Date, environment?: string): Promise<InstanceRow[]>;
  /** Every application's SDK versions (distinct pairs). */
  abstract sdkVersions(): Promise<{ appName: string; sdkVersion: string }[]>;
  abstract strategyTypeNames(): Promise<string[]>;
  abstract projectExists(projectId: string): Promise<boolean>;
  /**
   * Each application and environment in which features of the project were evaluated in the hours kept, with each
   * of the application's instances there (none: `instanceId` null), by application name.
   */
  abstract projectApplicationInstances(projectId: string): Promise<ProjectApplicationRow[]>;
  /**
   * The reports made since `since` of the first `limit` names (byte-wise) that are no feature, each with the latest
   * event about a feature of that name, by name, application and environment.
   */
  abstract unknownFlags(since: Date, limit: number): Promise<{ reports: UnknownFlagRow[]; lastEvents: Map<string, Date> }>;
}

/** An application that evaluated features of a project, in one environment, with one of its instances there. */
export interface ProjectApplicationRow {
  appName: string;
  environment: string;
  instanceId: string | null;
  sdkVersion: string | null;
}

@Injectable()
export class SqlMetricsReadModel extends MetricsReadModel {
  constructor(private readonly db: Database) {
    super();
  }

  async featureHours(featureName: string, since: Date): Promise<HourlyRow[]> {
    const rows = await this.db.query<{
      app_name: string;
      environment: string;
      hour_start: unknown;
      yes_count: number | string;
      no_count: number | string;
    }>(
      `SELECT app_name, environment, hour_start, yes_count, no_count FROM flagwright_client_metrics_hourly
        WHERE feature_name = :featureName AND hour_start >= :since`,
      { featureName, since: this.db.toTimestamp(since) },
    );
    return rows.map((row) => ({
      appName: row.app_name,
      environment: row.environment,
      hourStart: toDate(row.hour_start)!,
      yes: Number(row.yes_count),
      no: Number(row.no_count),
    }));
  }

  async featureSeriesRows(featureName: string, since: Date): Promise<{ hours: HourlyRow[]; variants: VariantRow[] }> {
    // One statement for both tables (one round trip), each walking its primary key, which leads with the feature;
    // variants come in the key's order, the order their counts are listed in.
    const rows = await this.db.query<{
      kind: string;
      app_name: string;
      environment: string;
      hour_start: unknown;
      variant: string;
      first_count: number | string;
      no_count: number | string;
    }>(
      `SELECT 'hour' AS kind, app_name, environment, hour_start, '' AS variant, yes_count AS first_count, no_count
         FROM flagwright_client_metrics_hourly WHERE feature_name = :featureName AND hour_start >= :since
       UNION ALL
       SELECT 'variant', app_name, environment, hour_start, variant, count, 0
         FROM flagwright_client_metrics_variants_hourly WHERE feature_name = :featureName AND hour_start >= :since
       ORDER BY 1, 3, 4, 2, 5`,
      { featureName, since: this.db.toTimestamp(since) },
    );
    const hours: HourlyRow[] = [];
    const variants: VariantRow[] = [];
    // Each row written out: a spread followed by more properties is V8's slow path (see core/objects.ts).
    for (const { kind, app_name: appName, environment, hour_start, variant, first_count, no_count } of rows) {
      const hourStart = toDate(hour_start)!;
      if (kind === 'hour') hours.push({ appName, environment, hourStart, yes: Number(first_count), no: Number(no_count) });
      else variants.push({ appName, environment, hourStart, variant, count: Number(first_count) });
    }
    return { hours, variants };
  }

  async seenApplications(featureName: string): Promise<string[]> {
    const rows = await this.db.query<{ app_name: string }>(
      `SELECT DISTINCT app_name FROM flagwright_client_metrics_hourly WHERE feature_name = :featureName AND app_name <> '' ORDER BY app_name`,
      { featureName },
    );
    return rows.map((row) => row.app_name);
  }

  async applications(query: ApplicationQuery): Promise<{ applications: ApplicationRow[]; total: number }> {
    const params: Record<string, unknown> = { limit: query.limit, offset: query.offset };
    const matches = query.terms.map((term, index) => {
      params[`term${index}`] = containsPattern(term);
      return this.db.containsIgnoringCase('app_name', `term${index}`);
    });
    const where = matches.length ? `WHERE ${matches.join(' OR ')}` : '';
    const rows = await this.db.query<StoredApplication>(
      `SELECT ${APPLICATION_COLUMNS} FROM flagwright_client_applications ${where}
        ORDER BY app_name ${query.sortOrder === 'desc' ? 'DESC' : 'ASC'} LIMIT :limit OFFSET :offset`,
      params,
    );
    const total = await this.db.one<{ total: number | string }>(
      `SELECT COUNT(*) AS total FROM flagwright_client_applications ${where}`,
      params,
    );
    return { applications: await this.withDetails(rows), total: Number(total?.total ?? 0) };
  }

  async application(appName: string): Promise<ApplicationRow | undefined> {
    const rows = await this.db.query<StoredApplication>(
      `SELECT ${APPLICATION_COLUMNS} FROM flagwright_client_applications WHERE app_name = :appName`,
      { appName },
    );
    return (await this.withDetails(rows))[0];
  }

  async applicationFeatures(appName: string): Promise<ApplicationFeatureRow[]> {
    const rows = await this.db.query<{ environment: string; project: string; feature_name: string }>(
      `SELECT DISTINCT h.environment, f.project, h.feature_name FROM flagwright_client_metrics_hourly h
         JOIN flagwright_features f ON f.name = h.feature_name
        WHERE h.app_name = :appName`,
      { appName },
    );
    return rows.map((row) => ({ environment: row.environment, project: row.project, featureName: row.feature_name }));
  }

  async instances(appName: string, seenSince: Date, environment?: string): Promise<InstanceRow[]> {
    const rows = await this.db.query<{
      app_name: string;
      instance_id: string;
      environment: string;
      sdk_version: string | null;
      client_ip: string | null;
      seen_at: unknown;
    }>(
      `SELECT app_name, instance_id, environment, sdk_version, client_ip, seen_at FROM flagwright_client_instances
        WHERE app_name = :appName AND seen_at >= :seenSince${environment === undefined ? '' : ' AND environment = :environment'}
        ORDER BY seen_at DESC, instance_id`,
      { appName, seenSince: this.db.toTimestamp(seenSince), environment },
    );
    return rows.map((row) => ({
      appName: row.app_name,
      instanceId: row.instance_id,
      environment: row.environment,
      sdkVersion: row.sdk_version,
      clientIp: row.client_ip,
      seenAt: toDate(row.seen_at)!,
    }));
  }

  async sdkVersions(): Promise<{ appName: string; sdkVersion: string }[]> {
    const rows = await this.db.query<{ app_name: string; sdk_version: string }>(
      'SELECT DISTINCT app_name, sdk_version FROM flagwright_client_instances WHERE sdk_version IS NOT NULL ORDER BY sdk_version, app_name',
    );
    return rows.map((row) => ({ appName: row.app_name, sdkVersion: row.sdk_version }));
  }

  async strategyTypeNames(): Promise<string[]> {
    const rows = await this.db.query<{ name: string }>('SELECT name FROM flagwright_strategy_types');
    return rows.map((row) => row.name);
  }

  async projectExists(projectId: string): Promise<boolean> {
    return (await this.db.one('SELECT 1 AS found FROM flagwright_projects WHERE id = :projectId', { projectId })) !== undefined;
  }

  async projectApplicationInstances(projectId: string): Promise<ProjectApplicationRow[]> {
    const rows = await this.db.query<{ app_name: string; environment: string; instance_id: string | null; sdk_version: string | null }>(
      `SELECT a.app_name, a.environment, i.instance_id, i.sdk_version
         FROM (SELECT DISTINCT h.app_name, h.environment FROM flagwright_client_metrics_hourly h
                 JOIN flagwright_features f ON f.name = h.feature_name WHERE f.project = :projectId) a
         JOIN flagwright_client_applications ca ON ca.app_name = a.app_name
         LEFT JOIN flagwright_client_instances i ON i.app_name = a.app_name AND i.environment = a.environment
        ORDER BY a.app_name, a.environment, i.instance_id`,
      { projectId },
    );
    return rows.map((row) => ({
      appName: row.app_name,
      environment: row.environment,
      instanceId: row.instance_id,
      sdkVersion: row.sdk_version,
    }));
  }

  /** The SDK version of each application's most recently seen instance, and its usage, in one query each. */
  private async withDetails(rows: StoredApplication[]): Promise<ApplicationRow[]> {
    if (!rows.length) return [];
    const names = rows.map((row) => row.app_name);
    const versions = await this.db.query<{ app_name: string; sdk_version: string }>(
      `SELECT app_name, sdk_version FROM flagwright_client_instances
        WHERE app_name IN (:...names) AND sdk_version IS NOT NULL ORDER BY seen_at, instance_id`,
      { names },
    );
    const latestVersion = new Map(versions.map((row) => [row.app_name, row.sdk_version]));
    const usageRows = await this.db.query<{ app_name: string; project: string; environment: string }>(
      `SELECT DISTINCT h.app_name, f.project, h.environment FROM flagwright_client_metrics_hourly h
         JOIN flagwright_features f ON f.name = h.feature_name
        WHERE h.app_name IN (:...names) ORDER BY f.project, h.environment`,
      { names },
    );
    const usage = new Map<string, Map<string, string[]>>();
    for (const row of usageRows) {
      const projects = usage.get(row.app_name) ?? usage.set(row.app_name, new Map()).get(row.app_name)!;
      (projects.get(row.project) ?? projects.set(row.project, []).get(row.project)!).push(row.environment);
    }
    return rows.map((row) => ({
      appName: row.app_name,
      description: row.description,
      strategies: parseJson<string[]>(row.strategies, []),
      url: row.url,
      color: row.color,
      icon: row.icon,
      sdkVersion: latestVersion.get(row.app_name) ?? null,
      usage: [...(usage.get(row.app_name) ?? [])].map(([project, environments]) => ({ project, environments })),
    }));
  }

  async unknownFlags(since: Date, limit: number): Promise<{ reports: UnknownFlagRow[]; lastEvents: Map<string, Date> }> {
    const params = { since: this.db.toTimestamp(since), limit };
    const names = await this.db.query<{ name: string }>(
      `SELECT uf.name FROM flagwright_unknown_flags uf
        WHERE uf.seen_at >= :since AND NOT EXISTS (SELECT 1 FROM flagwright_features f WHERE f.name = uf.name)
        GROUP BY uf.name ORDER BY uf.name${this.db.isPostgres ? ' COLLATE "C"' : ''} LIMIT :limit`,
      params,
    );
    if (!names.length) return { reports: [], lastEvents: new Map() };
    const listed = names.map((row) => row.name);
    const bytes = this.db.isPostgres ? ' COLLATE "C"' : '';
    const rows = await this.db.query<{ name: string; app_name: string; environment: string; seen_at: unknown }>(
      `SELECT name, app_name, environment, seen_at FROM flagwright_unknown_flags WHERE name IN (:...listed) AND seen_at >= :since
        ORDER BY name${bytes}, app_name${bytes}, environment${bytes}`,
      { ...params, listed },
    );
    const events = await this.db.query<{ feature_name: string; last_event_at: unknown }>(
      'SELECT feature_name, MAX(created_at) AS last_event_at FROM flagwright_events WHERE feature_name IN (:...listed) GROUP BY feature_name',
      { listed },
    );
    return {
      reports: rows.map((row) => ({ name: row.name, appName: row.app_name, environment: row.environment, seenAt: toDate(row.seen_at)! })),
      lastEvents: new Map(events.map((row) => [row.feature_name, toDate(row.last_event_at)!])),
    };
  }
}
