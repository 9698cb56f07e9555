import { Injectable } from '@nestjs/common';
import { Database, toDate } from '../../core/database/database.js';

export interface ResetTokenRow {
  idHash: string;
  userId: number;
  kind: 'welcome' | 'reset';
  passwordFingerprint: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Welcome and reset links (`flagwright_reset_tokens`), by the digest of their secret. */
export abstract class ResetTokenStore {
  abstract insert(row: Omit<ResetTokenRow, 'usedAt'>): Promise<void>;
  abstract find(idHash: string): Promise<ResetTokenRow | undefined>;
  /** Marks the link used unless it already was; answers whether this call used it. */
  abstract markUsed(idHash: string, at: Date): Promise<boolean>;
}

interface Row {
  id_hash: string;
  user_id: number | string;
  kind: 'welcome' | 'reset';
  password_fingerprint: string;
  created_by: string;
  created_at: unknown;
  expires_at: unknown;
  used_at: unknown;
}

@Injectable()
export class SqlResetTokenStore extends ResetTokenStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(row: Omit<ResetTokenRow, 'usedAt'>): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_reset_tokens (id_hash, user_id, kind, password_fingerprint, created_by, created_at, expires_at)
       VALUES (:idHash, :userId, :kind, :passwordFingerprint, :createdBy, :createdAt, :expiresAt)`,
      { ...row, createdAt: this.db.toTimestamp(row.createdAt), expiresAt: this.db.toTimestamp(row.expiresAt) },
    );
  }

  async find(idHash: string): Promise<ResetTokenRow | undefined> {
    const row = await this.db.one<Row>(
      `SELECT id_hash, user_id, kind, password_fingerprint, created_by, created_at, expires_at, used_at
         FROM flagwright_reset_tokens WHERE id_hash = :idHash`,
      { idHash },
    );
    if (!row) return undefined;
    return {
      idHash: row.id_hash,
      userId: Number(row.user_id),
      kind: row.kind,
      passwordFingerprint: row.password_fingerprint,
      createdBy: row.created_by,
      createdAt: toDate(row.created_at)!,
      expiresAt: toDate(row.expires_at)!,
      usedAt: toDate(row.used_at),
    };
  }

  async markUsed(idHash: string, at: Date): Promise<boolean> {
    const changed = await this.db.execute('UPDATE flagwright_reset_tokens SET used_at = :at WHERE id_hash = :idHash AND used_at IS NULL', {
      idHash,
      at: this.db.toTimestamp(at),
    });
    return changed === 1;
  }
}
