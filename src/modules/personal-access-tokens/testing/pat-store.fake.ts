import type { Pat } from '../pat.model.js';
import { PatStore } from '../pat.store.js';

/** `flagwright_personal_access_tokens` in memory: ids count up from 1 across owners, each owner's listed by id. */
export class FakePatStore extends PatStore {
  readonly rows: (Pat & { secretHash: string })[] = [];

  async insert(input: { userId: number; secretHash: string; description: string; expiresAt: Date; createdAt: Date }): Promise<Pat> {
    const row = {
      id: this.rows.length + 1,
      userId: input.userId,
      secretHash: input.secretHash,
      description: input.description,
      expiresAt: input.expiresAt.toISOString(),
      createdAt: input.createdAt.toISOString(),
      seenAt: null,
    };
    this.rows.push(row);
    return this.view(row);
  }
  async listFor(userId: number): Promise<Pat[]> {
    return this.rows.filter((row) => row.userId === userId).map((row) => this.view(row));
  }
  async lockOwner(): Promise<void> {}
  async countFor(userId: number): Promise<number> {
    return this.rows.filter((row) => row.userId === userId).length;
  }
  async descriptionTaken(userId: number, description: string): Promise<boolean> {
    return this.rows.some((row) => row.userId === userId && row.description === description);
  }
  async find(userId: number, id: number): Promise<Pat | undefined> {
    const row = this.rows.find((r) => r.userId === userId && r.id === id);
    return row && this.view(row);
  }
  async delete(userId: number, id: number): Promise<boolean> {
    const index = this.rows.findIndex((r) => r.userId === userId && r.id === id);
    if (index >= 0) this.rows.splice(index, 1);
    return index >= 0;
  }
  async markSeen(id: number, at: Date): Promise<void> {
    this.rows.find((r) => r.id === id)!.seenAt = at.toISOString();
  }
  private view({ secretHash: _secretHash, ...pat }: Pat & { secretHash: string }): Pat {
    return pat;
  }
}
