import { fakeDatabase } from '../../../core/testing/fake-database.js';
import type { FakeUserStore } from '../../users/testing/user-store.fake.js';
import { toUserSchema } from '../../users/user.read-model.js';
import type { Group } from '../group.model.js';
import { GroupReadModel } from '../group.read-model.js';
import type { FakeGroupRow, FakeGroupStore } from './group-store.fake.js';

/** Reads the groups of a FakeGroupStore with their members' accounts from a FakeUserStore, ordered by name then id. */
export class FakeGroupReadModel extends GroupReadModel {
  constructor(
    private readonly store: FakeGroupStore,
    private readonly accounts: FakeUserStore,
  ) {
    super(fakeDatabase());
  }

  override async list(): Promise<Group[]> {
    return [...this.store.rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id)).map((row) => this.view(row));
  }

  override async get(id: number): Promise<Group | undefined> {
    const row = this.store.row(id);
    return row && this.view(row);
  }

  override async byIds(ids: number[]): Promise<Group[]> {
    return (await this.list()).filter((group) => ids.includes(group.id));
  }

  override async accountIds(ids: number[]): Promise<Set<number>> {
    return new Set(ids.filter((id) => this.accounts.row(id)));
  }

  private view(row: FakeGroupRow): Group {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      mappingsSSO: row.mappingsSSO,
      rootRole: row.rootRole,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      users: row.members.map((member) => ({
        joinedAt: member.addedAt.toISOString(),
        createdBy: member.addedBy,
        user: toUserSchema(this.accounts.row(member.userId)!),
      })),
      projects: [],
      userCount: row.members.length,
      scimId: null,
    };
  }
}
