import { type ResetTokenRow, ResetTokenStore } from '../reset-token.store.js';
import { type SignupTokenRow, SignupTokenStore } from '../signup-token.store.js';

/** `flagwright_reset_tokens` in memory; `markUsed` uses a link once, as the SQL store's conditional update does. */
export class FakeResetTokenStore extends ResetTokenStore {
  readonly rows = new Map<string, ResetTokenRow>();

  async insert(row: Omit<ResetTokenRow, 'usedAt'>): Promise<void> {
    this.rows.set(row.idHash, { ...row, usedAt: null });
  }
  async find(idHash: string): Promise<ResetTokenRow | undefined> {
    const row = this.rows.get(idHash);
    return row && { ...row };
  }
  async markUsed(idHash: string, at: Date): Promise<boolean> {
    const row = this.rows.get(idHash);
    if (!row || row.usedAt) return false;
    row.usedAt = at;
    return true;
  }
}

/** `flagwright_signup_tokens` in memory. */
export class FakeSignupTokenStore extends SignupTokenStore {
  readonly rows = new Map<string, SignupTokenRow>();

  async insert(row: SignupTokenRow): Promise<void> {
    this.rows.set(row.idHash, { ...row });
  }
  async list(): Promise<SignupTokenRow[]> {
    return [...this.rows.values()].map((row) => ({ ...row }));
  }
  async find(idHash: string): Promise<SignupTokenRow | undefined> {
    const row = this.rows.get(idHash);
    return row && { ...row };
  }
  async update(idHash: string, changes: { expiresAt?: Date; enabled?: boolean }): Promise<void> {
    const row = this.rows.get(idHash)!;
    if (changes.expiresAt) row.expiresAt = changes.expiresAt;
    if (changes.enabled !== undefined) row.enabled = changes.enabled;
  }
}
