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
  async lock(name: string): Promise<Environment | undefined> {
    const found = this.environments.find((e) => e.name === name);
    return found && { ...found };
  }
  async update(name: string, changes: { type: string; sortOrder: number; enabled: boolean }): Promise<void> {
    const found = this.environments.find((e) => e.name === name)!;
    Object.assign(found, { type: changes.type, sortOrder: changes.sortOrder, enabled: changes.enabled });
  }
  async delete(name: string): Promise<void> {
    this.environments.splice(
      this.environments.findIndex((e) => e.name === name),
      1,
    );
    for (const enabled of this.projects.values()) enabled.delete(name);
  }
  async projectsWith(name: string): Promise<string[]> {
    return [...this.projects]
      .filter(([, enabled]) => enabled.has(name))
      .map(([projectId]) => projectId)
      .sort();
  }
}
