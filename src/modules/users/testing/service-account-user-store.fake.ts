import { type NewServiceAccount, type ServiceAccountRecord, ServiceAccountUserStore } from '../service-account-user.store.js';

/** Service-account rows of `flagwright_users` in memory: ids from 100; usernames unique among them and the spec's taken ones. */
export class FakeServiceAccountUserStore extends ServiceAccountUserStore {
  readonly rows: ServiceAccountRecord[] = [];
  constructor(private readonly takenUsernames: string[] = []) {
    super();
  }
  async insert(input: NewServiceAccount): Promise<ServiceAccountRecord | undefined> {
    if (this.takenUsernames.includes(input.username) || this.rows.some((r) => r.username === input.username)) return undefined;
    const row = {
      id: 100 + this.rows.length,
      name: input.name,
      username: input.username,
      rootRole: input.rootRole,
      createdAt: input.createdAt.toISOString(),
    };
    this.rows.push(row);
    return row;
  }
  async find(id: number) {
    const row = this.rows.find((r) => r.id === id);
    return row && { ...row };
  }
  async update(id: number, changes: { name: string; rootRole: number }) {
    const row = this.rows.find((r) => r.id === id);
    if (row) Object.assign(row, changes);
    return row && { ...row };
  }
  async delete(id: number) {
    const index = this.rows.findIndex((r) => r.id === id);
    if (index >= 0) this.rows.splice(index, 1);
    return index >= 0;
  }
}
