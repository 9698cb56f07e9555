import { Injectable } from '@nestjs/common';
import { Database, parseJson, toIso } from '../../core/database/database.js';
import { toUserSchema, userColumns } from '../users/index.js';
import type { Group, GroupMember } from './group.model.js';

export interface GroupRow {
  id: number | string;
  name: string;
  description: string | null;
  mappings_sso: unknown;
  root_role_id: number | string | null;
  scim_id: string | null;
  created_by: string | null;
  created_at: unknown;
}

export const GROUP_COLUMNS = 'g.id, g.name, g.description, g.mappings_sso, g.root_role_id, g.scim_id, g.created_by, g.created_at';

/**
 * Groups as the API shows them, with members and projects. Whatever the number of groups, a listing takes three
 * queries: the groups, all their members (with their accounts), all their projects.
 */
@Injectable()
export class GroupReadModel {
  constructor(private readonly db: Database) {}

  /** Every group, by name (byte order on both databases) then id. */
  async list(): Promise<Group[]> {
    const rows = await this.db.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM flagwright_user_groups g ORDER BY g.name${this.binary}, g.id`);
    return this.assemble(rows, undefined);
  }

  async get(id: number): Promise<Group | undefined> {
    const [group] = await this.byIds([id]);
    return group;
  }

  /** The groups among `ids`, by name then id. */
  async byIds(ids: number[]): Promise<Group[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    const rows = await this.db.query<GroupRow>(
      `SELECT ${GROUP_COLUMNS} FROM flagwright_user_groups g WHERE g.id IN (:...ids) ORDER BY g.name${this.binary}, g.id`,
      { ids: unique },
    );
    return this.assemble(rows, unique);
  }

  /** Which of `ids` are accounts (users or service accounts). */
  async accountIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.query<{ id: number | string }>('SELECT id FROM flagwright_users WHERE id IN (:...ids)', {
      ids: [...new Set(ids)],
    });
    return new Set(rows.map((row) => Number(row.id)));
  }

  private get binary(): string {
    return this.db.isPostgres ? ' COLLATE "C"' : '';
  }

  /** `ids` undefined: the rows are every group, so members and projects need no filter. */
  private async assemble(rows: GroupRow[], ids: number[] | undefined): Promise<Group[]> {
    if (rows.length === 0) return [];
    const filter = (column: string) => (ids ? ` WHERE ${column} IN (:...ids)` : '');
    const members = await this.db.query<{ group_id: number | string; joined_at: unknown; added_by: string | null }>(
      `SELECT gu.group_id, gu.created_at AS joined_at, gu.created_by AS added_by, ${userColumns('u', 'u_')}
         FROM flagwright_group_users gu JOIN flagwright_users u ON u.id = gu.user_id${filter('gu.group_id')}
        ORDER BY gu.group_id, gu.created_at, u.id`,
      { ids },
    );
    const projects = await this.db.query<{ group_id: number | string; project: string }>(
      `SELECT DISTINCT gr.group_id, gr.project FROM flagwright_group_roles gr${filter('gr.group_id')} ORDER BY gr.group_id, gr.project`,
      { ids },
    );
    const membersOf = groupBy(members, (row): GroupMember => ({
      joinedAt: toIso(row.joined_at)!,
      createdBy: row.added_by,
      user: toUserSchema(row, 'u_'),
    }));
    const projectsOf = groupBy(projects, (row) => row.project);
    return rows.map((row) => {
      const id = Number(row.id);
      const users = membersOf.get(id) ?? [];
      return {
        id,
        name: row.name,
        description: row.description,
        mappingsSSO: parseJson<string[]>(row.mappings_sso, []),
        rootRole: row.root_role_id === null ? null : Number(row.root_role_id),
        createdBy: row.created_by,
        createdAt: toIso(row.created_at)!,
        users,
        projects: projectsOf.get(id) ?? [],
        userCount: users.length,
        scimId: row.scim_id,
      };
    });
  }
}

function groupBy<R extends { group_id: number | string }, T>(rows: R[], map: (row: R) => T): Map<number, T[]> {
  const result = new Map<number, T[]>();
  for (const row of rows) {
    const id = Number(row.group_id);
    const list = result.get(id) ?? [];
    list.push(map(row));
    result.set(id, list);
  }
  return result;
}
