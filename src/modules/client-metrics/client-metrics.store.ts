import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';

/** Lists sent in one statement at most; keeps every statement well under both databases' parameter limits. */
const CHUNK = 500;
/** Stages at or after each stage metrics can move a feature to: a feature never moves back. */
const REACHED: Record<'pre-live' | 'live', string[]> = {
  'pre-live': ['pre-live', 'live', 'completed', 'archived'],
  live: ['live', 'completed', 'archived'],
};

export interface HourlyCount {
  featureName: string;
  yes: number;
  no: number;
}

/** SDK traffic: hourly evaluation counts, last-seen times, the lifecycle step metrics cause, applications. */
export abstract class ClientMetricsStore {
  abstract environmentType(environment: string): Promise<string | undefined>;
  /** The names among `names` that are features (of `projects`, unless 'all'). */
  abstract existingFeatures(names: string[], projects: string[] | 'all'): Promise<string[]>;
  abstract addHourlyCounts(environment: string, hourStart: Date, counts: HourlyCount[]): Promise<void>;
  abstract markSeen(featureNames: string[], environment: string, at: Date): Promise<void>;
  /** Records `stage` for the active features among `names` that have not reached it (or a later one) yet. */
  abstract advanceLifecycle(featureNames: string[], stage: 'pre-live' | 'live', at: Date): Promise<string[]>;
  abstract touchApplication(appName: string, at: Date, strategies?: string[]): Promise<void>;
  abstract touchInstance(instance: { appName: string; instanceId: string; environment: string; sdkVersion?: string; clientIp?: string }, at: Date): Promise<void>;
}

@Injectable()
export class SqlClientMetricsStore extends ClientMetricsStore {
  constructor(private readonly db: Database) {
    super();
  }

  async environmentType(environment: string): Promise<string | undefined> {
    return (await this.db.one<{ type: string }>('SELECT type FROM environments WHERE name = :environment', { environment }))?.type;
  }

  async existingFeatures(names: string[], projects: string[] | 'all'): Promise<string[]> {
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

  async addHourlyCounts(environment: string, hourStart: Date, counts: HourlyCount[]): Promise<void> {
    for (const chunk of chunks(counts)) {
      const params: Record<string, unknown> = { environment, hourStart: this.db.toTimestamp(hourStart) };
      const values = chunk.map((count, i) => {
        Object.assign(params, { [`f${i}`]: count.featureName, [`y${i}`]: count.yes, [`n${i}`]: count.no });
        return `(:f${i}, :environment, :hourStart, :y${i}, :n${i})`;
      });
      await this.db.execute(
        `INSERT INTO client_metrics_hourly (feature_name, environment, hour_start, yes_count, no_count) VALUES ${values.join(', ')}
         ON CONFLICT (feature_name, environment, hour_start)
         DO UPDATE SET yes_count = client_metrics_hourly.yes_count + excluded.yes_count, no_count = client_metrics_hourly.no_count + excluded.no_count`,
        params,
      );
    }
  }

  async markSeen(featureNames: string[], environment: string, at: Date): Promise<void> {
    const now = this.db.toTimestamp(at);
    for (const chunk of chunks(featureNames)) {
      await this.db.execute('UPDATE features SET last_seen_at = :now WHERE name IN (:...chunk)', { chunk, now });
      await this.db.execute('UPDATE feature_environments SET last_seen_at = :now WHERE environment = :environment AND feature_name IN (:...chunk)', {
        chunk,
        environment,
        now,
      });
    }
  }

  async advanceLifecycle(featureNames: string[], stage: 'pre-live' | 'live', at: Date): Promise<string[]> {
    const moved: string[] = [];
    for (const chunk of chunks(featureNames)) {
      // Read first, so that the usual report (nothing to move) writes nothing to feature_lifecycles.
      const behind = await this.db.query<{ name: string }>(
        `SELECT f.name FROM features f WHERE f.name IN (:...chunk) AND f.archived_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM feature_lifecycles l WHERE l.feature_name = f.name AND l.stage IN (:...reached))`,
        { chunk, reached: REACHED[stage] },
      );
      if (!behind.length) continue;
      const names = behind.map((row) => row.name);
      await this.db.execute(
        `INSERT INTO feature_lifecycles (feature_name, stage, status, created_at)
         SELECT f.name, :stage, NULL, :at FROM features f WHERE f.name IN (:...names)
         ON CONFLICT DO NOTHING`,
        { names, stage, at: this.db.toTimestamp(at) },
      );
      moved.push(...names);
    }
    return moved;
  }

  async touchApplication(appName: string, at: Date, strategies?: string[]): Promise<void> {
    await this.db.execute(
      `INSERT INTO client_applications (app_name, strategies, created_at, seen_at) VALUES (:appName, :strategies, :at, :at)
       ON CONFLICT (app_name) DO UPDATE SET seen_at = excluded.seen_at${strategies ? ', strategies = excluded.strategies' : ''}`,
      { appName, strategies: JSON.stringify(strategies ?? []), at: this.db.toTimestamp(at) },
    );
  }

  async touchInstance(instance: { appName: string; instanceId: string; environment: string; sdkVersion?: string; clientIp?: string }, at: Date): Promise<void> {
    await this.db.execute(
      `INSERT INTO client_instances (app_name, instance_id, environment, sdk_version, client_ip, created_at, seen_at)
       VALUES (:appName, :instanceId, :environment, :sdkVersion, :clientIp, :at, :at)
       ON CONFLICT (app_name, instance_id, environment) DO UPDATE SET seen_at = excluded.seen_at,
         sdk_version = COALESCE(excluded.sdk_version, client_instances.sdk_version), client_ip = COALESCE(excluded.client_ip, client_instances.client_ip)`,
      { ...instance, sdkVersion: instance.sdkVersion ?? null, clientIp: instance.clientIp ?? null, at: this.db.toTimestamp(at) },
    );
  }
}

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}
