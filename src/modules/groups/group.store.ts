import { Injectable } from '@nestjs/common';
import { Database, parseJson } from '../../core/database/database.js';
import type { GroupFields } from './group.model.js';

/** The write model of groups (`flagwright_user_groups`, `flagwright_group_users`). */
export abstract class GroupStore {
  /** The new group's id, or undefined when the name is taken. */
  abstract insert(fields: GroupFields, createdBy: string, createdAt: Date): Promise<number | undefined>;
  /** The group's fields, held until the transaction ends on PostgreSQL. */
  abstract lock(id: number): Promise<GroupFields | undefined>;
  abstract nameTakenByOther(name: string, id: number): Promise<boolean>;
  abstract update(id: number, fields: GroupFields): Promise<void>;
  abstract delete(id: number): Promise<void>;
  abstract memberIds(id: number): Promise<number[]>;
  /** Adds the accounts that exist and are not members yet; answers their ids. */
  abstract addMembers(id: number, userIds: number[], addedBy: string, addedAt: Date): Promise<number[]>;
  /** Answers the ids that were members. */
  abstract removeMembers(id: number, userIds: number[]): Promise<number[]>;
  /** The groups that name SSO groups in their mappings. */
  abstract ssoMappedGroups(): Promise<{ id: number; name: string; mappingsSSO: string[] }[]>;
  /** The groups the account is a member of, with who added it. */
  abstract membershipsOf(userId: number): Promise<{ groupId: number; groupName: string; addedBy: string | null }[]>;
}

@Injectable()
export class SqlGroupStore extends GroupStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(fields: GroupFields, createdBy: string, createdAt: Date): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number | string }>(
      `INSERT INTO flagwright_user_groups (name, description, mappings_sso, root_role_id, created_by, created_at)
       VALUES (:name, :description, :mappingsSso, :rootRole, :createdBy, :createdAt) ON CONFLICT (name) DO NOTHING RETURNING id`,
      { ...fields, mappingsSso: JSON.stringify(fields.mappingsSSO), createdBy, createdAt: this.db.toTimestamp(createdAt) },
    );
    return row ? Number(row.id) : undefined;
  }

  async lock(id: number): Promise<GroupFields | undefined> {
    const lock = this.db.isPostgres ? ' FOR UPDATE' : '';
    const row = await this.db.one<{
      name: string;
      description: string | null;
      mappings_sso: unknown;
      root_role_id: number | string | null;
    }>(`SELECT name, description, mappings_sso, root_role_id FROM flagwright_user_groups WHERE id = :id${lock}`, { id });
    if (!row) return undefined;
    return {
      name: row.name,
      description: row.description,
      mappingsSSO: parseJson<string[]>(row.mappings_sso, []),
      rootRole: row.root_role_id === null ? null : Number(row.root_role_id),
    };
  }

  async nameTakenByOther(name: string, id: number): Promise<boolean> {
    return Boolean(await this.db.one('SELECT id FROM flagwright_user_groups WHERE name = :name AND id <> :id', { name, id }));
  }

  async update(id: number, fields: GroupFields): Promise<void> {
    await this.db.execute(
      'UPDATE flagwright_user_groups SET name = :name, description = :description, mappings_sso = :mappingsSso, root_role_id = :rootRole WHERE id = :id',
      { id, ...fields, mappingsSso: JSON.stringify(fields.mappingsSSO) },
    );
  }

  async delete(id: number): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_user_groups WHERE id = :id', { id });
  }

  async memberIds(id: number): Promise<number[]> {
    const rows = await this.db.query<{ user_id: number | string }>(
      'SELECT user_id FROM flagwright_group_users WHERE group_id = :id ORDER BY user_id',
      { id },
    );
    return rows.map((row) => Number(row.user_id));
  }

  async addMembers(id: number, userIds: number[], addedBy: string, addedAt: Date): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db.query<{ user_id: number | string }>(
      `INSERT INTO flagwright_group_users (group_id, user_id, created_by, created_at)
       SELECT :id, u.id, :addedBy, :addedAt FROM flagwright_users u WHERE u.id IN (:...userIds) ORDER BY u.id
       ON CONFLICT (group_id, user_id) DO NOTHING RETURNING user_id`,
      { id, userIds, addedBy, addedAt: this.db.toTimestamp(addedAt) },
    );
    return rows.map((row) => Number(row.user_id)).sort((a, b) => a - b);
  }

  async removeMembers(id: number, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db.query<{ user_id: number | string }>(
      'DELETE FROM flagwright_group_users WHERE group_id = :id AND user_id IN (:...userIds) RETURNING user_id',
      { id, userIds },
    );
    return rows.map((row) => Number(row.user_id)).sort((a, b) => a - b);
  }

  async ssoMappedGroups(): Promise<{ id: number; name: string; mappingsSSO: string[] }[]> {
    const rows = await this.db.query<{ id: number | string; name: string; mappings_sso: unknown }>(
      "SELECT id, name, mappings_sso FROM flagwright_user_groups WHERE mappings_sso <> '[]' ORDER BY id",
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name, mappingsSSO: parseJson<string[]>(row.mappings_sso, []) }));
  }

  async membershipsOf(userId: number): Promise<{ groupId: number; groupName: string; addedBy: string | null }[]> {
    const rows = await this.db.query<{ group_id: number | string; name: string; created_by: string | null }>(
      `SELECT gu.group_id, g.name, gu.created_by FROM flagwright_group_users gu
       JOIN flagwright_user_groups g ON g.id = gu.group_id WHERE gu.user_id = :userId ORDER BY gu.group_id`,
      { userId },
    );
    return rows.map((row) => ({ groupId: Number(row.group_id), groupName: row.name, addedBy: row.created_by }));
  }
}
