import { fakeDatabase } from '../../../core/testing/fake-database.js';
import { type Project, PROJECT_MODE, type ProjectOverview, type ProjectSummary } from '../project.model.js';
import { ProjectReadModel } from '../project.read-model.js';
import type { FakeProjectStore } from './project-store.fake.js';

/** Reads a FakeProjectStore: listings by name, counts of its active features; members as the spec sets them. */
export class FakeProjectReadModel extends ProjectReadModel {
  readonly memberCounts = new Map<string, number>();

  constructor(private readonly store: FakeProjectStore) {
    super(fakeDatabase());
  }

  override async list(): Promise<ProjectSummary[]> {
    return [...this.store.rows].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)).map((row) => this.summary(row));
  }

  override async overview(projectId: string): Promise<ProjectOverview | undefined> {
    const row = this.store.rows.find((r) => r.id === projectId);
    if (!row) return undefined;
    const environments = this.store.tables.projects.get(projectId) ?? [];
    return { ...this.summary(row), environments: environments.map((environment) => ({ environment })) };
  }

  override async find(projectId: string): Promise<Project | undefined> {
    const row = this.store.rows.find((r) => r.id === projectId);
    return row && { ...row };
  }

  override async takenIds(candidates: string[]): Promise<Set<string>> {
    return new Set(this.store.rows.map((row) => row.id).filter((id) => candidates.includes(id)));
  }

  private summary(row: Project): ProjectSummary {
    const active = [...this.store.tables.features.values()].filter((feature) => feature.project === row.id && !feature.archivedAt);
    const fresh = active.filter((feature) => !feature.stale).length;
    return {
      ...row,
      mode: PROJECT_MODE,
      featureCount: active.length,
      memberCount: this.memberCounts.get(row.id) ?? 0,
      health: active.length === 0 ? 100 : Math.round((100 * fresh) / active.length),
    };
  }
}
