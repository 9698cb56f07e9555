import { Injectable } from '@nestjs/common';
import { containsPattern, Database, toBool, toDate } from '../../core/database/database.js';
import type {
  FlagCountRow,
  FlagCreator,
  FlagCreatorsPage,
  StageEntryRow,
  TimeToProductionRow,
  WindowCounts,
} from './project-insights.model.js';

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

  /**
   * The project's release flags (archived ones included) turned on in an environment of type production after they
   * were created, each with its creation and its first such `feature-environment-enabled` event, by name.
   */
  async timeToProduction(projectId: string): Promise<TimeToProductionRow[]> {
    const rows = await this.db.query<{ feature_name: string; created_at: unknown; enabled_at: unknown }>(
      `SELECT e.feature_name, f.created_at, MIN(e.created_at) AS enabled_at
         FROM flagwright_features f
         JOIN flagwright_events e ON e.feature_name = f.name
         JOIN flagwright_environments env ON env.name = e.environment
        WHERE f.project = :projectId AND f.type = 'release' AND env.type = 'production'
          AND e.type = 'feature-environment-enabled' AND e.created_at > f.created_at
        GROUP BY e.feature_name, f.created_at
        ORDER BY e.feature_name`,
      { projectId },
    );
    return rows.map((row) => ({ featureName: row.feature_name, createdAt: toDate(row.created_at)!, enabledAt: toDate(row.enabled_at)! }));
  }

  /**
   * Active flags created, flags archived and events recorded in the project, from `current` on and from `past` to
   * `current`.
   */
  async windowCounts(projectId: string, past: Date, current: Date): Promise<WindowCounts> {
    const params = { projectId, past: this.db.toTimestamp(past), current: this.db.toTimestamp(current) };
    const flags = await this.db.one<Record<'created_current' | 'created_past' | 'archived_current' | 'archived_past', unknown>>(
      `SELECT SUM(CASE WHEN archived_at IS NULL AND created_at >= :current THEN 1 ELSE 0 END) AS created_current,
              SUM(CASE WHEN archived_at IS NULL AND created_at >= :past AND created_at < :current THEN 1 ELSE 0 END) AS created_past,
              SUM(CASE WHEN archived_at >= :current THEN 1 ELSE 0 END) AS archived_current,
              SUM(CASE WHEN archived_at >= :past AND archived_at < :current THEN 1 ELSE 0 END) AS archived_past
         FROM flagwright_features WHERE project = :projectId`,
      params,
    );
    const events = await this.db.one<Record<'current_count' | 'past_count', unknown>>(
      `SELECT SUM(CASE WHEN created_at >= :current THEN 1 ELSE 0 END) AS current_count,
              SUM(CASE WHEN created_at < :current THEN 1 ELSE 0 END) AS past_count
         FROM flagwright_events WHERE project = :projectId AND created_at >= :past`,
      params,
    );
    return {
      createdCurrentWindow: Number(flags?.created_current ?? 0),
      createdPastWindow: Number(flags?.created_past ?? 0),
      archivedCurrentWindow: Number(flags?.archived_current ?? 0),
      archivedPastWindow: Number(flags?.archived_past ?? 0),
      projectActivityCurrentWindow: Number(events?.current_count ?? 0),
      projectActivityPastWindow: Number(events?.past_count ?? 0),
    };
  }

  /** Users given a role in the project since `since`, directly or through a group given one since then. */
  async membersAddedSince(projectId: string, since: Date): Promise<number> {
    const row = await this.db.one<{ count: number | string }>(
      `SELECT COUNT(*) AS count FROM (
         SELECT ru.user_id FROM flagwright_role_users ru WHERE ru.project = :projectId AND ru.created_at >= :since
         UNION
         SELECT gu.user_id FROM flagwright_group_roles gr JOIN flagwright_group_users gu ON gu.group_id = gr.group_id
          WHERE gr.project = :projectId AND gr.created_at >= :since
       ) added`,
      { projectId, since: this.db.toTimestamp(since) },
    );
    return Number(row?.count ?? 0);
  }

  /**
   * Users who created active flags in any project, with a name, username or email, by name (users without a name
   * last) then id; `query` keeps those whose name contains it or whose username or email starts with it, ignoring case.
   */
  async allFlagCreators(page: { query?: string; offset: number; limit: number }): Promise<FlagCreatorsPage> {
    const pattern = containsPattern(page.query ?? '');
    const params = { limit: page.limit, offset: page.offset, contains: pattern, prefix: pattern.slice(1) };
    const matching = page.query
      ? ` AND (${this.db.containsIgnoringCase('u.name', 'contains')} OR ${this.db.containsIgnoringCase('u.username', 'prefix')} OR ${this.db.containsIgnoringCase('u.email', 'prefix')})`
      : '';
    const where = `WHERE EXISTS (SELECT 1 FROM flagwright_features f WHERE f.created_by_user_id = u.id AND f.archived_at IS NULL)
        AND (u.name <> '' OR u.username <> '' OR u.email <> '')${matching}`;
    const rows = await this.db.query<{ id: number | string; name: string | null; username: string | null; email: string | null }>(
      `SELECT u.id, u.name, u.username, u.email FROM flagwright_users u ${where}
        ORDER BY CASE WHEN u.name IS NULL THEN 1 ELSE 0 END, u.name${this.db.isPostgres ? ' COLLATE "C"' : ''}, u.id LIMIT :limit OFFSET :offset`,
      params,
    );
    const total = await this.db.one<{ total: number | string }>(`SELECT COUNT(*) AS total FROM flagwright_users u ${where}`, params);
    return {
      flagCreators: rows.map((row) => ({ id: Number(row.id), name: (row.name || row.username || row.email)! })),
      total: Number(total?.total ?? 0),
    };
  }
}
