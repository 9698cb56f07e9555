import { Injectable } from '@nestjs/common';
import type { ApiTokenType } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { ALL_PROJECTS } from '../api-tokens/index.js';

/** Digests looked up in one statement at most. */
const CHUNK = 500;
/** The token types Edge can serve SDKs with; admin tokens are never reported as valid. */
const SDK_TOKEN_TYPES: ApiTokenType[] = ['client', 'backend', 'frontend'];

/** What Edge learns about a valid SDK token. */
export interface SdkTokenScope {
  type: ApiTokenType;
  environment: string;
  /** Sorted project ids, or `['*']` for every project. */
  projects: string[];
}

/** The question Edge asks about tokens, answered from `flagwright_api_tokens` (read only; the api-tokens module writes it). */
@Injectable()
export class EdgeTokensReadModel {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The unexpired SDK tokens among the digests, by digest. */
  async sdkTokens(digests: string[]): Promise<Map<string, SdkTokenScope>> {
    const found = new Map<string, SdkTokenScope>();
    const now = this.db.toTimestamp(this.clock.now());
    for (let i = 0; i < digests.length; i += CHUNK) {
      const rows = await this.db.query<{ secret_hash: string; type: ApiTokenType; environment: string; project: string | null }>(
        `SELECT t.secret_hash, t.type, t.environment, p.project
           FROM flagwright_api_tokens t LEFT JOIN flagwright_api_token_projects p ON p.token_id = t.id
          WHERE t.secret_hash IN (:...digests) AND t.type IN (:...types) AND (t.expires_at IS NULL OR t.expires_at > :now)
          ORDER BY t.secret_hash, p.project`,
        { digests: digests.slice(i, i + CHUNK), types: SDK_TOKEN_TYPES, now },
      );
      for (const row of rows) {
        const token = found.get(row.secret_hash) ?? { type: row.type, environment: row.environment, projects: [] };
        if (row.project !== null) token.projects.push(row.project);
        found.set(row.secret_hash, token);
      }
    }
    for (const token of found.values()) if (token.projects.length === 0) token.projects.push(ALL_PROJECTS);
    return found;
  }
}
