import type { EnvironmentGrants, ProjectFeatureStates } from '../environment.service.js';

/** The features module's side of a project's environments: records what it was asked to do. */
export class FakeProjectFeatureStates implements ProjectFeatureStates {
  readonly calls: string[] = [];

  async addProjectEnvironment(projectId: string, environment: string): Promise<void> {
    this.calls.push(`add ${projectId} ${environment}`);
  }
  async copyProjectEnvironment(projectId: string, from: string, to: string): Promise<[]> {
    this.calls.push(`copy ${projectId} ${from} ${to}`);
    return [];
  }
  async removeProjectEnvironment(projectId: string, environment: string): Promise<void> {
    this.calls.push(`remove ${projectId} ${environment}`);
  }
}

/** The roles module's side of an environment's grants: records what it was asked to do. */
export class FakeEnvironmentGrants implements EnvironmentGrants {
  readonly calls: string[] = [];

  async copy(from: string, to: string): Promise<void> {
    this.calls.push(`copy ${from} ${to}`);
  }
  async remove(environment: string): Promise<void> {
    this.calls.push(`remove ${environment}`);
  }
}
