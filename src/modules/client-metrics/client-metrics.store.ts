import { Injectable } from '@nestjs/common';
import { chunks, rowValues } from '../../core/database/batch-statements.js';
import { Database } from '../../core/database/database.js';
import type { ReportableProjects } from './client-metrics.model.js';
import type { HourlyCount, SeenApplication, SeenInstance, UnknownFlagReport, VariantCount } from './metrics-batch.js';

/**
 * SDK traffic: hourly evaluation counts (per application, with variants), applications and instances. Writes add to
 * what is there (counts) or only move times forward, so several instances writing the same rows add up. What metrics
 * change of features (last-seen times, lifecycle stages) the features module writes (FeatureUsageRecorder).
 */
export abstract class ClientMetricsStore {
  /** The type of each of the environments that exist. */
  abstract environmentTypes(environments: string[]): Promise<Map<string, string>>;
  /** The names among `names` that are features (of `projects`, unless 'all'). */
  abstract existingFeatures(names: string[], projects: ReportableProjects): Promise<string[]>;
  abstract addHourlyCounts(counts: HourlyCount[]): Promise<void>;
  abstract addVariantCounts(counts: VariantCount[]): Promise<void>;
  abstract touchApplications(applications: SeenApplication[]): Promise<void>;
  abstract touchInstances(instances: SeenInstance[]): Promise<void>;
  /** Deletes the hourly counts (and variant counts) of the hours that started before `hour`; answers how many rows. */
  abstract deleteHoursBefore(hour: Date): Promise<number>;
  /** Records unknown flag reports, moving each one's last report only forward. */
  abstract recordUnknownFlags(reports: UnknownFlagReport[]): Promise<void>;
  /** Deletes the unknown flag reports last made before `at`; answers how many. */
  abstract deleteUnknownFlagsSeenBefore(at: Date): Promise<number>;
}

@Injectable()
export class SqlClientMetricsStore extends ClientMetricsStore {
  constructor(private readonly db: Database) {
    super();
  }

  async environmentTypes(environments: string[]): Promise<Map<string, string>> {
    if (!environments.length) return new Map();
    const rows = await this.db.query<{ name: string; type: string }>(
      'SELECT name, type FROM flagwright_environments WHERE name IN (:...environments)',
      { environments },
    );
    return new Map(rows.map((row) => [row.name, row.type]));
  }

  async existingFeatures(names: string[], projects: ReportableProjects): Promise<string[]> {
    const found: string[] = [];
    for (const chunk of chunks(names)) {
      const rows = await this.db.query<{ name: string }>(
        `SELECT name FROM flagwright_features WHERE name IN (:...chunk)${projects === 'all' ? '' : ' AND project IN (:...projects)'}`,
        { chunk, projects },
      );
      found.push(...rows.map((row) => row.name));
    }
    return found;
  }

  async addHourlyCounts(counts: HourlyCount[]): Promise<void> {
    for (const chunk of chunks(counts)) {
      const { values, params } = rowValues(chunk, (c) => [
        c.featureName,
        c.environment,
        this.db.toTimestamp(c.hourStart),
        c.appName,
        c.yes,
        c.no,
      ]);
      await this.db.execute(
        `INSERT INTO flagwright_client_metrics_hourly (feature_name, environment, hour_start, app_name, yes_count, no_count) VALUES ${values}
         ON CONFLICT (feature_name, environment, hour_start, app_name)
         DO UPDATE SET yes_count = flagwright_client_metrics_hourly.yes_count + excluded.yes_count, no_count = flagwright_client_metrics_hourly.no_count + excluded.no_count`,
        params,
      );
    }
  }

  async addVariantCounts(counts: VariantCount[]): Promise<void> {
    for (const chunk of chunks(counts)) {
      const { values, params } = rowValues(chunk, (c) => [
        c.featureName,
        c.environment,
        this.db.toTimestamp(c.hourStart),
        c.appName,
        c.variant,
        c.count,
      ]);
      await this.db.execute(
        `INSERT INTO flagwright_client_metrics_variants_hourly (feature_name, environment, hour_start, app_name, variant, count) VALUES ${values}
         ON CONFLICT (feature_name, environment, hour_start, app_name, variant)
         DO UPDATE SET count = flagwright_client_metrics_variants_hourly.count + excluded.count`,
        params,
      );
    }
  }

  async touchApplications(applications: SeenApplication[]): Promise<void> {
    // A registration's strategies replace the recorded ones; a metrics report keeps them.
    const withStrategies = applications.filter((app) => app.strategies !== undefined);
    const without = applications.filter((app) => app.strategies === undefined);
    for (const [group, setStrategies] of [
      [withStrategies, true],
      [without, false],
    ] as const) {
      for (const chunk of chunks(group)) {
        const { values, params } = rowValues(chunk, (app) => {
          const at = this.db.toTimestamp(app.seenAt);
          return [app.appName, JSON.stringify(app.strategies ?? []), at, at];
        });
        await this.db.execute(
          `INSERT INTO flagwright_client_applications (app_name, strategies, created_at, seen_at) VALUES ${values}
           ON CONFLICT (app_name) DO UPDATE SET seen_at = ${later('flagwright_client_applications.seen_at', 'excluded.seen_at')}${setStrategies ? ', strategies = excluded.strategies' : ''}`,
          params,
        );
      }
    }
  }

  async touchInstances(instances: SeenInstance[]): Promise<void> {
    for (const chunk of chunks(instances)) {
      const { values, params } = rowValues(chunk, (i) => {
        const at = this.db.toTimestamp(i.seenAt);
        return [i.appName, i.instanceId, i.environment, i.sdkVersion ?? null, i.clientIp ?? null, at, at];
      });
      await this.db.execute(
        `INSERT INTO flagwright_client_instances (app_name, instance_id, environment, sdk_version, client_ip, created_at, seen_at) VALUES ${values}
         ON CONFLICT (app_name, instance_id, environment) DO UPDATE SET seen_at = ${later('flagwright_client_instances.seen_at', 'excluded.seen_at')},
           sdk_version = COALESCE(excluded.sdk_version, flagwright_client_instances.sdk_version), client_ip = COALESCE(excluded.client_ip, flagwright_client_instances.client_ip)`,
        params,
      );
    }
  }

  async deleteHoursBefore(hour: Date): Promise<number> {
    const params = { hour: this.db.toTimestamp(hour) };
    const counts = await this.db.execute('DELETE FROM flagwright_client_metrics_hourly WHERE hour_start < :hour', params);
    const variants = await this.db.execute('DELETE FROM flagwright_client_metrics_variants_hourly WHERE hour_start < :hour', params);
    return counts + variants;
  }

  async recordUnknownFlags(reports: UnknownFlagReport[]): Promise<void> {
    for (const chunk of chunks(reports)) {
      const { values, params } = rowValues(chunk, (r) => [r.name, r.appName, r.environment, this.db.toTimestamp(r.seenAt)]);
      await this.db.execute(
        `INSERT INTO flagwright_unknown_flags (name, app_name, environment, seen_at) VALUES ${values}
         ON CONFLICT (name, app_name, environment) DO UPDATE SET seen_at = ${later('flagwright_unknown_flags.seen_at', 'excluded.seen_at')}`,
        params,
      );
    }
  }

  async deleteUnknownFlagsSeenBefore(at: Date): Promise<number> {
    return this.db.execute('DELETE FROM flagwright_unknown_flags WHERE seen_at < :at', { at: this.db.toTimestamp(at) });
  }
}

/** The later of two timestamp columns, the second when the first is NULL. */
function later(current: string, proposed: string): string {
  return `CASE WHEN ${current} IS NULL OR ${current} < ${proposed} THEN ${proposed} ELSE ${current} END`;
}
