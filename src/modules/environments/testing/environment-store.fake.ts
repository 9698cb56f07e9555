import type { Environment, NewEnvironment } from '../environment.model.js';
import { EnvironmentStore } from '../environment.store.js';

/** `flagwright_environments` and `flagwright_project_environments` in memory, with `development` and `production` and project `default`. */
export class FakeEnvironmentStore extends EnvironmentStore {
  readonly environments: Environment[] = [
    { name: 'development', type: 'development', enabled: true, sortOrder: 100, protected: false },
    { name: 'production', type: 'production', enabled: true, sortOrder: 200, protected: false },
  ];
  /** The environments enabled in each project. */
  readonly projects = new Map<string, Set<string>>([['default', new Set(['development', 'production'])]]);

  async insert(environment: NewEnvironment): Promise<boolean> {
    if (this.environments.some((e) => e.name === environment.name)) return false;
    this.environments.push({ ...environment, protected: false });
    return true;
  }
  async enableAllInProject(projectId: string): Promise<string[]> {
    const names = this.environments.filter((e) => e.enabled).map((e) => e.name);
    this.projects.set(projectId, new Set(names));
    return names;
  }
  async enableInProject(projectId: string, environment: string): Promise<boolean> {
    const enabled = this.projects.get(projectId)!;
    if (enabled.has(environment)) return false;
    enabled.add(environment);
    return true;
  }
  async disableInProject(projectId: string, environment: string): Promise<boolean> {
    return this.projects.get(projectId)?.delete(environment) ?? false;
  }
}
