import { fakeDatabase } from '../../../core/testing/fake-database.js';
import type { Environment, EnvironmentWithCounts, ProjectEnvironment } from '../environment.model.js';
import { EnvironmentReadModel, type ProjectEnvironmentLocation } from '../environment.read-model.js';
import type { FakeEnvironmentStore } from './environment-store.fake.js';

/** Reads a FakeEnvironmentStore, ordered by sort order then name; token and feature counts are 0. */
export class FakeEnvironmentReadModel extends EnvironmentReadModel {
  constructor(private readonly store: FakeEnvironmentStore) {
    super(fakeDatabase());
  }

  override async list(): Promise<EnvironmentWithCounts[]> {
    return this.sorted().map((environment) => ({
      ...environment,
      projectCount: [...this.store.projects.values()].filter((names) => names.has(environment.name)).length,
      apiTokenCount: 0,
      enabledToggleCount: 0,
    }));
  }

  override async find(name: string): Promise<Environment | undefined> {
    return this.store.environments.find((environment) => environment.name === name);
  }

  override async forProject(projectId: string): Promise<ProjectEnvironment[] | undefined> {
    const enabled = this.store.projects.get(projectId);
    if (!enabled) return undefined;
    return this.sorted().map((environment) => ({
      ...environment,
      visible: enabled.has(environment.name),
      projectApiTokenCount: 0,
      projectEnabledToggleCount: 0,
    }));
  }

  override async locateInProject(projectId: string, environment: string): Promise<ProjectEnvironmentLocation> {
    return {
      projectExists: this.store.projects.has(projectId),
      environment: await this.find(environment),
      enabledInProject: this.store.projects.get(projectId)?.has(environment) ?? false,
    };
  }

  private sorted(): Environment[] {
    return [...this.store.environments].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  }
}
