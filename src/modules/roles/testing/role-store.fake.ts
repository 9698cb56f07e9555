import { BUILT_IN_ROLES } from '../../../core/access/permissions.js';
import type { CustomRoleType, RolePermission, RoleRecord } from '../role.model.js';
import { RoleStore } from '../role.store.js';

export interface FakeRoleRow extends RoleRecord {
  permissions: RolePermission[];
}

/** `flagwright_roles` and `flagwright_role_permissions` in memory, seeded with the six built-in roles; new ids count up from 7. */
export class FakeRoleStore extends RoleStore {
  readonly rows: FakeRoleRow[] = BUILT_IN_ROLES.map((role) => ({
    id: role.id,
    name: role.name,
    description: role.description,
    type: role.type,
    project: null,
    builtIn: true,
    permissions: role.permissions.map((name) => ({ name })),
  }));
  private nextId = 7;

  async insert(role: { name: string; description: string; type: CustomRoleType }): Promise<number | undefined> {
    if (this.rows.some((row) => row.name === role.name)) return undefined;
    const id = this.nextId++;
    this.rows.push({ id, ...role, project: null, builtIn: false, permissions: [] });
    return id;
  }
  async lock(id: number): Promise<RoleRecord | undefined> {
    const row = this.rows.find((r) => r.id === id);
    return row && { id: row.id, name: row.name, description: row.description, type: row.type, project: null, builtIn: row.builtIn };
  }
  async nameTakenByOther(name: string, id: number): Promise<boolean> {
    return this.rows.some((row) => row.name === name && row.id !== id);
  }
  async update(id: number, changes: { name: string; description: string }): Promise<void> {
    Object.assign(
      this.rows.find((r) => r.id === id)!,
      changes,
    );
  }
  async replacePermissions(id: number, permissions: RolePermission[]): Promise<void> {
    this.rows.find((r) => r.id === id)!.permissions = [...permissions];
  }
  async delete(id: number): Promise<void> {
    this.rows.splice(
      this.rows.findIndex((r) => r.id === id),
      1,
    );
  }
  async copyEnvironmentPermissions(from: string, to: string): Promise<void> {
    for (const row of this.rows) {
      const copies = row.permissions.filter((p) => p.environment === from).map((p) => ({ ...p, environment: to }));
      row.permissions.push(...copies.filter((copy) => !row.permissions.some((p) => p.name === copy.name && p.environment === to)));
    }
  }
  async deleteEnvironmentPermissions(environment: string): Promise<void> {
    for (const row of this.rows) row.permissions = row.permissions.filter((p) => p.environment !== environment);
  }
}
