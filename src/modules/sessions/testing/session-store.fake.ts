import { SessionStore } from '../session.store.js';

export interface FakeSessionRow {
  idHash: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
}

/** `sessions` in memory; `trim` keeps each user's newest sessions as the SQL store does. */
export class FakeSessionStore extends SessionStore {
  rows: FakeSessionRow[] = [];

  async insert(input: FakeSessionRow): Promise<void> {
    this.rows.push({ ...input });
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
  async deleteAllFor(userId: number): Promise<void> {
    this.rows = this.rows.filter((row) => row.userId !== userId);
  }
  async deleteExpired(now: Date): Promise<void> {
    this.rows = this.rows.filter((row) => row.expiresAt > now);
  }
}
