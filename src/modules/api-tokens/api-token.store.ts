import { Injectable } from '@nestjs/common';
import type { ApiTokenType } from '../../core/access/principal.js';
import { Database, toIso } from '../../core/database/database.js';
import { ALL_PROJECTS, type ApiToken } from './api-token.model.js';

export interface ApiTokenInsert {
  tokenName: string;
  secretHash: string;
  secretPrefix: string;
  type: ApiTokenType;
  environment: string;
  /** `['*']` for every project: stored as no project rows, as the credential lookup reads it. */
  projects: string[];
  expiresAt: Date | null;
  createdBy: string;
  createdAt: Date;
}

/** The write model of API tokens: `flagwright_api_tokens` with the projects of each in `flagwright_api_token_projects`. */
export abstract class ApiTokenStore {
  abstract insert(input: ApiTokenInsert): Promise<ApiToken>;
  abstract list(): Promise<ApiToken[]>;
  abstract find(id: number): Promise<ApiToken | undefined>;
  /** The id of the token whose secret has this digest. */
  abstract idOfSecret(secretHash: string): Promise<number | undefined>;
  abstract setExpiry(id: number, expiresAt: Date | null): Promise<void>;
  abstract delete(id: number): Promise<boolean>;
  /** Records the token's last use (`seen_at`). */
  abstract markSeen(id: number, at: Date): Promise<void>;
}

interface TokenRow {
  id: number;
  token_name: string;
  type: ApiTokenType;
  environment: string;
  secret_prefix: string;
  expires_at: unknown;
  created_at: unknown;
  seen_at: unknown;
  project: string | null;
}

const SELECT = `SELECT t.id, t.token_name, t.type, t.environment, t.secret_prefix, t.expires_at, t.created_at, t.seen_at, p.project
  FROM flagwright_api_tokens t LEFT JOIN flagwright_api_token_projects p ON p.token_id = t.id`;

@Injectable()
export class SqlApiTokenStore extends ApiTokenStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(input: ApiTokenInsert): Promise<ApiToken> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO flagwright_api_tokens (token_name, secret_hash, secret_prefix, type, environment, expires_at, created_by, created_at)
       VALUES (:tokenName, :secretHash, :secretPrefix, :type, :environment, :expiresAt, :createdBy, :createdAt) RETURNING id`,
      {
        tokenName: input.tokenName,
        secretHash: input.secretHash,
        secretPrefix: input.secretPrefix,
        type: input.type,
        environment: input.environment,
        expiresAt: input.expiresAt && this.db.toTimestamp(input.expiresAt),
        createdBy: input.createdBy,
        createdAt: this.db.toTimestamp(input.createdAt),
      },
    );
    const id = Number(row.id);
    for (const project of input.projects.filter((p) => p !== ALL_PROJECTS)) {
      await this.db.execute('INSERT INTO flagwright_api_token_projects (token_id, project) VALUES (:id, :project)', { id, project });
    }
    return (await this.find(id))!;
  }

  async list(): Promise<ApiToken[]> {
    return toTokens(await this.db.query<TokenRow>(`${SELECT} ORDER BY t.id, p.project`));
  }

  async find(id: number): Promise<ApiToken | undefined> {
    const [token] = toTokens(await this.db.query<TokenRow>(`${SELECT} WHERE t.id = :id ORDER BY p.project`, { id }));
    return token;
  }

  async idOfSecret(secretHash: string): Promise<number | undefined> {
    const row = await this.db.one<{ id: number | string }>('SELECT id FROM flagwright_api_tokens WHERE secret_hash = :secretHash', {
      secretHash,
    });
    return row ? Number(row.id) : undefined;
  }

  async setExpiry(id: number, expiresAt: Date | null): Promise<void> {
    await this.db.execute('UPDATE flagwright_api_tokens SET expires_at = :expiresAt WHERE id = :id', {
      id,
      expiresAt: expiresAt && this.db.toTimestamp(expiresAt),
    });
  }

  async delete(id: number): Promise<boolean> {
    return (await this.db.execute('DELETE FROM flagwright_api_tokens WHERE id = :id', { id })) > 0;
  }

  async markSeen(id: number, at: Date): Promise<void> {
    await this.db.execute('UPDATE flagwright_api_tokens SET seen_at = :at WHERE id = :id', { id, at: this.db.toTimestamp(at) });
  }
}

/** Folds the joined rows (one per project) into tokens, keeping the order of the rows. */
function toTokens(rows: TokenRow[]): ApiToken[] {
  const tokens = new Map<number, ApiToken>();
  for (const row of rows) {
    const id = Number(row.id);
    let token = tokens.get(id);
    if (!token) {
      token = {
        id,
        tokenName: row.token_name,
        type: row.type,
        environment: row.environment,
        project: row.secret_prefix.split(':')[0],
        projects: [],
        secretPrefix: row.secret_prefix,
        expiresAt: toIso(row.expires_at),
        createdAt: toIso(row.created_at)!,
        seenAt: toIso(row.seen_at),
        alias: null,
      };
      tokens.set(id, token);
    }
    if (row.project !== null) token.projects.push(row.project);
  }
  for (const token of tokens.values()) if (token.projects.length === 0) token.projects.push(ALL_PROJECTS);
  return [...tokens.values()];
}
