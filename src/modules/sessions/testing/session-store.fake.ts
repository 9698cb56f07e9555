import { type NewSession, type SessionRow, SessionStore } from '../session.store.js';

export type FakeSessionRow = SessionRow;

/** `sessions` in memory; `trim` keeps each user's newest sessions as the SQL store does. */
export class FakeSessionStore extends SessionStore {
  rows: FakeSessionRow[] = [];

  async insert(input: NewSession): Promise<void> {
    this.rows.push({ ...input, lastSeenAt: null });
  }
  async trim(userId: number, keep: number): Promise<number> {
    const newestFirst = this.rows.filter((row) => row.userId === userId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const dropped = new Set(newestFirst.slice(keep));
    this.rows = this.rows.filter((row) => !dropped.has(row));
    return dropped.size;
  }
  async delete(idHash: string): Promise<void> {
    this.rows = this.rows.filter((row) => row.idHash !== idHash);
  }
  async deleteAllFor(userId: number): Promise<number> {
    const before = this.rows.length;
    this.rows = this.rows.filter((row) => row.userId !== userId);
    return before - this.rows.length;
  }
  async deleteExpired(now: Date): Promise<void> {
    this.rows = this.rows.filter((row) => row.expiresAt > now);
  }
  async listFor(userId: number, now: Date): Promise<SessionRow[]> {
    return this.rows
      .filter((row) => row.userId === userId && row.expiresAt > now)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((row) => ({ ...row }));
  }
  async markSeen(idHash: string, at: Date): Promise<void> {
    for (const row of this.rows) if (row.idHash === idHash) row.lastSeenAt = at;
  }
}
