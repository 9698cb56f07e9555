import { Injectable } from '@nestjs/common';
import { Clock } from '../clock.js';
import { ChangeWatcher } from '../database/change-watcher.js';
import { Database, toBool, toDate } from '../database/database.js';
import { CREDENTIALS_GENERATION } from '../database/migrations/1700000011000-credential-generation.js';
import { SESSIONS_GENERATION } from '../database/migrations/1700000016000-session-generation.js';
import { CredentialCache } from './credential-cache.js';
import { CredentialUses, type RecordedCredential } from './credential-uses.js';
import type { ApiTokenPrincipal, ApiTokenType, UserPrincipal } from './principal.js';

const SEEN_AT_INTERVAL_MS = 60_000;

interface UserRow {
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  is_service: unknown;
}

/** A credential as found, with its expiry (ms since the epoch; null for never), checked at every use. */
interface FoundCredential<P> {
  principal: P;
  expiresAt: number | null;
  /** The row whose `seen_at` records its use (tokens only). */
  seenRow?: { kind: RecordedCredential; id: number | string };
}

/**
 * Looks up presented credentials by the digest of their secret. Found credentials are kept in memory under the
 * `credentials` change generation, sessions also under `sessions` (see CredentialCache), so a revoked credential
 * stops working at once on this instance and within a second on every other; expiry is compared with the clock on every use. `seen_at` is
 * written at most once a minute per credential, so heavy SDK traffic does not turn into writes.
 */
@Injectable()
export class CredentialsReadModel {
  private readonly lastSeenWrite = new Map<string, number>();
  private readonly apiTokens: CredentialCache<FoundCredential<ApiTokenPrincipal>>;
  private readonly personalAccessTokens: CredentialCache<FoundCredential<UserPrincipal>>;
  private readonly sessions: CredentialCache<FoundCredential<UserPrincipal>>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly uses: CredentialUses,
    changes: ChangeWatcher,
  ) {
    this.apiTokens = new CredentialCache(changes, clock);
    this.personalAccessTokens = new CredentialCache(changes, clock);
    // A session ends without any change of a token or grant (a logout, the oldest one past the per-user limit).
    this.sessions = new CredentialCache(changes, clock, { generations: [CREDENTIALS_GENERATION, SESSIONS_GENERATION] });
  }

  async apiToken(secretHash: string): Promise<ApiTokenPrincipal | undefined> {
    return this.use(await this.apiTokens.through(secretHash, () => this.readApiToken(secretHash)));
  }

  async personalAccessToken(secretHash: string): Promise<UserPrincipal | undefined> {
    return this.use(await this.personalAccessTokens.through(secretHash, () => this.readPersonalAccessToken(secretHash)));
  }

  async session(idHash: string): Promise<UserPrincipal | undefined> {
    return this.use(await this.sessions.through(idHash, () => this.readSession(idHash)));
  }

  /** The principal of a credential that has not expired by now, after recording its use. */
  private async use<P>(found: FoundCredential<P> | undefined): Promise<P | undefined> {
    if (!found) return undefined;
    const now = this.clock.now();
    if (found.expiresAt !== null && found.expiresAt <= now.getTime()) return undefined;
    if (found.seenRow) await this.touch(found.seenRow.kind, found.seenRow.id, now);
    return found.principal;
  }

  private async readApiToken(secretHash: string): Promise<FoundCredential<ApiTokenPrincipal> | undefined> {
    const rows = await this.db.query<{
      id: number;
      token_name: string;
      type: ApiTokenType;
      environment: string;
      expires_at: unknown;
      project: string | null;
    }>(
      `SELECT t.id, t.token_name, t.type, t.environment, t.expires_at, p.project
         FROM flagwright_api_tokens t LEFT JOIN flagwright_api_token_projects p ON p.token_id = t.id
        WHERE t.secret_hash = :secretHash`,
      { secretHash },
    );
    if (rows.length === 0) return undefined;
    const [token] = rows;
    const projects = rows.map((r) => r.project).filter((p): p is string => p !== null);
    const principal: ApiTokenPrincipal = {
      kind: 'api-token',
      tokenId: Number(token.id),
      tokenName: token.token_name,
      type: token.type,
      environment: token.environment,
      projects: Object.freeze(projects.length ? projects : ['*']) as string[],
    };
    return {
      principal: Object.freeze(principal),
      expiresAt: expiryOf(token.expires_at),
      seenRow: { kind: 'api-token', id: Number(token.id) },
    };
  }

  private async readPersonalAccessToken(secretHash: string): Promise<FoundCredential<UserPrincipal> | undefined> {
    const row = await this.db.one<UserRow & { token_id: number; expires_at: unknown }>(
      `SELECT u.id, u.username, u.email, u.name, u.is_service, t.id AS token_id, t.expires_at
         FROM flagwright_personal_access_tokens t JOIN flagwright_users u ON u.id = t.user_id
        WHERE t.secret_hash = :secretHash`,
      { secretHash },
    );
    if (!row) return undefined;
    return {
      principal: toUser(row, 'pat'),
      expiresAt: expiryOf(row.expires_at),
      seenRow: { kind: 'personal-access-token', id: Number(row.token_id) },
    };
  }

  private async readSession(idHash: string): Promise<FoundCredential<UserPrincipal> | undefined> {
    const row = await this.db.one<UserRow & { expires_at: unknown }>(
      `SELECT u.id, u.username, u.email, u.name, u.is_service, s.expires_at
         FROM flagwright_sessions s JOIN flagwright_users u ON u.id = s.user_id
        WHERE s.id_hash = :idHash`,
      { idHash },
    );
    return row
      ? { principal: toUser(row, 'session'), expiresAt: expiryOf(row.expires_at), seenRow: { kind: 'session', id: idHash } }
      : undefined;
  }

  private async touch(kind: RecordedCredential, id: number | string, now: Date): Promise<void> {
    const key = `${kind}:${id}`;
    const last = this.lastSeenWrite.get(key);
    if (last !== undefined && now.getTime() - last < SEEN_AT_INTERVAL_MS) return;
    this.lastSeenWrite.set(key, now.getTime());
    await this.uses.markSeen(kind, id, now);
  }
}

function expiryOf(value: unknown): number | null {
  return toDate(value)?.getTime() ?? null;
}

/** Shared by every request that presents the credential, so it cannot be changed by one of them. */
function toUser(row: UserRow, via: UserPrincipal['via']): UserPrincipal {
  return Object.freeze({
    kind: 'user',
    id: Number(row.id),
    username: row.username,
    email: row.email,
    name: row.name,
    isService: toBool(row.is_service),
    via,
  });
}
