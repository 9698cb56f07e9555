import type { ApiToken } from '../api-token.model.js';
import { type ApiTokenInsert, ApiTokenStore } from '../api-token.store.js';

/** `flagwright_api_tokens` in memory: ids count up from 1, listings in insertion order. */
export class FakeApiTokenStore extends ApiTokenStore {
  readonly rows: (ApiTokenInsert & { id: number; seenAt?: Date })[] = [];

  async insert(input: ApiTokenInsert): Promise<ApiToken> {
    this.rows.push({ ...input, id: this.rows.length + 1 });
    return (await this.find(this.rows.length))!;
  }
  async list(): Promise<ApiToken[]> {
    return this.rows.map((row) => this.view(row));
  }
  async find(id: number): Promise<ApiToken | undefined> {
    const row = this.rows.find((r) => r.id === id);
    return row && this.view(row);
  }
  async idOfSecret(secretHash: string): Promise<number | undefined> {
    return this.rows.find((r) => r.secretHash === secretHash)?.id;
  }
  async setExpiry(id: number, expiresAt: Date | null): Promise<void> {
    this.rows.find((r) => r.id === id)!.expiresAt = expiresAt;
  }
  async delete(id: number): Promise<boolean> {
    const index = this.rows.findIndex((r) => r.id === id);
    if (index >= 0) this.rows.splice(index, 1);
    return index >= 0;
  }
  async markSeen(id: number, at: Date): Promise<void> {
    this.rows.find((r) => r.id === id)!.seenAt = at;
  }
  private view(row: ApiTokenInsert & { id: number; seenAt?: Date }): ApiToken {
    return {
      id: row.id,
      tokenName: row.tokenName,
      type: row.type,
      environment: row.environment,
      project: row.secretPrefix.split(':')[0],
      projects: row.projects,
      secretPrefix: row.secretPrefix,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      seenAt: row.seenAt?.toISOString() ?? null,
      alias: null,
    };
  }
}
