import { Injectable } from '@nestjs/common';
import { Database, toDate } from '../../core/database/database.js';

/**
 * Failed logins per login name (`flagwright_login_failures`), shared by every instance through the database: the count of
 * consecutive failures, how many times the name was locked, and until when it is locked.
 */
export abstract class LoginFailureStore {
  abstract lockedUntil(name: string): Promise<Date | null>;
  /** Counts one more failure; answers the counts after it. */
  abstract recordFailure(name: string, now: Date): Promise<{ failedCount: number; lockCount: number }>;
  /** Locks the name until `until`: the failure count starts again from 0 and the lock count grows by one. */
  abstract lock(name: string, until: Date, now: Date): Promise<void>;
  /** The latest lock end among the names (null when none was ever locked). */
  abstract latestLockAmong(names: string[]): Promise<Date | null>;
  /** Forgets failures and locks of the names. */
  abstract clear(names: string[]): Promise<void>;
}

@Injectable()
export class SqlLoginFailureStore extends LoginFailureStore {
  constructor(private readonly db: Database) {
    super();
  }

  async lockedUntil(name: string): Promise<Date | null> {
    const row = await this.db.one<{ locked_until: unknown }>(
      'SELECT locked_until FROM flagwright_login_failures WHERE login_name = :name',
      { name },
    );
    return toDate(row?.locked_until);
  }

  async recordFailure(name: string, now: Date): Promise<{ failedCount: number; lockCount: number }> {
    // One statement, so concurrent failures of the same name each count.
    const [row] = await this.db.query<{ failed_count: number | string; lock_count: number | string }>(
      `INSERT INTO flagwright_login_failures (login_name, failed_count, lock_count, updated_at) VALUES (:name, 1, 0, :now)
       ON CONFLICT (login_name) DO UPDATE SET failed_count = flagwright_login_failures.failed_count + 1, updated_at = :now
       RETURNING failed_count, lock_count`,
      { name, now: this.db.toTimestamp(now) },
    );
    return { failedCount: Number(row.failed_count), lockCount: Number(row.lock_count) };
  }

  async lock(name: string, until: Date, now: Date): Promise<void> {
    await this.db.execute(
      `UPDATE flagwright_login_failures SET failed_count = 0, lock_count = lock_count + 1, locked_until = :until, updated_at = :now WHERE login_name = :name`,
      { name, until: this.db.toTimestamp(until), now: this.db.toTimestamp(now) },
    );
  }

  async latestLockAmong(names: string[]): Promise<Date | null> {
    if (names.length === 0) return null;
    const row = await this.db.one<{ locked_until: unknown }>(
      'SELECT MAX(locked_until) AS locked_until FROM flagwright_login_failures WHERE login_name IN (:...names)',
      { names },
    );
    return toDate(row?.locked_until);
  }

  async clear(names: string[]): Promise<void> {
    if (names.length === 0) return;
    await this.db.execute('DELETE FROM flagwright_login_failures WHERE login_name IN (:...names)', { names });
  }
}
