import type { ProjectFeatureStates } from '../environment.service.js';

/** The features module's side of a project's environments: records what it was asked to do. */
export class FakeProjectFeatureStates implements ProjectFeatureStates {
  readonly calls: string[] = [];

  async addProjectEnvironment(projectId: string, environment: string): Promise<void> {
    this.calls.push(`add ${projectId} ${environment}`);
  }
  async removeProjectEnvironment(projectId: string, environment: string): Promise<void> {
    this.calls.push(`remove ${projectId} ${environment}`);
  }
}
