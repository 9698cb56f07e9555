import { Injectable } from '@nestjs/common';
import { Database, type Params } from '../../core/database/database.js';
import type { ReportableProjects } from './client-metrics.model.js';
import type { HourlyCount, SeenApplication, SeenFeature, SeenInstance, VariantCount } from './metrics-batch.js';

/** Rows sent in one statement at most; keeps every statement well under both databases' parameter limits. */
const CHUNK = 500;
/** Rows joined through one `SELECT … UNION ALL …` at most (SQLite allows 500 terms in a compound SELECT). */
const JOINED_CHUNK = 200;
/** Stages at or after each stage metrics can move a feature to: a feature never moves back. */
const REACHED: Record<'pre-live' | 'live', string[]> = {
  'pre-live': ['pre-live', 'live', 'completed', 'archived'],
  live: ['live', 'completed', 'archived'],
};

/** A feature and when it entered a lifecycle stage. */
export interface StageEntry {
  featureName: string;
  at: Date;
}

/**
 * SDK traffic: hourly evaluation counts (per application, with variants), last-seen times, the lifecycle step
 * metrics cause, applications and instances. Writes add to what is there (counts) or only move times forward,
 * so several instances writing the same rows add up.
 */
export abstract class ClientMetricsStore {
  /** The type of each of the environments that exist. */
  abstract environmentTypes(environments: string[]): Promise<Map<string, string>>;
  /** The names among `names` that are features (of `projects`, unless 'all'). */
  abstract existingFeatures(names: string[], projects: ReportableProjects): Promise<string[]>;
  abstract addHourlyCounts(counts: HourlyCount[]): Promise<void>;
  abstract addVariantCounts(counts: VariantCount[]): Promise<void>;
  /** Moves the last-seen times of the features and of their environments forward to the times given. */
  abstract markSeen(seen: SeenFeature[]): Promise<void>;
  /** Records `stage` for the active features among `entries` that have not reached it (or a later one) yet. */
  abstract advanceLifecycle(entries: StageEntry[], stage: 'pre-live' | 'live'): Promise<string[]>;
  abstract touchApplications(applications: SeenApplication[]): Promise<void>;
  abstract touchInstances(instances: SeenInstance[]): Promise<void>;
  /** Deletes the hourly counts (and variant counts) of the hours that started before `hour`; answers how many rows. */
  abstract deleteHoursBefore(hour: Date): Promise<number>;
}

@Injectable()
export class SqlClientMetricsStore extends ClientMetricsStore {
  constructor(private readonly db: Database) {
    super();
  }

  async environmentTypes(environments: string[]): Promise<Map<string, string>> {
    if (!environments.length) return new Map();
    const rows = await this.db.query<{ name: string; type: string }>(
      'SELECT name, type FROM environments WHERE name IN (:...environments)',
      { environments },
    );
    return new Map(rows.map((row) => [row.name, row.type]));
  }

  async existingFeatures(names: string[], projects: ReportableProjects): Promise<string[]> {
    const found: string[] = [];
    for (const chunk of chunks(names)) {
      const rows = await this.db.query<{ name: string }>(
        `SELECT name FROM features WHERE name IN (:...chunk)${projects === 'all' ? '' : ' AND project IN (:...projects)'}`,
        { chunk, projects },
      );
      found.push(...rows.map((row) => row.name));
    }
    return found;
  }

  async addHourlyCounts(counts: HourlyCount[]): Promise<void> {
    for (const chunk of chunks(counts)) {
      const { values, params } = this.rowValues(chunk, (c) => [
        c.featureName,
        c.environment,
        this.db.toTimestamp(c.hourStart),
        c.appName,
        c.yes,
        c.no,
      ]);
      await this.db.execute(
        `INSERT INTO client_metrics_hourly (feature_name, environment, hour_start, app_name, yes_count, no_count) VALUES ${values}
         ON CONFLICT (feature_name, environment, hour_start, app_name)
         DO UPDATE SET yes_count = client_metrics_hourly.yes_count + excluded.yes_count, no_count = client_metrics_hourly.no_count + excluded.no_count`,
        params,
      );
    }
  }

  async addVariantCounts(counts: VariantCount[]): Promise<void> {
    for (const chunk of chunks(counts)) {
      const { values, params } = this.rowValues(chunk, (c) => [
        c.featureName,
        c.environment,
        this.db.toTimestamp(c.hourStart),
        c.appName,
        c.variant,
        c.count,
      ]);
      await this.db.execute(
        `INSERT INTO client_metrics_variants_hourly (feature_name, environment, hour_start, app_name, variant, count) VALUES ${values}
         ON CONFLICT (feature_name, environment, hour_start, app_name, variant)
         DO UPDATE SET count = client_metrics_variants_hourly.count + excluded.count`,
        params,
      );
    }
  }

  async markSeen(seen: SeenFeature[]): Promise<void> {
    const latestPerFeature = new Map<string, Date>();
    for (const row of seen) {
      const known = latestPerFeature.get(row.featureName);
      if (!known || known < row.lastSeenAt) latestPerFeature.set(row.featureName, row.lastSeenAt);
    }
    for (const chunk of chunks([...latestPerFeature], JOINED_CHUNK)) {
      const { rows, params } = this.selectedRows(chunk, ([name, at]) => ({ name, seen: this.timestampParam(at) }));
      await this.db.execute(
        `UPDATE features SET last_seen_at = v.seen FROM (${rows}) v
          WHERE features.name = v.name AND (features.last_seen_at IS NULL OR features.last_seen_at < v.seen)`,
        params,
      );
    }
    for (const chunk of chunks(seen, JOINED_CHUNK)) {
      const { rows, params } = this.selectedRows(chunk, (row) => ({
        name: row.featureName,
        environment: row.environment,
        seen: this.timestampParam(row.lastSeenAt),
      }));
      await this.db.execute(
        `UPDATE feature_environments SET last_seen_at = v.seen FROM (${rows}) v
          WHERE feature_environments.feature_name = v.name AND feature_environments.environment = v.environment
            AND (feature_environments.last_seen_at IS NULL OR feature_environments.last_seen_at < v.seen)`,
        params,
      );
    }
  }

  async advanceLifecycle(entries: StageEntry[], stage: 'pre-live' | 'live'): Promise<string[]> {
    const moved: string[] = [];
    for (const chunk of chunks(entries)) {
      // Read first, so that the usual batch (nothing to move) writes nothing to feature_lifecycles.
      const behind = await this.db.query<{ name: string }>(
        `SELECT f.name FROM features f WHERE f.name IN (:...names) AND f.archived_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM feature_lifecycles l WHERE l.feature_name = f.name AND l.stage IN (:...reached))`,
        { names: chunk.map((entry) => entry.featureName), reached: REACHED[stage] },
      );
      if (!behind.length) continue;
      const names = new Set(behind.map((row) => row.name));
      const { values, params } = this.rowValues(
        chunk.filter((entry) => names.has(entry.featureName)),
        (entry) => [entry.featureName, stage, this.db.toTimestamp(entry.at)],
      );
      await this.db.execute(
        `INSERT INTO feature_lifecycles (feature_name, stage, created_at) VALUES ${values} ON CONFLICT DO NOTHING`,
        params,
      );
      moved.push(...names);
    }
    return moved;
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
        const { values, params } = this.rowValues(chunk, (app) => {
          const at = this.db.toTimestamp(app.seenAt);
          return [app.appName, JSON.stringify(app.strategies ?? []), at, at];
        });
        await this.db.execute(
          `INSERT INTO client_applications (app_name, strategies, created_at, seen_at) VALUES ${values}
           ON CONFLICT (app_name) DO UPDATE SET seen_at = ${later('client_applications.seen_at', 'excluded.seen_at')}${setStrategies ? ', strategies = excluded.strategies' : ''}`,
          params,
        );
      }
    }
  }

  async touchInstances(instances: SeenInstance[]): Promise<void> {
    for (const chunk of chunks(instances)) {
      const { values, params } = this.rowValues(chunk, (i) => {
        const at = this.db.toTimestamp(i.seenAt);
        return [i.appName, i.instanceId, i.environment, i.sdkVersion ?? null, i.clientIp ?? null, at, at];
      });
      await this.db.execute(
        `INSERT INTO client_instances (app_name, instance_id, environment, sdk_version, client_ip, created_at, seen_at) VALUES ${values}
         ON CONFLICT (app_name, instance_id, environment) DO UPDATE SET seen_at = ${later('client_instances.seen_at', 'excluded.seen_at')},
           sdk_version = COALESCE(excluded.sdk_version, client_instances.sdk_version), client_ip = COALESCE(excluded.client_ip, client_instances.client_ip)`,
        params,
      );
    }
  }

  async deleteHoursBefore(hour: Date): Promise<number> {
    const params = { hour: this.db.toTimestamp(hour) };
    const counts = await this.db.execute('DELETE FROM client_metrics_hourly WHERE hour_start < :hour', params);
    const variants = await this.db.execute('DELETE FROM client_metrics_variants_hourly WHERE hour_start < :hour', params);
    return counts + variants;
  }

  /** `(:r0_0, :r0_1, …), (:r1_0, …)` for a multi-row INSERT, with its parameters. */
  private rowValues<T>(items: T[], columns: (item: T) => unknown[]): { values: string; params: Params } {
    const params: Params = {};
    const values = items.map(
      (item, i) =>
        `(${columns(item)
          .map((value, c) => ((params[`r${i}_${c}`] = value), `:r${i}_${c}`))
          .join(', ')})`,
    );
    return { values: values.join(', '), params };
  }

  /**
   * `SELECT :r0_name AS name, … UNION ALL SELECT …`: rows to join in an UPDATE (a VALUES list cannot name its
   * columns on SQLite). A column given as `{sql}` is that SQL fragment around its parameter (a cast).
   */
  private selectedRows<T>(items: T[], columns: (item: T) => Record<string, unknown>): { rows: string; params: Params } {
    const params: Params = {};
    const rows = items.map((item, i) => {
      const selected = Object.entries(columns(item)).map(([name, value]) => {
        const param = `r${i}_${name}`;
        if (isCast(value)) {
          params[param] = value.value;
          return `${value.sql(`:${param}`)} AS ${name}`;
        }
        params[param] = value;
        return `:${param} AS ${name}`;
      });
      return `SELECT ${selected.join(', ')}`;
    });
    return { rows: rows.join(' UNION ALL '), params };
  }

  /** A timestamp parameter in a SELECT list: PostgreSQL needs its type, SQLite compares the UTC text as is. */
  private timestampParam(at: Date): Cast {
    return { value: this.db.toTimestamp(at), sql: (param) => (this.db.isPostgres ? `CAST(${param} AS TIMESTAMPTZ)` : param) };
  }
}

interface Cast {
  value: unknown;
  sql: (param: string) => string;
}

function isCast(value: unknown): value is Cast {
  return typeof value === 'object' && value !== null && 'sql' in value && typeof (value as Cast).sql === 'function';
}

/** The later of two timestamp columns, the second when the first is NULL. */
function later(current: string, proposed: string): string {
  return `CASE WHEN ${current} IS NULL OR ${current} < ${proposed} THEN ${proposed} ELSE ${current} END`;
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
