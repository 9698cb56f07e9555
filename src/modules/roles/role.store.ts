import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';
import type { CustomRoleType, RolePermission, RoleRecord } from './role.model.js';
import { type RoleRow, toRecord } from './role.read-model.js';

/** The write model of roles (`flagwright_roles`, `flagwright_role_permissions`). */
export abstract class RoleStore {
  /** The new role's id, or undefined when the name is taken. */
  abstract insert(role: { name: string; description: string; type: CustomRoleType }, createdAt: Date): Promise<number | undefined>;
  /** The role, held until the transaction ends on PostgreSQL so no one assigns or changes it meanwhile. */
  abstract lock(id: number): Promise<RoleRecord | undefined>;
  abstract nameTakenByOther(name: string, id: number): Promise<boolean>;
  abstract update(id: number, changes: { name: string; description: string }): Promise<void>;
  abstract replacePermissions(id: number, permissions: RolePermission[]): Promise<void>;
  abstract delete(id: number): Promise<void>;
  /** Grants in environment `to` every permission roles grant in environment `from` (custom roles name one environment each). */
  abstract copyEnvironmentPermissions(from: string, to: string): Promise<void>;
  /** Removes the grants limited to the environment. */
  abstract deleteEnvironmentPermissions(environment: string): Promise<void>;
}

@Injectable()
export class SqlRoleStore extends RoleStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(role: { name: string; description: string; type: CustomRoleType }, createdAt: Date): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number | string }>(
      `INSERT INTO flagwright_roles (name, description, type, built_in, created_at) VALUES (:name, :description, :type, false, :createdAt)
       ON CONFLICT (name) DO NOTHING RETURNING id`,
      { ...role, createdAt: this.db.toTimestamp(createdAt) },
    );
    return row ? Number(row.id) : undefined;
  }

  async lock(id: number): Promise<RoleRecord | undefined> {
    const lock = this.db.isPostgres ? ' FOR UPDATE' : '';
    const row = await this.db.one<RoleRow>(`SELECT id, name, description, type, built_in FROM flagwright_roles WHERE id = :id${lock}`, {
      id,
    });
    return row && toRecord(row);
  }

  async nameTakenByOther(name: string, id: number): Promise<boolean> {
    return Boolean(await this.db.one('SELECT id FROM flagwright_roles WHERE name = :name AND id <> :id', { name, id }));
  }

  async update(id: number, changes: { name: string; description: string }): Promise<void> {
    await this.db.execute('UPDATE flagwright_roles SET name = :name, description = :description WHERE id = :id', { id, ...changes });
  }

  async replacePermissions(id: number, permissions: RolePermission[]): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_role_permissions WHERE role_id = :id', { id });
    if (permissions.length === 0) return;
    const params: Record<string, unknown> = { id };
    const values = permissions.map((permission, i) => {
      params[`p${i}`] = permission.name;
      params[`e${i}`] = permission.environment ?? '';
      return `(:id, :p${i}, :e${i})`;
    });
    await this.db.execute(`INSERT INTO flagwright_role_permissions (role_id, permission, environment) VALUES ${values.join(', ')}`, params);
  }

  async delete(id: number): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_roles WHERE id = :id', { id });
  }

  async copyEnvironmentPermissions(from: string, to: string): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_role_permissions (role_id, permission, environment)
       SELECT role_id, permission, :to FROM flagwright_role_permissions WHERE environment = :from ON CONFLICT DO NOTHING`,
      { from, to },
    );
  }

  async deleteEnvironmentPermissions(environment: string): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_role_permissions WHERE environment = :environment', { environment });
  }
}
