import { Injectable } from '@nestjs/common';
import { ROLE } from '../../core/access/permissions.js';
import { containsPattern, Database, parseJson, startsWithPattern, toBool, toIso } from '../../core/database/database.js';
import type { GroupRow } from '../groups/index.js';
import type { RoleSummary } from '../roles/index.js';
import type { AdminCount, BaseGroup, BaseUser, GroupItem, InactivePerson } from './user-directory.model.js';
import { toUserSchema, userColumns, type UserRow } from './user.read-model.js';
import type { RootRoleJson, UserJson } from './user.model.js';

/**
 * The lookups of people that are not one account's record: search, the minimal directory of accounts and groups a
 * project owner picks from, admin counts, inactive people, and what a person's profile shows (their groups, the
 * projects where they hold a role, their roles in one project). Reads only; the groups, roles and project
 * memberships it reads are written by `groups`, `roles` and `project-access`.
 */
@Injectable()
export class UserDirectoryReadModel {
  constructor(private readonly db: Database) {}

  /** People whose name contains `query`, or whose username or email starts with it, ignoring case; by id. */
  async searchPeople(query: string): Promise<UserJson[]> {
    const rows = await this.db.query<UserRow>(
      `SELECT ${userColumns()} FROM flagwright_users
        WHERE is_service = false
          AND (${this.db.containsIgnoringCase('name', 'anywhere')} OR ${this.db.containsIgnoringCase('username', 'prefix')}
               OR ${this.db.containsIgnoringCase('email', 'prefix')})
        ORDER BY id`,
      { anywhere: containsPattern(query), prefix: startsWithPattern(query) },
    );
    return rows.map((row) => toUserSchema(row));
  }

  /** Every account, people and service accounts, by id: only what identifies it. */
  async baseUsers(): Promise<BaseUser[]> {
    const rows = await this.db.query<{
      id: number | string;
      name: string | null;
      username: string | null;
      email: string | null;
      is_service: unknown;
    }>('SELECT id, name, username, email, is_service FROM flagwright_users ORDER BY id');
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      username: row.username,
      ...(row.email && { email: row.email }),
      accountType: toBool(row.is_service) ? 'Service Account' : 'User',
    }));
  }

  /** Every group with its member count and root role, by name (byte order) then id. */
  async baseGroups(): Promise<BaseGroup[]> {
    const rows = await this.db.query<{ id: number | string; name: string; root_role_id: number | string | null; members: number | string }>(
      `SELECT g.id, g.name, g.root_role_id, (SELECT COUNT(*) FROM flagwright_group_users gu WHERE gu.group_id = g.id) AS members
         FROM flagwright_user_groups g ORDER BY g.name${this.binary}, g.id`,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      userCount: Number(row.members),
      rootRole: row.root_role_id === null ? null : Number(row.root_role_id),
    }));
  }

  /** Accounts whose own root role is Admin: people with and without a password, and service accounts. */
  async adminCount(): Promise<AdminCount> {
    const row = await this.db.one<{
      password: number | string | null;
      no_password: number | string | null;
      service: number | string | null;
    }>(
      `SELECT SUM(CASE WHEN is_service = false AND password_hash IS NOT NULL THEN 1 ELSE 0 END) AS password,
              SUM(CASE WHEN is_service = false AND password_hash IS NULL THEN 1 ELSE 0 END) AS no_password,
              SUM(CASE WHEN is_service = true THEN 1 ELSE 0 END) AS service
         FROM flagwright_users WHERE root_role_id = :admin`,
      { admin: ROLE.ADMIN },
    );
    return { password: Number(row?.password ?? 0), noPassword: Number(row?.no_password ?? 0), service: Number(row?.service ?? 0) };
  }

  /**
   * People created before `since` who have neither logged in nor used a personal access token since (Unleash's
   * rule), by id; `patSeenAt` is the last use of any of their tokens.
   */
  async inactivePeople(since: Date): Promise<InactivePerson[]> {
    const rows = await this.db.query<{
      id: number | string;
      name: string | null;
      username: string | null;
      email: string | null;
      seen_at: unknown;
      created_at: unknown;
      pat_seen_at: unknown;
    }>(
      `SELECT u.id, u.name, u.username, u.email, u.seen_at, u.created_at,
              (SELECT MAX(p.seen_at) FROM flagwright_personal_access_tokens p WHERE p.user_id = u.id) AS pat_seen_at
         FROM flagwright_users u
        WHERE u.is_service = false AND u.created_at < :since AND (u.seen_at IS NULL OR u.seen_at < :since)
          AND NOT EXISTS (SELECT 1 FROM flagwright_personal_access_tokens p WHERE p.user_id = u.id AND p.seen_at >= :since)
        ORDER BY u.id`,
      { since: this.db.toTimestamp(since) },
    );
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      ...(row.email && { email: row.email }),
      username: row.username,
      seenAt: toIso(row.seen_at),
      createdAt: toIso(row.created_at)!,
      patSeenAt: toIso(row.pat_seen_at),
    }));
  }

  /** The root role an account holds itself (not through a group). */
  async rootRoleOf(userId: number): Promise<RootRoleJson | undefined> {
    const row = await this.db.one<RoleRow>(
      `SELECT r.id, r.name, r.description, r.type FROM flagwright_users u JOIN flagwright_roles r ON r.id = u.root_role_id WHERE u.id = :userId`,
      { userId },
    );
    return row && { id: Number(row.id), name: row.name, description: row.description, type: row.type as RootRoleJson['type'] };
  }

  /** The groups an account is a member of, by name (byte order) then id. */
  async groupsOf(userId: number): Promise<GroupItem[]> {
    const rows = await this.db.query<Omit<GroupRow, 'created_by' | 'created_at'>>(
      `SELECT g.id, g.name, g.description, g.mappings_sso, g.root_role_id, g.scim_id
         FROM flagwright_user_groups g JOIN flagwright_group_users gu ON gu.group_id = g.id
        WHERE gu.user_id = :userId ORDER BY g.name${this.binary}, g.id`,
      { userId },
    );
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      description: row.description,
      mappingsSSO: parseJson<string[]>(row.mappings_sso, []),
      rootRole: row.root_role_id === null ? null : Number(row.root_role_id),
      scimId: row.scim_id,
    }));
  }

  /** The projects where an account holds a project role, itself or through a group, by id. */
  async projectsOf(userId: number): Promise<string[]> {
    const rows = await this.db.query<{ project: string }>(
      `SELECT ru.project FROM flagwright_role_users ru WHERE ru.user_id = :userId
       UNION
       SELECT gr.project FROM flagwright_group_roles gr JOIN flagwright_group_users gu ON gu.group_id = gr.group_id WHERE gu.user_id = :userId
       ORDER BY 1`,
      { userId },
    );
    return rows.map((row) => row.project);
  }

  /** The account's own root role and the project roles it holds in `project`, itself or through a group, by id. */
  async rolesIn(userId: number, project: string): Promise<RoleSummary[]> {
    const rows = await this.db.query<RoleRow>(
      `SELECT r.id, r.name, r.description, r.type FROM flagwright_roles r
        WHERE r.id IN (SELECT u.root_role_id FROM flagwright_users u WHERE u.id = :userId)
           OR r.id IN (SELECT ru.role_id FROM flagwright_role_users ru WHERE ru.user_id = :userId AND ru.project = :project)
           OR r.id IN (SELECT gr.role_id FROM flagwright_group_roles gr JOIN flagwright_group_users gu ON gu.group_id = gr.group_id
                        WHERE gu.user_id = :userId AND gr.project = :project)
        ORDER BY r.id`,
      { userId, project },
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name, description: row.description ?? '', type: row.type, project: null }));
  }

  private get binary(): string {
    return this.db.isPostgres ? ' COLLATE "C"' : '';
  }
}

interface RoleRow {
  id: number | string;
  name: string;
  description: string | null;
  type: RoleSummary['type'];
}
