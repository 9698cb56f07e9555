import { Injectable } from '@nestjs/common';
import { chunks, JOINED_CHUNK, selectedRows, timestampParam } from '../../core/database/batch-statements.js';
import { Database } from '../../core/database/database.js';
import type { SeenFeature } from '../client-metrics/index.js';

export interface NewFeature {
  name: string;
  project: string;
  type: string;
  description: string | null;
  impressionData: boolean;
}

export interface FeatureChanges {
  type: string;
  description: string | null;
  impressionData: boolean;
  stale: boolean;
}

function isBusy(error: unknown): boolean {
  const code = (error as { driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
  return code === 'SQLITE_BUSY';
}

/** The advisory lock key of the staleness check on PostgreSQL (any constant: no other lock of ours uses one). */
const STALENESS_CHECK_LOCK = 0x666c6167;

/** The write model of features (`features`, and their per-environment rows as a whole). */
export abstract class FeatureStore {
  /**
   * Answers whether the project exists; on PostgreSQL its row is read FOR SHARE until the transaction ends, so the
   * project cannot be deleted while a feature is being created in it.
   */
  abstract holdProject(projectId: string): Promise<boolean>;
  /** Holds the feature's row until the transaction ends (PostgreSQL; SQLite transactions are serial already). */
  abstract lock(featureName: string): Promise<void>;
  /** Answers false when a feature of that name exists already (active or archived). */
  abstract insert(feature: NewFeature, createdByUserId: number, createdAt: Date): Promise<boolean>;
  /** Gives the feature its switched-off row in every environment enabled in its project. */
  abstract connectEnvironments(featureName: string, projectId: string): Promise<void>;
  abstract update(featureName: string, changes: FeatureChanges): Promise<void>;
  abstract setStale(names: string[], stale: boolean): Promise<void>;
  abstract setPotentiallyStale(names: string[], potentiallyStale: boolean): Promise<void>;
  /**
   * Makes this transaction the only staleness check running on the database, before it reads anything: false when
   * another instance's check holds it. PostgreSQL: a transaction-scoped advisory lock, released at commit or
   * rollback. SQLite: the database's write lock, taken by a write that changes nothing (after the busy timeout).
   */
  abstract holdStalenessCheck(): Promise<boolean>;
  abstract setArchivedAt(featureName: string, archivedAt: Date | null): Promise<void>;
  abstract disableAllEnvironments(featureName: string): Promise<void>;
  abstract delete(names: string[]): Promise<void>;
  /** Moves the last-seen times of the features and of their environments forward to the times SDK metrics give. */
  abstract markSeen(seen: SeenFeature[]): Promise<void>;
}

@Injectable()
export class SqlFeatureStore extends FeatureStore {
  constructor(private readonly db: Database) {
    super();
  }

  async holdProject(projectId: string): Promise<boolean> {
    const share = this.db.isPostgres ? ' FOR SHARE' : '';
    return Boolean(await this.db.one(`SELECT id FROM flagwright_projects WHERE id = :projectId${share}`, { projectId }));
  }

  async lock(featureName: string): Promise<void> {
    if (this.db.isPostgres)
      await this.db.submit('SELECT name FROM flagwright_features WHERE name = :featureName FOR UPDATE', { featureName });
  }

  async insert(feature: NewFeature, createdByUserId: number, createdAt: Date): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO flagwright_features (name, project, type, description, stale, potentially_stale, impression_data, created_by_user_id, created_at)
       VALUES (:name, :project, :type, :description, false, false, :impressionData, :createdByUserId, :createdAt)
       ON CONFLICT (name) DO NOTHING RETURNING name`,
      { ...feature, createdByUserId, createdAt: this.db.toTimestamp(createdAt) },
    );
    return rows.length > 0;
  }

  async connectEnvironments(featureName: string, projectId: string): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_feature_environments (feature_name, environment, enabled, variants)
       SELECT :featureName, pe.environment_name, false, '[]' FROM flagwright_project_environments pe WHERE pe.project_id = :projectId
       ON CONFLICT DO NOTHING`,
      { featureName, projectId },
    );
  }

  async update(featureName: string, changes: FeatureChanges): Promise<void> {
    await this.db.execute(
      `UPDATE flagwright_features SET type = :type, description = :description, impression_data = :impressionData, stale = :stale WHERE name = :featureName`,
      { featureName, ...changes },
    );
  }

  async setStale(names: string[], stale: boolean): Promise<void> {
    if (names.length === 0) return;
    await this.db.execute('UPDATE flagwright_features SET stale = :stale WHERE name IN (:...names)', { names, stale });
  }

  async setPotentiallyStale(names: string[], potentiallyStale: boolean): Promise<void> {
    for (const chunk of chunks(names, JOINED_CHUNK))
      await this.db.execute('UPDATE flagwright_features SET potentially_stale = :potentiallyStale WHERE name IN (:...chunk)', {
        chunk,
        potentiallyStale,
      });
  }

  async holdStalenessCheck(): Promise<boolean> {
    if (!this.db.isPostgres) {
      try {
        await this.db.execute('UPDATE flagwright_features SET potentially_stale = potentially_stale WHERE 1 = 0');
        return true;
      } catch (error) {
        if (isBusy(error)) return false;
        throw error;
      }
    }
    const row = await this.db.one<{ held: unknown }>('SELECT pg_try_advisory_xact_lock(:key) AS held', { key: STALENESS_CHECK_LOCK });
    return row?.held === true;
  }

  async setArchivedAt(featureName: string, archivedAt: Date | null): Promise<void> {
    await this.db.execute('UPDATE flagwright_features SET archived_at = :archivedAt WHERE name = :featureName', {
      featureName,
      archivedAt: archivedAt && this.db.toTimestamp(archivedAt),
    });
  }

  async disableAllEnvironments(featureName: string): Promise<void> {
    await this.db.execute('UPDATE flagwright_feature_environments SET enabled = false WHERE feature_name = :featureName', { featureName });
  }

  async delete(names: string[]): Promise<void> {
    if (names.length === 0) return;
    await this.db.execute('DELETE FROM flagwright_features WHERE name IN (:...names)', { names });
  }

  async markSeen(seen: SeenFeature[]): Promise<void> {
    const latestPerFeature = new Map<string, Date>();
    for (const row of seen) {
      const known = latestPerFeature.get(row.featureName);
      if (!known || known < row.lastSeenAt) latestPerFeature.set(row.featureName, row.lastSeenAt);
    }
    for (const chunk of chunks([...latestPerFeature], JOINED_CHUNK)) {
      const { rows, params } = selectedRows(chunk, ([name, at]) => ({ name, seen: timestampParam(this.db, at) }));
      await this.db.execute(
        `UPDATE flagwright_features SET last_seen_at = v.seen FROM (${rows}) v
          WHERE flagwright_features.name = v.name AND (flagwright_features.last_seen_at IS NULL OR flagwright_features.last_seen_at < v.seen)`,
        params,
      );
    }
    for (const chunk of chunks(seen, JOINED_CHUNK)) {
      const { rows, params } = selectedRows(chunk, (row) => ({
        name: row.featureName,
        environment: row.environment,
        seen: timestampParam(this.db, row.lastSeenAt),
      }));
      await this.db.execute(
        `UPDATE flagwright_feature_environments SET last_seen_at = v.seen FROM (${rows}) v
          WHERE flagwright_feature_environments.feature_name = v.name AND flagwright_feature_environments.environment = v.environment
            AND (flagwright_feature_environments.last_seen_at IS NULL OR flagwright_feature_environments.last_seen_at < v.seen)`,
        params,
      );
    }
  }
}
