import { Injectable } from '@nestjs/common';
import { Database, toBool } from '../../core/database/database.js';
import type { Environment, NewEnvironment } from './environment.model.js';

/** The write model of environments and of which projects use them (`flagwright_environments`, `flagwright_project_environments`). */
export abstract class EnvironmentStore {
  /** Answers false when an environment of that name exists already. */
  abstract insert(environment: NewEnvironment, createdAt: Date): Promise<boolean>;
  /** Enables every enabled environment in a (new) project; answers their names. */
  abstract enableAllInProject(projectId: string): Promise<string[]>;
  /** Enables the environment in the project. Answers false when it was enabled already. */
  abstract enableInProject(projectId: string, environment: string): Promise<boolean>;
  /** Disables the environment in the project. Answers false when it was not enabled. */
  abstract disableInProject(projectId: string, environment: string): Promise<boolean>;
  /** The environment, its row held until the transaction ends (PostgreSQL); undefined when there is none. */
  abstract lock(name: string): Promise<Environment | undefined>;
  abstract update(name: string, changes: { type: string; sortOrder: number; enabled: boolean }): Promise<void>;
  /** Deletes the environment: its projects' links, features' states and strategies there go with it (ON DELETE CASCADE). */
  abstract delete(name: string): Promise<void>;
  /** The projects that have the environment enabled. */
  abstract projectsWith(name: string): Promise<string[]>;
}

@Injectable()
export class SqlEnvironmentStore extends EnvironmentStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(environment: NewEnvironment, createdAt: Date): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO flagwright_environments (name, type, sort_order, enabled, protected, created_at)
       VALUES (:name, :type, :sortOrder, :enabled, false, :createdAt) ON CONFLICT (name) DO NOTHING RETURNING name`,
      { ...environment, createdAt: this.db.toTimestamp(createdAt) },
    );
    return rows.length > 0;
  }

  async enableAllInProject(projectId: string): Promise<string[]> {
    const rows = await this.db.query<{ environment_name: string }>(
      `INSERT INTO flagwright_project_environments (project_id, environment_name)
       SELECT :projectId, name FROM flagwright_environments WHERE enabled = true
       ON CONFLICT DO NOTHING RETURNING environment_name`,
      { projectId },
    );
    return rows.map((row) => row.environment_name);
  }

  async enableInProject(projectId: string, environment: string): Promise<boolean> {
    const added = await this.db.execute(
      `INSERT INTO flagwright_project_environments (project_id, environment_name) VALUES (:projectId, :environment) ON CONFLICT DO NOTHING`,
      { projectId, environment },
    );
    return added > 0;
  }

  async disableInProject(projectId: string, environment: string): Promise<boolean> {
    return (
      (await this.db.execute(
        'DELETE FROM flagwright_project_environments WHERE project_id = :projectId AND environment_name = :environment',
        {
          projectId,
          environment,
        },
      )) > 0
    );
  }

  async lock(name: string): Promise<Environment | undefined> {
    const row = await this.db.one<{ name: string; type: string; enabled: unknown; sort_order: number | string; protected: unknown }>(
      `SELECT name, type, enabled, sort_order, protected FROM flagwright_environments WHERE name = :name${this.db.isPostgres ? ' FOR UPDATE' : ''}`,
      { name },
    );
    return (
      row && {
        name: row.name,
        type: row.type,
        enabled: toBool(row.enabled),
        sortOrder: Number(row.sort_order),
        protected: toBool(row.protected),
      }
    );
  }

  async update(name: string, changes: { type: string; sortOrder: number; enabled: boolean }): Promise<void> {
    await this.db.execute(
      'UPDATE flagwright_environments SET type = :type, sort_order = :sortOrder, enabled = :enabled WHERE name = :name',
      {
        name,
        ...changes,
      },
    );
  }

  async delete(name: string): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_environments WHERE name = :name', { name });
  }

  async projectsWith(name: string): Promise<string[]> {
    const rows = await this.db.query<{ project_id: string }>(
      'SELECT project_id FROM flagwright_project_environments WHERE environment_name = :name ORDER BY project_id',
      { name },
    );
    return rows.map((row) => row.project_id);
  }
}
