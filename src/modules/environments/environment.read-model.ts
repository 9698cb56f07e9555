import { Injectable } from '@nestjs/common';
import { Database, toBool } from '../../core/database/database.js';
import type { Environment, EnvironmentWithCounts, ProjectEnvironment } from './environment.model.js';

interface EnvironmentRow {
  name: string;
  type: string;
  enabled: unknown;
  sort_order: number | string;
  protected: unknown;
}

/** What exists of a project's environment URL, read in one statement. */
export interface ProjectEnvironmentLocation {
  projectExists: boolean;
  environment?: Environment;
  enabledInProject: boolean;
}

/** Environment listings and the questions other modules ask about environments. */
@Injectable()
export class EnvironmentReadModel {
  constructor(private readonly db: Database) {}

  async list(): Promise<EnvironmentWithCounts[]> {
    const rows = await this.db.query<EnvironmentRow & { project_count: unknown; api_token_count: unknown; enabled_toggle_count: unknown }>(
      `SELECT e.name, e.type, e.enabled, e.sort_order, e.protected,
              (SELECT COUNT(*) FROM flagwright_project_environments pe WHERE pe.environment_name = e.name) AS project_count,
              (SELECT COUNT(*) FROM flagwright_api_tokens t WHERE t.environment = e.name) AS api_token_count,
              (SELECT COUNT(*) FROM flagwright_feature_environments fe JOIN flagwright_features f ON f.name = fe.feature_name
                WHERE fe.environment = e.name AND fe.enabled = true AND f.archived_at IS NULL) AS enabled_toggle_count
         FROM flagwright_environments e
        ORDER BY e.sort_order, e.name`,
    );
    return rows.map((row) => ({
      ...toEnvironment(row),
      projectCount: Number(row.project_count),
      apiTokenCount: Number(row.api_token_count),
      enabledToggleCount: Number(row.enabled_toggle_count),
    }));
  }

  async find(name: string): Promise<Environment | undefined> {
    const row = await this.db.one<EnvironmentRow>(
      'SELECT name, type, enabled, sort_order, protected FROM flagwright_environments WHERE name = :name',
      { name },
    );
    return row && toEnvironment(row);
  }

  /** Every environment, each saying whether the project has it enabled. Undefined when the project does not exist. */
  async forProject(projectId: string): Promise<ProjectEnvironment[] | undefined> {
    if (!(await this.db.one('SELECT id FROM flagwright_projects WHERE id = :projectId', { projectId }))) return undefined;
    const rows = await this.db.query<
      EnvironmentRow & { visible: unknown; project_api_token_count: unknown; project_enabled_toggle_count: unknown }
    >(
      `SELECT e.name, e.type, e.enabled, e.sort_order, e.protected,
              CASE WHEN pe.project_id IS NULL THEN false ELSE true END AS visible,
              (SELECT COUNT(*) FROM flagwright_api_tokens t JOIN flagwright_api_token_projects tp ON tp.token_id = t.id
                WHERE t.environment = e.name AND tp.project = :projectId) AS project_api_token_count,
              (SELECT COUNT(*) FROM flagwright_feature_environments fe JOIN flagwright_features f ON f.name = fe.feature_name
                WHERE fe.environment = e.name AND fe.enabled = true AND f.project = :projectId AND f.archived_at IS NULL) AS project_enabled_toggle_count
         FROM flagwright_environments e
         LEFT JOIN flagwright_project_environments pe ON pe.environment_name = e.name AND pe.project_id = :projectId
        ORDER BY e.sort_order, e.name`,
      { projectId },
    );
    return rows.map((row) => ({
      ...toEnvironment(row),
      visible: toBool(row.visible),
      projectApiTokenCount: Number(row.project_api_token_count),
      projectEnabledToggleCount: Number(row.project_enabled_toggle_count),
    }));
  }

  async locateInProject(projectId: string, environment: string): Promise<ProjectEnvironmentLocation> {
    const row = await this.db.one<Partial<EnvironmentRow> & { project_id: string | null; linked: string | null }>(
      `SELECT p.id AS project_id, e.name, e.type, e.enabled, e.sort_order, e.protected, pe.environment_name AS linked
         FROM (SELECT 1 AS here) x
         LEFT JOIN flagwright_projects p ON p.id = :projectId
         LEFT JOIN flagwright_environments e ON e.name = :environment
         LEFT JOIN flagwright_project_environments pe ON pe.project_id = :projectId AND pe.environment_name = :environment`,
      { projectId, environment },
    );
    return {
      projectExists: row?.project_id != null,
      environment: row?.name != null ? toEnvironment(row as EnvironmentRow) : undefined,
      enabledInProject: row?.linked != null,
    };
  }
}

function toEnvironment(row: EnvironmentRow): Environment {
  return {
    name: row.name,
    type: row.type,
    enabled: toBool(row.enabled),
    sortOrder: Number(row.sort_order),
    protected: toBool(row.protected),
  };
}
