import { Injectable } from '@nestjs/common';
import { Database, toBool } from '../database/database.js';
import { Clock } from '../clock.js';
import type { ApiTokenPrincipal, ApiTokenType, UserPrincipal } from './principal.js';

const SEEN_AT_INTERVAL_MS = 60_000;

interface UserRow {
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  is_service: unknown;
}

/**
 * Looks up presented credentials by the digest of their secret. Every lookup reads the database, so a revoked or
 * expired credential stops working at once on every instance. `seen_at` is written at most once a minute per
 * credential, so heavy SDK traffic does not turn into writes.
 */
@Injectable()
export class CredentialsReadModel {
  private readonly lastSeenWrite = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async apiToken(secretHash: string): Promise<ApiTokenPrincipal | undefined> {
    const now = this.clock.now();
    const rows = await this.db.query<{ id: number; token_name: string; type: ApiTokenType; environment: string; project: string | null }>(
      `SELECT t.id, t.token_name, t.type, t.environment, p.project
         FROM api_tokens t LEFT JOIN api_token_projects p ON p.token_id = t.id
        WHERE t.secret_hash = :secretHash AND (t.expires_at IS NULL OR t.expires_at > :now)`,
      { secretHash, now: this.db.toTimestamp(now) },
    );
    if (rows.length === 0) return undefined;
    const [token] = rows;
    await this.touch('api_tokens', token.id, now);
    const projects = rows.map((r) => r.project).filter((p): p is string => p !== null);
    return {
      kind: 'api-token',
      tokenId: token.id,
      tokenName: token.token_name,
      type: token.type,
      environment: token.environment,
      projects: projects.length ? projects : ['*'],
    };
  }

  async personalAccessToken(secretHash: string): Promise<UserPrincipal | undefined> {
    const now = this.clock.now();
    const row = await this.db.one<UserRow & { token_id: number }>(
      `SELECT u.id, u.username, u.email, u.name, u.is_service, t.id AS token_id
         FROM personal_access_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.secret_hash = :secretHash AND t.expires_at > :now`,
      { secretHash, now: this.db.toTimestamp(now) },
    );
    if (!row) return undefined;
    await this.touch('personal_access_tokens', row.token_id, now);
    return toUser(row, 'pat');
  }

  async session(idHash: string): Promise<UserPrincipal | undefined> {
    const row = await this.db.one<UserRow>(
      `SELECT u.id, u.username, u.email, u.name, u.is_service
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id_hash = :idHash AND s.expires_at > :now`,
      { idHash, now: this.db.toTimestamp(this.clock.now()) },
    );
    return row ? toUser(row, 'session') : undefined;
  }

  private async touch(table: 'api_tokens' | 'personal_access_tokens', id: number, now: Date): Promise<void> {
    const key = `${table}:${id}`;
    const last = this.lastSeenWrite.get(key);
    if (last !== undefined && now.getTime() - last < SEEN_AT_INTERVAL_MS) return;
    this.lastSeenWrite.set(key, now.getTime());
    await this.db.execute(`UPDATE ${table} SET seen_at = :now WHERE id = :id`, { id, now: this.db.toTimestamp(now) });
  }
}

function toUser(row: UserRow, via: UserPrincipal['via']): UserPrincipal {
  return { kind: 'user', id: Number(row.id), username: row.username, email: row.email, name: row.name, isService: toBool(row.is_service), via };
}
