import { Injectable } from '@nestjs/common';
import { Database, toIso } from '../../core/database/database.js';
import type { Pat } from '../personal-access-tokens/index.js';
import { imageUrlFor } from '../users/index.js';
import type { ServiceAccount, ServiceAccountRecord } from './service-account.model.js';

interface AccountWithTokenRow {
  id: number;
  name: string | null;
  username: string;
  root_role_id: number;
  created_at: unknown;
  token_id: number | null;
  description: string | null;
  expires_at: unknown;
  token_created_at: unknown;
  seen_at: unknown;
}

/** Listings of service accounts with their tokens, in one query for all of them. */
@Injectable()
export class ServiceAccountsReadModel {
  constructor(private readonly db: Database) {}

  async list(): Promise<ServiceAccount[]> {
    return this.withTokens('u.is_service = true', {});
  }

  async get(id: number): Promise<ServiceAccount | undefined> {
    const [account] = await this.withTokens('u.is_service = true AND u.id = :id', { id });
    return account;
  }

  private async withTokens(where: string, params: Record<string, unknown>): Promise<ServiceAccount[]> {
    const rows = await this.db.query<AccountWithTokenRow>(
      `SELECT u.id, u.name, u.username, u.root_role_id, u.created_at,
              t.id AS token_id, t.description, t.expires_at, t.created_at AS token_created_at, t.seen_at
         FROM flagwright_users u LEFT JOIN flagwright_personal_access_tokens t ON t.user_id = u.id
        WHERE ${where}
        ORDER BY u.id, t.id`,
      params,
    );
    const accounts = new Map<number, ServiceAccount>();
    for (const row of rows) {
      const id = Number(row.id);
      let account = accounts.get(id);
      if (!account) {
        account = toServiceAccount(
          { id, name: row.name ?? '', username: row.username, rootRole: Number(row.root_role_id), createdAt: toIso(row.created_at)! },
          [],
        );
        accounts.set(id, account);
      }
      if (row.token_id !== null) account.tokens.push(toPat(row, id));
    }
    return [...accounts.values()];
  }
}

export function toServiceAccount(record: ServiceAccountRecord, tokens: Pat[]): ServiceAccount {
  return {
    id: record.id,
    name: record.name,
    username: record.username,
    imageUrl: imageUrlFor({ id: record.id, username: record.username }),
    rootRole: record.rootRole,
    createdAt: record.createdAt,
    tokens,
    isAPI: false,
    loginAttempts: 0,
    emailSent: false,
    seenAt: null,
  };
}

function toPat(row: AccountWithTokenRow, userId: number): Pat {
  return {
    id: Number(row.token_id),
    description: row.description!,
    expiresAt: toIso(row.expires_at)!,
    createdAt: toIso(row.token_created_at)!,
    seenAt: toIso(row.seen_at),
    userId,
  };
}
