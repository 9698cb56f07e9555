import { Injectable } from '@nestjs/common';
import { Database } from '../database/database.js';

/** The environments and projects a token may name; also asked by the client and frontend APIs. */
@Injectable()
export class ApiTokenReferencesReadModel {
  constructor(private readonly db: Database) {}

  async environmentExists(name: string): Promise<boolean> {
    return Boolean(await this.db.one('SELECT name FROM flagwright_environments WHERE name = :name', { name }));
  }

  /** The ids among `projects` that name no project. */
  async unknownProjects(projects: string[]): Promise<string[]> {
    if (projects.length === 0) return [];
    const rows = await this.db.query<{ id: string }>('SELECT id FROM flagwright_projects WHERE id IN (:...projects)', { projects });
    const known = new Set(rows.map((row) => row.id));
    return projects.filter((project) => !known.has(project));
  }
}
