import { fakeDatabase } from '../../../core/testing/fake-database.js';
import type { GroupReadModel } from '../../groups/index.js';
import type { RoleReadModel } from '../../roles/index.js';
import type { ProjectAccess } from '../project-access.model.js';
import { ProjectAccessReadModel } from '../project-access.read-model.js';
import type { FakeProjectAccessStore } from './project-access-store.fake.js';

/** The projects of a FakeProjectAccessStore; each project's access listing is what the spec sets (empty otherwise). */
export class FakeProjectAccessReadModel extends ProjectAccessReadModel {
  readonly listings = new Map<string, ProjectAccess>();

  constructor(private readonly store: FakeProjectAccessStore) {
    super(fakeDatabase(), {} as GroupReadModel, {} as RoleReadModel);
  }

  override async projectExists(projectId: string): Promise<boolean> {
    return this.store.projects.includes(projectId);
  }

  override async access(projectId: string): Promise<ProjectAccess> {
    return this.listings.get(projectId) ?? { roles: [], users: [], groups: [] };
  }
}
