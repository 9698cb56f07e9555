import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';
import type { NewProject, ProjectChanges } from './project.model.js';

/** The write model of projects (`projects`, and the project roles their creators get). */
export abstract class ProjectStore {
  /** Answers false when a project with that id exists already. */
  abstract insert(project: NewProject, createdAt: Date): Promise<boolean>;
  abstract update(projectId: string, changes: ProjectChanges, updatedAt: Date): Promise<void>;
  abstract delete(projectId: string): Promise<void>;
  /**
   * Answers whether the project exists, holding its row until the transaction ends on PostgreSQL, so no feature
   * can be created in it meanwhile (feature creation reads the project row FOR SHARE).
   */
  abstract lock(projectId: string): Promise<boolean>;
  /** The project's features, active and archived. */
  abstract featuresOf(projectId: string): Promise<{ name: string; archived: boolean }[]>;
}

@Injectable()
export class SqlProjectStore extends ProjectStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(project: NewProject, createdAt: Date): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO flagwright_projects (id, name, description, default_stickiness, created_at, updated_at)
       VALUES (:id, :name, :description, :defaultStickiness, :createdAt, :createdAt) ON CONFLICT (id) DO NOTHING RETURNING id`,
      { ...project, createdAt: this.db.toTimestamp(createdAt) },
    );
    return rows.length > 0;
  }

  async update(projectId: string, changes: ProjectChanges, updatedAt: Date): Promise<void> {
    const sets = ['name = :name', 'updated_at = :updatedAt'];
    if (changes.description !== undefined) sets.push('description = :description');
    if (changes.defaultStickiness !== undefined) sets.push('default_stickiness = :defaultStickiness');
    await this.db.execute(`UPDATE flagwright_projects SET ${sets.join(', ')} WHERE id = :projectId`, {
      projectId,
      name: changes.name,
      description: changes.description ?? null,
      defaultStickiness: changes.defaultStickiness ?? null,
      updatedAt: this.db.toTimestamp(updatedAt),
    });
  }

  async delete(projectId: string): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_projects WHERE id = :projectId', { projectId });
  }

  async lock(projectId: string): Promise<boolean> {
    const lock = this.db.isPostgres ? ' FOR UPDATE' : '';
    return Boolean(await this.db.one(`SELECT id FROM flagwright_projects WHERE id = :projectId${lock}`, { projectId }));
  }

  async featuresOf(projectId: string): Promise<{ name: string; archived: boolean }[]> {
    const rows = await this.db.query<{ name: string; archived_at: unknown }>(
      'SELECT name, archived_at FROM flagwright_features WHERE project = :projectId ORDER BY name',
      { projectId },
    );
    return rows.map((row) => ({ name: row.name, archived: row.archived_at !== null && row.archived_at !== undefined }));
  }
}
