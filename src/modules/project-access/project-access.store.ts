import { Injectable } from '@nestjs/common';
import { ROLE } from '../../core/access/permissions.js';
import { Database } from '../../core/database/database.js';
import type { Assignee } from './project-access.model.js';

/** Each kind's table; the write is spelled out whole, so every statement names the table it writes. */
const TABLE = {
  user: {
    table: 'flagwright_role_users',
    column: 'user_id',
    unassign: 'DELETE FROM flagwright_role_users WHERE project = :projectId AND user_id = :id',
  },
  group: {
    table: 'flagwright_group_roles',
    column: 'group_id',
    unassign: 'DELETE FROM flagwright_group_roles WHERE project = :projectId AND group_id = :id',
  },
} as const;

/** The write model of project roles: `flagwright_role_users` (accounts) and `flagwright_group_roles` (groups). */
export abstract class ProjectAccessStore {
  /** Whether the project exists, holding it until the transaction ends on PostgreSQL so it is not deleted meanwhile. */
  abstract lockProject(projectId: string): Promise<boolean>;
  /** Gives every role to every assignee of the kind (those that exist); answers how many assignments were new. */
  abstract assign(
    projectId: string,
    kind: Assignee['kind'],
    ids: number[],
    roleIds: number[],
    createdBy: string,
    createdAt: Date,
  ): Promise<number>;
  /** Gives the user the Owner role in the project, unless the user has it already. */
  abstract addOwner(projectId: string, userId: number, createdAt: Date): Promise<void>;
  abstract roleIdsOf(projectId: string, assignee: Assignee): Promise<number[]>;
  /** Removes the assignee's roles in the project (all of them when `roleIds` is undefined); answers the removed ids. */
  abstract unassign(projectId: string, assignee: Assignee, roleIds?: number[]): Promise<number[]>;
  /** How many users and groups hold the Owner role in the project. */
  abstract ownerCount(projectId: string): Promise<number>;
  /** Which of `ids` are existing accounts (kind user) or groups. */
  abstract existing(kind: Assignee['kind'], ids: number[]): Promise<Set<number>>;
}

@Injectable()
export class SqlProjectAccessStore extends ProjectAccessStore {
  constructor(private readonly db: Database) {
    super();
  }

  async lockProject(projectId: string): Promise<boolean> {
    const lock = this.db.isPostgres ? ' FOR SHARE' : '';
    return Boolean(await this.db.one(`SELECT id FROM flagwright_projects WHERE id = :projectId${lock}`, { projectId }));
  }

  async assign(
    projectId: string,
    kind: Assignee['kind'],
    ids: number[],
    roleIds: number[],
    createdBy: string,
    createdAt: Date,
  ): Promise<number> {
    if (ids.length === 0 || roleIds.length === 0) return 0;
    const at = this.db.toTimestamp(createdAt);
    // The comma join keeps SQLite from reading ON CONFLICT as a join constraint.
    const sql =
      kind === 'user'
        ? `INSERT INTO flagwright_role_users (user_id, role_id, project, created_at)
           SELECT a.id, r.id, :projectId, :at FROM flagwright_users a, flagwright_roles r WHERE a.id IN (:...ids) AND r.id IN (:...roleIds)
           ON CONFLICT DO NOTHING RETURNING role_id`
        : `INSERT INTO flagwright_group_roles (group_id, role_id, project, created_by, created_at)
           SELECT a.id, r.id, :projectId, :createdBy, :at FROM flagwright_user_groups a, flagwright_roles r WHERE a.id IN (:...ids) AND r.id IN (:...roleIds)
           ON CONFLICT DO NOTHING RETURNING role_id`;
    return (await this.db.query(sql, { projectId, ids, roleIds, createdBy, at })).length;
  }

  async addOwner(projectId: string, userId: number, createdAt: Date): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_role_users (user_id, role_id, project, created_at) VALUES (:userId, :roleId, :projectId, :createdAt) ON CONFLICT DO NOTHING`,
      { userId, roleId: ROLE.OWNER, projectId, createdAt: this.db.toTimestamp(createdAt) },
    );
  }

  async roleIdsOf(projectId: string, assignee: Assignee): Promise<number[]> {
    const { table, column } = TABLE[assignee.kind];
    const rows = await this.db.query<{ role_id: number | string }>(
      `SELECT role_id FROM ${table} WHERE project = :projectId AND ${column} = :id ORDER BY role_id`,
      { projectId, id: assignee.id },
    );
    return rows.map((row) => Number(row.role_id));
  }

  async unassign(projectId: string, assignee: Assignee, roleIds?: number[]): Promise<number[]> {
    if (roleIds?.length === 0) return [];
    const only = roleIds ? ' AND role_id IN (:...roleIds)' : '';
    const rows = await this.db.query<{ role_id: number | string }>(`${TABLE[assignee.kind].unassign}${only} RETURNING role_id`, {
      projectId,
      id: assignee.id,
      roleIds,
    });
    return rows.map((row) => Number(row.role_id)).sort((a, b) => a - b);
  }

  async ownerCount(projectId: string): Promise<number> {
    const row = await this.db.one<{ count: number | string }>(
      `SELECT (SELECT COUNT(*) FROM flagwright_role_users WHERE project = :projectId AND role_id = :owner)
            + (SELECT COUNT(*) FROM flagwright_group_roles WHERE project = :projectId AND role_id = :owner) AS count`,
      { projectId, owner: ROLE.OWNER },
    );
    return Number(row?.count ?? 0);
  }

  async existing(kind: Assignee['kind'], ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const table = kind === 'user' ? 'flagwright_users' : 'flagwright_user_groups';
    const rows = await this.db.query<{ id: number | string }>(`SELECT id FROM ${table} WHERE id IN (:...ids)`, { ids: [...new Set(ids)] });
    return new Set(rows.map((row) => Number(row.id)));
  }
}
