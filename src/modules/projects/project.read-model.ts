import { Injectable } from '@nestjs/common';
import { Database, toIso } from '../../core/database/database.js';
import { type Project, PROJECT_MODE, type ProjectOverview, type ProjectSummary } from './project.model.js';

interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  default_stickiness: string;
  created_at: unknown;
  updated_at: unknown;
}

interface SummaryRow extends ProjectRow {
  feature_count: unknown;
  stale_count: unknown;
  member_count: unknown;
}

const COLUMNS = 'p.id, p.name, p.description, p.default_stickiness, p.created_at, p.updated_at';

/** Counts per project in one pass each: active and stale features, and members (direct or through groups). */
const SUMMARY = `SELECT ${COLUMNS},
         COALESCE(fc.total, 0) AS feature_count, COALESCE(fc.stale, 0) AS stale_count, COALESCE(mc.members, 0) AS member_count
    FROM flagwright_projects p
    LEFT JOIN (SELECT project, COUNT(*) AS total,
                      SUM(CASE WHEN stale = true OR potentially_stale = true THEN 1 ELSE 0 END) AS stale
                 FROM flagwright_features WHERE archived_at IS NULL GROUP BY project) fc ON fc.project = p.id
    LEFT JOIN (SELECT project, COUNT(DISTINCT user_id) AS members
                 FROM (SELECT ru.project, ru.user_id FROM flagwright_role_users ru
                       UNION
                       SELECT gr.project, gu.user_id FROM flagwright_group_roles gr JOIN flagwright_group_users gu ON gu.group_id = gr.group_id) m
                GROUP BY project) mc ON mc.project = p.id`;

/** Project listings and the questions other modules ask about projects. */
@Injectable()
export class ProjectReadModel {
  constructor(private readonly db: Database) {}

  async list(): Promise<ProjectSummary[]> {
    const rows = await this.db.query<SummaryRow>(`${SUMMARY} ORDER BY p.name, p.id`);
    return rows.map(toSummary);
  }

  async overview(projectId: string): Promise<ProjectOverview | undefined> {
    const row = await this.db.one<SummaryRow>(`${SUMMARY} WHERE p.id = :projectId`, { projectId });
    if (!row) return undefined;
    const environments = await this.db.query<{ environment_name: string }>(
      `SELECT pe.environment_name FROM flagwright_project_environments pe JOIN flagwright_environments e ON e.name = pe.environment_name
        WHERE pe.project_id = :projectId ORDER BY e.sort_order, e.name`,
      { projectId },
    );
    return { ...toSummary(row), environments: environments.map((e) => ({ environment: e.environment_name })) };
  }

  async find(projectId: string): Promise<Project | undefined> {
    const row = await this.db.one<ProjectRow>(`SELECT ${COLUMNS} FROM flagwright_projects p WHERE p.id = :projectId`, { projectId });
    return row && toProject(row);
  }

  /** Ids among `candidates` that are taken, to derive a free id from a project name. */
  async takenIds(candidates: string[]): Promise<Set<string>> {
    if (candidates.length === 0) return new Set();
    const rows = await this.db.query<{ id: string }>('SELECT id FROM flagwright_projects WHERE id IN (:...candidates)', { candidates });
    return new Set(rows.map((row) => row.id));
  }
}

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    defaultStickiness: row.default_stickiness,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at),
  };
}

function toSummary(row: SummaryRow): ProjectSummary {
  const featureCount = Number(row.feature_count);
  const staleCount = Number(row.stale_count);
  return {
    ...toProject(row),
    mode: PROJECT_MODE,
    featureCount,
    memberCount: Number(row.member_count),
    health: featureCount === 0 ? 100 : Math.round((100 * (featureCount - staleCount)) / featureCount),
  };
}
