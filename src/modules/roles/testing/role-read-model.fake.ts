import { fakeDatabase } from '../../../core/testing/fake-database.js';
import { sortPermissions } from '../role-permissions.js';
import { PROJECT_ROLE_TYPES, ROOT_ROLE_TYPES, type RoleSummary, type RoleUsage, type RoleWithPermissions } from '../role.model.js';
import { RoleReadModel } from '../role.read-model.js';
import { FakeRoleStore } from './role-store.fake.js';

const NO_HOLDERS: RoleUsage = { users: [], userCount: 0, groups: [], groupCount: 0 };

/** Reads the roles of a FakeRoleStore; the environments and who holds each role are set by the spec. */
export class FakeRoleReadModel extends RoleReadModel {
  readonly usageByRole = new Map<number, RoleUsage>();

  constructor(
    readonly store: FakeRoleStore = new FakeRoleStore(),
    readonly environments: string[] = ['development', 'production'],
  ) {
    super(fakeDatabase());
  }

  override async list(): Promise<RoleSummary[]> {
    return this.store.rows.map(({ id, name, description, type }) => ({ id, name, description, type, project: null }));
  }

  override async withPermissions(id: number): Promise<RoleWithPermissions | undefined> {
    const row = this.store.rows.find((r) => r.id === id);
    if (!row) return undefined;
    return {
      id,
      name: row.name,
      description: row.description,
      type: row.type,
      project: null,
      permissions: sortPermissions(row.permissions),
    };
  }

  override async rootRoleIds(ids: number[]): Promise<Set<number>> {
    return this.rolesOfTypes(ids, ROOT_ROLE_TYPES);
  }

  override async projectRoleIds(ids: number[]): Promise<Set<number>> {
    return this.rolesOfTypes(ids, PROJECT_ROLE_TYPES);
  }

  override async environmentNames(): Promise<Set<string>> {
    return new Set(this.environments);
  }

  override async usage(id: number): Promise<RoleUsage> {
    return this.usageByRole.get(id) ?? NO_HOLDERS;
  }

  private rolesOfTypes(ids: number[], types: readonly string[]): Set<number> {
    return new Set(this.store.rows.filter((row) => ids.includes(row.id) && types.includes(row.type)).map((row) => row.id));
  }
}
