import { LoginFailureStore } from '../login-failure.store.js';

interface FailureRow {
  failedCount: number;
  lockCount: number;
  lockedUntil: Date | null;
}

/** `flagwright_login_failures` in memory, one row per login name, as the SQL store counts and locks. */
export class FakeLoginFailureStore extends LoginFailureStore {
  readonly rows = new Map<string, FailureRow>();

  async lockedUntil(name: string): Promise<Date | null> {
    return this.rows.get(name)?.lockedUntil ?? null;
  }
  async recordFailure(name: string): Promise<{ failedCount: number; lockCount: number }> {
    const row = this.rows.get(name) ?? { failedCount: 0, lockCount: 0, lockedUntil: null };
    row.failedCount++;
    this.rows.set(name, row);
    return { failedCount: row.failedCount, lockCount: row.lockCount };
  }
  async lock(name: string, until: Date): Promise<void> {
    const row = this.rows.get(name)!;
    row.failedCount = 0;
    row.lockCount++;
    row.lockedUntil = until;
  }
  async latestLockAmong(names: string[]): Promise<Date | null> {
    const ends = names.flatMap((name) => this.rows.get(name)?.lockedUntil ?? []);
    return ends.length === 0 ? null : new Date(Math.max(...ends.map((end) => end.getTime())));
  }
  async clear(names: string[]): Promise<void> {
    for (const name of names) this.rows.delete(name);
  }
}
