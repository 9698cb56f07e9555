import { fakeDatabase } from './fake-database.js';
import { ApiTokenReferencesReadModel } from '../access/api-token-references.read-model.js';

/** The environments and projects that exist, as the spec names them. */
export class FakeApiTokenReferencesReadModel extends ApiTokenReferencesReadModel {
  constructor(
    readonly environments: string[] = ['development', 'production'],
    readonly projects: string[] = ['default', 'other'],
  ) {
    super(fakeDatabase());
  }

  override async environmentExists(name: string): Promise<boolean> {
    return this.environments.includes(name);
  }

  override async unknownProjects(projects: string[]): Promise<string[]> {
    return projects.filter((project) => !this.projects.includes(project));
  }
}
