import { Injectable } from '@nestjs/common';
import { ROLE } from '../../core/access/permissions.js';
import { Database, isUniqueViolation } from '../../core/database/database.js';
import { nameExists } from '../../core/errors/app-error.js';

export interface NewUser {
  username: string | null;
  email: string | null;
  name: string | null;
  passwordHash: string | null;
  rootRoleId: number;
  createdAt: Date;
  createdByUserId: number;
}

/** Columns of a person an admin may change; `undefined` leaves a column as it is. */
export interface UserChanges {
  name?: string | null;
  email?: string | null;
  rootRoleId?: number;
}

/** The write model of `users` for people; the rows of service accounts are `ServiceAccountUserStore`'s. */
export abstract class UserStore {
  abstract insert(user: NewUser): Promise<number>;
  abstract update(id: number, changes: UserChanges): Promise<void>;
  abstract delete(id: number): Promise<boolean>;
  abstract setPasswordHash(id: number, hash: string): Promise<void>;
  /** Whether another account (person or service account) has this username / email. */
  abstract usernameTaken(username: string, exceptId?: number): Promise<boolean>;
  abstract emailTaken(email: string, exceptId?: number): Promise<boolean>;
  /** Ids of the people with the Admin root role, locked until the transaction ends (PostgreSQL). */
  abstract lockAdmins(): Promise<number[]>;
  abstract recordLoginFailure(id: number): Promise<void>;
  /** Resets the failure count, sets `seen_at`, and stores an upgraded hash when one is given. */
  abstract recordLoginSuccess(id: number, now: Date, upgradedHash?: string): Promise<void>;
  /** Sets the failure count to 0; answers the count it had. */
  abstract resetLoginAttempts(id: number): Promise<number>;
}

const CHANGEABLE: Record<keyof UserChanges, string> = { name: 'name', email: 'email', rootRoleId: 'root_role_id' };

@Injectable()
export class SqlUserStore extends UserStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(user: NewUser): Promise<number> {
    const [row] = await uniquely(() =>
      this.db.query<{ id: number | string }>(
        `INSERT INTO flagwright_users (username, email, name, password_hash, root_role_id, created_at, created_by_user_id)
         VALUES (:username, :email, :name, :passwordHash, :rootRoleId, :createdAt, :createdByUserId) RETURNING id`,
        { ...user, createdAt: this.db.toTimestamp(user.createdAt) },
      ),
    );
    return Number(row.id);
  }

  async update(id: number, changes: UserChanges): Promise<void> {
    const keys = (Object.keys(CHANGEABLE) as (keyof UserChanges)[]).filter((key) => changes[key] !== undefined);
    if (keys.length === 0) return;
    await uniquely(() =>
      this.db.execute(`UPDATE flagwright_users SET ${keys.map((key) => `${CHANGEABLE[key]} = :${key}`).join(', ')} WHERE id = :id`, {
        ...changes,
        id,
      }),
    );
  }

  async delete(id: number): Promise<boolean> {
    return (await this.db.execute('DELETE FROM flagwright_users WHERE id = :id', { id })) > 0;
  }

  async setPasswordHash(id: number, hash: string): Promise<void> {
    await this.db.execute('UPDATE flagwright_users SET password_hash = :hash WHERE id = :id', { id, hash });
  }

  async usernameTaken(username: string, exceptId = 0): Promise<boolean> {
    return Boolean(
      await this.db.one('SELECT id FROM flagwright_users WHERE username = :username AND id <> :exceptId', { username, exceptId }),
    );
  }

  async emailTaken(email: string, exceptId = 0): Promise<boolean> {
    return Boolean(await this.db.one('SELECT id FROM flagwright_users WHERE email = :email AND id <> :exceptId', { email, exceptId }));
  }

  async lockAdmins(): Promise<number[]> {
    const rows = await this.db.query<{ id: number | string }>(
      `SELECT id FROM flagwright_users WHERE root_role_id = :admin AND is_service = false ORDER BY id${this.db.isPostgres ? ' FOR UPDATE' : ''}`,
      { admin: ROLE.ADMIN },
    );
    return rows.map((row) => Number(row.id));
  }

  async recordLoginFailure(id: number): Promise<void> {
    await this.db.execute('UPDATE flagwright_users SET login_attempts = login_attempts + 1 WHERE id = :id', { id });
  }

  async recordLoginSuccess(id: number, now: Date, upgradedHash?: string): Promise<void> {
    await this.db.execute(
      `UPDATE flagwright_users SET login_attempts = 0, seen_at = :now${upgradedHash ? ', password_hash = :upgradedHash' : ''} WHERE id = :id`,
      { id, now: this.db.toTimestamp(now), upgradedHash },
    );
  }

  async resetLoginAttempts(id: number): Promise<number> {
    const [row] = await this.db.query<{ login_attempts: number | string }>('SELECT login_attempts FROM flagwright_users WHERE id = :id', {
      id,
    });
    await this.db.execute('UPDATE flagwright_users SET login_attempts = 0 WHERE id = :id AND login_attempts <> 0', { id });
    return Number(row?.login_attempts ?? 0);
  }
}

/**
 * The service checks uniqueness before writing; this covers the race where two requests claim the same name at
 * once on PostgreSQL (SQLite serialises writers), so the loser gets a 409 rather than a 500.
 */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists('A user or service account with that username or email already exists.');
    throw error;
  }
}
