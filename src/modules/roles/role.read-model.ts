import { Injectable } from '@nestjs/common';
import { Database, toBool } from '../../core/database/database.js';
import { sortPermissions } from './role-permissions.js';
import {
  PROJECT_ROLE_TYPES,
  ROOT_ROLE_TYPES,
  type RoleRecord,
  type RoleSummary,
  type RoleType,
  type RoleUsage,
  type RoleWithPermissions,
} from './role.model.js';

export interface RoleRow {
  id: number | string;
  name: string;
  description: string | null;
  type: string;
  built_in: unknown;
}

interface RoleWithPermissionRow extends RoleRow {
  permission: string | null;
  environment: string | null;
}

/** How many holders of a role are named in a refusal to delete it; the counts are always complete. */
const NAMED_HOLDERS = 10;

/** Role listings and the questions other modules ask about roles (is this a root role? a project role?). */
@Injectable()
export class RoleReadModel {
  constructor(private readonly db: Database) {}

  async list(): Promise<RoleSummary[]> {
    const rows = await this.db.query<RoleRow>('SELECT id, name, description, type, built_in FROM flagwright_roles ORDER BY id');
    return rows.map(toSummary);
  }

  /** Project roles (built-in and custom), for the roles a project's access can use. */
  async projectRoles(): Promise<RoleSummary[]> {
    const rows = await this.db.query<RoleRow>(
      'SELECT id, name, description, type, built_in FROM flagwright_roles WHERE type IN (:...types) ORDER BY id',
      {
        types: [...PROJECT_ROLE_TYPES],
      },
    );
    return rows.map(toSummary);
  }

  async withPermissions(id: number): Promise<RoleWithPermissions | undefined> {
    const rows = await this.db.query<RoleWithPermissionRow>(
      `SELECT r.id, r.name, r.description, r.type, r.built_in, rp.permission, rp.environment
         FROM flagwright_roles r LEFT JOIN flagwright_role_permissions rp ON rp.role_id = r.id
        WHERE r.id = :id`,
      { id },
    );
    if (rows.length === 0) return undefined;
    const permissions = rows
      .filter((row) => row.permission !== null)
      .map((row) => (row.environment ? { name: row.permission!, environment: row.environment } : { name: row.permission! }));
    return { ...toSummary(rows[0]), permissions: sortPermissions(permissions) };
  }

  /** Which of `ids` are root roles (built-in or custom). */
  async rootRoleIds(ids: number[]): Promise<Set<number>> {
    return this.idsOfTypes(ids, ROOT_ROLE_TYPES);
  }

  /** Which of `ids` are project roles (built-in or custom). */
  async projectRoleIds(ids: number[]): Promise<Set<number>> {
    return this.idsOfTypes(ids, PROJECT_ROLE_TYPES);
  }

  async environmentNames(): Promise<Set<string>> {
    const rows = await this.db.query<{ name: string }>('SELECT name FROM flagwright_environments ORDER BY sort_order, name');
    return new Set(rows.map((row) => row.name));
  }

  /** Accounts and groups holding the role, as root role or in any project. */
  async usage(id: number): Promise<RoleUsage> {
    const users = await this.db.query<{ id: number | string; username: string | null; email: string | null; name: string | null }>(
      `SELECT u.id, u.username, u.email, u.name FROM flagwright_users u
        WHERE u.root_role_id = :id OR EXISTS (SELECT 1 FROM flagwright_role_users ru WHERE ru.user_id = u.id AND ru.role_id = :id)
        ORDER BY u.id`,
      { id },
    );
    const groups = await this.db.query<{ name: string }>(
      `SELECT g.name FROM flagwright_user_groups g
        WHERE g.root_role_id = :id OR EXISTS (SELECT 1 FROM flagwright_group_roles gr WHERE gr.group_id = g.id AND gr.role_id = :id)
        ORDER BY g.id`,
      { id },
    );
    return {
      users: users.slice(0, NAMED_HOLDERS).map((user) => user.username ?? user.email ?? user.name ?? `user-${user.id}`),
      userCount: users.length,
      groups: groups.slice(0, NAMED_HOLDERS).map((group) => group.name),
      groupCount: groups.length,
    };
  }

  private async idsOfTypes(ids: number[], types: readonly string[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.query<{ id: number | string }>(
      'SELECT id FROM flagwright_roles WHERE id IN (:...ids) AND type IN (:...types)',
      {
        ids: [...new Set(ids)],
        types: [...types],
      },
    );
    return new Set(rows.map((row) => Number(row.id)));
  }
}

export function toSummary(row: RoleRow): RoleSummary {
  return { id: Number(row.id), name: row.name, description: row.description ?? '', type: row.type as RoleType, project: null };
}

export function toRecord(row: RoleRow): RoleRecord {
  return { ...toSummary(row), builtIn: toBool(row.built_in) };
}
