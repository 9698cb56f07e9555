import { Injectable } from '@nestjs/common';
import { Database, toBool, toDate } from '../../core/database/database.js';
import type { FlagCountRow, FlagCreator, StageEntryRow } from './project-insights.model.js';

/** What a project's overview and status count, read from the tables of the modules that own them (reads only). */
@Injectable()
export class ProjectInsightsReadModel {
  constructor(private readonly db: Database) {}

  /** Active features per type and state. */
  async flagCounts(projectId: string): Promise<FlagCountRow[]> {
    const rows = await this.db.query<{ type: string; stale: unknown; potentially_stale: unknown; count: number | string }>(
      `SELECT type, stale, potentially_stale, COUNT(*) AS count FROM flagwright_features
        WHERE project = :projectId AND archived_at IS NULL GROUP BY type, stale, potentially_stale`,
      { projectId },
    );
    return rows.map((row) => ({
      type: row.type,
      stale: toBool(row.stale),
      potentiallyStale: toBool(row.potentially_stale),
      count: Number(row.count),
    }));
  }

  /** Archived features: all of them, and those archived since `since`. */
  async archivedCounts(projectId: string, since: Date): Promise<{ total: number; recent: number }> {
    const row = await this.db.one<{ total: number | string; recent: number | string | null }>(
      `SELECT COUNT(*) AS total, SUM(CASE WHEN archived_at >= :since THEN 1 ELSE 0 END) AS recent
         FROM flagwright_features WHERE project = :projectId AND archived_at IS NOT NULL`,
      { projectId, since: this.db.toTimestamp(since) },
    );
    return { total: Number(row?.total ?? 0), recent: Number(row?.recent ?? 0) };
  }

  /** The first feature created in the project, and whether any of its features was ever reported by an SDK. */
  async onboarding(projectId: string): Promise<{ firstFeature?: string; anySeen: boolean }> {
    const first = await this.db.one<{ name: string }>(
      'SELECT name FROM flagwright_features WHERE project = :projectId ORDER BY created_at, name LIMIT 1',
      { projectId },
    );
    const seen = await this.db.one<{ name: string }>(
      'SELECT name FROM flagwright_features WHERE project = :projectId AND last_seen_at IS NOT NULL LIMIT 1',
      { projectId },
    );
    return { firstFeature: first?.name, anySeen: seen !== undefined };
  }

  /** Every stage the project's features (archived ones included) entered. */
  async stageEntries(projectId: string): Promise<StageEntryRow[]> {
    const rows = await this.db.query<{ feature_name: string; stage: string; created_at: unknown }>(
      `SELECT l.feature_name, l.stage, l.created_at FROM flagwright_feature_lifecycles l
         JOIN flagwright_features f ON f.name = l.feature_name WHERE f.project = :projectId`,
      { projectId },
    );
    return rows.map((row) => ({ featureName: row.feature_name, stage: row.stage, enteredAt: toDate(row.created_at)! }));
  }

  /** Events recorded in the project since `since`, per day (UTC). */
  async activityByDay(projectId: string, since: Date): Promise<{ date: string; count: number }[]> {
    const day = this.db.isPostgres ? "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')" : 'substr(created_at, 1, 10)';
    const rows = await this.db.query<{ date: string; count: number | string }>(
      `SELECT ${day} AS date, COUNT(*) AS count FROM flagwright_events
        WHERE project = :projectId AND created_at >= :since GROUP BY ${day} ORDER BY date`,
      { projectId, since: this.db.toTimestamp(since) },
    );
    return rows.map((row) => ({ date: row.date, count: Number(row.count) }));
  }

  /** API tokens scoped to the project, and segments of the project. */
  async resources(projectId: string): Promise<{ apiTokens: number; segments: number }> {
    const tokens = await this.db.one<{ count: number | string }>(
      'SELECT COUNT(DISTINCT token_id) AS count FROM flagwright_api_token_projects WHERE project = :projectId',
      { projectId },
    );
    const segments = await this.db.one<{ count: number | string }>(
      'SELECT COUNT(*) AS count FROM flagwright_segments WHERE project = :projectId',
      {
        projectId,
      },
    );
    return { apiTokens: Number(tokens?.count ?? 0), segments: Number(segments?.count ?? 0) };
  }

  /** Users who created the project's active features: name, else username, else email; users with none are left out. */
  async flagCreators(projectId: string): Promise<FlagCreator[]> {
    const rows = await this.db.query<{ id: number | string; name: string | null; username: string | null; email: string | null }>(
      `SELECT u.id, u.name, u.username, u.email FROM flagwright_users u
        WHERE EXISTS (SELECT 1 FROM flagwright_features f WHERE f.created_by_user_id = u.id AND f.project = :projectId AND f.archived_at IS NULL)
        ORDER BY u.id`,
      { projectId },
    );
    return rows
      .filter((row) => row.name || row.username || row.email)
      .map((row) => ({ id: Number(row.id), name: (row.name || row.username || row.email)! }));
  }
}
