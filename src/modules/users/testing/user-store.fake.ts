import { ROLE } from '../../../core/access/permissions.js';
import { type NewUser, type UserChanges, UserStore } from '../user.store.js';

/** A `flagwright_users` row with the columns `toUserSchema` reads, plus the password hash. */
export interface FakeUserRow {
  id: number;
  name: string | null;
  username: string | null;
  email: string | null;
  image_url: null;
  login_attempts: number;
  email_sent: boolean;
  root_role_id: number;
  is_service: boolean;
  scim_id: null;
  seen_at: Date | null;
  created_at: Date;
  password_hash: string | null;
}

/** `users` in memory: ids count up from 1, usernames and emails unique across people and service accounts. */
export class FakeUserStore extends UserStore {
  readonly rows: FakeUserRow[] = [];

  /** Adds an account directly, as seeding or another module would. */
  add(fields: Partial<FakeUserRow> = {}): FakeUserRow {
    const id = this.rows.length + 1;
    const row: FakeUserRow = {
      id,
      name: null,
      username: `user${id}`,
      email: null,
      image_url: null,
      login_attempts: 0,
      email_sent: false,
      root_role_id: ROLE.VIEWER,
      is_service: false,
      scim_id: null,
      seen_at: null,
      created_at: new Date('2024-01-01T00:00:00.000Z'),
      password_hash: null,
      ...fields,
    };
    this.rows.push(row);
    return row;
  }

  row(id: number): FakeUserRow | undefined {
    return this.rows.find((r) => r.id === id);
  }

  async insert(user: NewUser): Promise<number> {
    return this.add({
      username: user.username,
      email: user.email,
      name: user.name,
      password_hash: user.passwordHash,
      root_role_id: user.rootRoleId,
      created_at: user.createdAt,
    }).id;
  }
  async update(id: number, changes: UserChanges): Promise<void> {
    const row = this.row(id)!;
    if (changes.name !== undefined) row.name = changes.name;
    if (changes.email !== undefined) row.email = changes.email;
    if (changes.rootRoleId !== undefined) row.root_role_id = changes.rootRoleId;
  }
  async delete(id: number): Promise<boolean> {
    const index = this.rows.findIndex((r) => r.id === id);
    if (index >= 0) this.rows.splice(index, 1);
    return index >= 0;
  }
  async setPasswordHash(id: number, hash: string): Promise<void> {
    this.row(id)!.password_hash = hash;
  }
  async usernameTaken(username: string, exceptId?: number): Promise<boolean> {
    return this.rows.some((r) => r.username === username && r.id !== exceptId);
  }
  async emailTaken(email: string, exceptId?: number): Promise<boolean> {
    return this.rows.some((r) => r.email === email && r.id !== exceptId);
  }
  async lockAdmins(): Promise<number[]> {
    return this.rows.filter((r) => !r.is_service && r.root_role_id === ROLE.ADMIN).map((r) => r.id);
  }
  async recordLoginFailure(id: number): Promise<void> {
    const row = this.row(id);
    if (row) row.login_attempts++;
  }
  async recordLoginSuccess(id: number, now: Date, upgradedHash?: string): Promise<void> {
    const row = this.row(id)!;
    row.login_attempts = 0;
    row.seen_at = now;
    if (upgradedHash) row.password_hash = upgradedHash;
  }
  async resetLoginAttempts(id: number): Promise<number> {
    const row = this.row(id);
    const before = row?.login_attempts ?? 0;
    if (row) row.login_attempts = 0;
    return before;
  }
}
