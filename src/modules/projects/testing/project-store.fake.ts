import type { FakeFeatureTables } from '../../features/testing/feature-tables.fake.js';
import type { NewProject, Project, ProjectChanges } from '../project.model.js';
import { ProjectStore } from '../project.store.js';

/**
 * `projects` in memory, seeded with `default` and `other`; a project's features are those of the features'
 * FakeFeatureTables, whose project list it keeps up to date.
 */
export class FakeProjectStore extends ProjectStore {
  readonly rows: Project[] = ['default', 'other'].map((id) => ({
    id,
    name: id,
    description: null,
    defaultStickiness: 'default',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: null,
  }));
  readonly locked: string[] = [];

  constructor(readonly tables: FakeFeatureTables) {
    super();
  }

  async insert(project: NewProject, createdAt: Date): Promise<boolean> {
    if (this.rows.some((row) => row.id === project.id)) return false;
    this.rows.push({ ...project, createdAt: createdAt.toISOString(), updatedAt: createdAt.toISOString() });
    this.tables.projects.set(project.id, []);
    return true;
  }
  async update(projectId: string, changes: ProjectChanges, updatedAt: Date): Promise<void> {
    const row = this.rows.find((r) => r.id === projectId)!;
    row.name = changes.name;
    if (changes.description !== undefined) row.description = changes.description;
    if (changes.defaultStickiness !== undefined) row.defaultStickiness = changes.defaultStickiness;
    row.updatedAt = updatedAt.toISOString();
  }
  async delete(projectId: string): Promise<void> {
    this.rows.splice(
      this.rows.findIndex((r) => r.id === projectId),
      1,
    );
    this.tables.projects.delete(projectId);
  }
  async lock(projectId: string): Promise<boolean> {
    this.locked.push(projectId);
    return this.rows.some((row) => row.id === projectId);
  }
  async featuresOf(projectId: string): Promise<{ name: string; archived: boolean }[]> {
    return [...this.tables.features.values()]
      .filter((feature) => feature.project === projectId)
      .map((feature) => ({ name: feature.name, archived: feature.archivedAt !== null }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
}
