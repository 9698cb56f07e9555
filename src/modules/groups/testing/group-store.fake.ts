import type { FakeUserStore } from '../../users/testing/user-store.fake.js';
import type { GroupFields } from '../group.model.js';
import { GroupStore } from '../group.store.js';

export interface FakeGroupRow extends GroupFields {
  id: number;
  createdBy: string;
  createdAt: Date;
  members: { userId: number; addedBy: string; addedAt: Date }[];
}

/** `flagwright_user_groups` and `group_user` in memory: ids from 1, names unique, members only among the accounts that exist. */
export class FakeGroupStore extends GroupStore {
  readonly rows: FakeGroupRow[] = [];

  constructor(private readonly accounts: FakeUserStore) {
    super();
  }

  row(id: number): FakeGroupRow | undefined {
    return this.rows.find((r) => r.id === id);
  }

  async insert(fields: GroupFields, createdBy: string, createdAt: Date): Promise<number | undefined> {
    if (this.rows.some((r) => r.name === fields.name)) return undefined;
    const id = this.rows.length + 1;
    this.rows.push({ id, ...fields, createdBy, createdAt, members: [] });
    return id;
  }
  async lock(id: number): Promise<GroupFields | undefined> {
    const row = this.row(id);
    return row && { name: row.name, description: row.description, mappingsSSO: row.mappingsSSO, rootRole: row.rootRole };
  }
  async nameTakenByOther(name: string, id: number): Promise<boolean> {
    return this.rows.some((r) => r.name === name && r.id !== id);
  }
  async update(id: number, fields: GroupFields): Promise<void> {
    Object.assign(this.row(id)!, fields);
  }
  async delete(id: number): Promise<void> {
    this.rows.splice(
      this.rows.findIndex((r) => r.id === id),
      1,
    );
  }
  async memberIds(id: number): Promise<number[]> {
    return this.row(id)!.members.map((member) => member.userId);
  }
  async addMembers(id: number, userIds: number[], addedBy: string, addedAt: Date): Promise<number[]> {
    const row = this.row(id)!;
    const added = userIds.filter((userId) => this.accounts.row(userId) && !row.members.some((member) => member.userId === userId));
    row.members.push(...added.map((userId) => ({ userId, addedBy, addedAt })));
    return added;
  }
  async removeMembers(id: number, userIds: number[]): Promise<number[]> {
    const row = this.row(id)!;
    const removed = row.members.filter((member) => userIds.includes(member.userId)).map((member) => member.userId);
    row.members = row.members.filter((member) => !removed.includes(member.userId));
    return removed;
  }

  async ssoMappedGroups(): Promise<{ id: number; name: string; mappingsSSO: string[] }[]> {
    return this.rows.filter((row) => row.mappingsSSO.length > 0).map(({ id, name, mappingsSSO }) => ({ id, name, mappingsSSO }));
  }

  async membershipsOf(userId: number): Promise<{ groupId: number; groupName: string; addedBy: string | null }[]> {
    return this.rows.flatMap((row) =>
      row.members
        .filter((member) => member.userId === userId)
        .map((member) => ({ groupId: row.id, groupName: row.name, addedBy: member.addedBy })),
    );
  }
}
