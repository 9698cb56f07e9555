import { Injectable } from '@nestjs/common';
import { Database, toBool, toDate } from '../../core/database/database.js';

export interface SignupTokenRow {
  idHash: string;
  name: string;
  rootRoleId: number;
  enabled: boolean;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Invite links (`flagwright_signup_tokens`), by the digest of their secret. */
export abstract class SignupTokenStore {
  abstract insert(row: SignupTokenRow): Promise<void>;
  abstract list(): Promise<SignupTokenRow[]>;
  abstract find(idHash: string): Promise<SignupTokenRow | undefined>;
  abstract update(idHash: string, changes: { expiresAt?: Date; enabled?: boolean }): Promise<void>;
}

interface Row {
  id_hash: string;
  name: string;
  root_role_id: number | string;
  enabled: unknown;
  created_by: string;
  created_at: unknown;
  expires_at: unknown;
}

const COLUMNS = 'id_hash, name, root_role_id, enabled, created_by, created_at, expires_at';

@Injectable()
export class SqlSignupTokenStore extends SignupTokenStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(row: SignupTokenRow): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_signup_tokens (${COLUMNS}) VALUES (:idHash, :name, :rootRoleId, :enabled, :createdBy, :createdAt, :expiresAt)`,
      { ...row, createdAt: this.db.toTimestamp(row.createdAt), expiresAt: this.db.toTimestamp(row.expiresAt) },
    );
  }

  async list(): Promise<SignupTokenRow[]> {
    const rows = await this.db.query<Row>(`SELECT ${COLUMNS} FROM flagwright_signup_tokens ORDER BY created_at, id_hash`);
    return rows.map(toRow);
  }

  async find(idHash: string): Promise<SignupTokenRow | undefined> {
    const row = await this.db.one<Row>(`SELECT ${COLUMNS} FROM flagwright_signup_tokens WHERE id_hash = :idHash`, { idHash });
    return row ? toRow(row) : undefined;
  }

  async update(idHash: string, changes: { expiresAt?: Date; enabled?: boolean }): Promise<void> {
    await this.db.execute(
      `UPDATE flagwright_signup_tokens SET expires_at = COALESCE(:expiresAt, expires_at), enabled = COALESCE(:enabled, enabled)
        WHERE id_hash = :idHash`,
      {
        idHash,
        expiresAt: changes.expiresAt ? this.db.toTimestamp(changes.expiresAt) : null,
        enabled: changes.enabled ?? null,
      },
    );
  }
}

function toRow(row: Row): SignupTokenRow {
  return {
    idHash: row.id_hash,
    name: row.name,
    rootRoleId: Number(row.root_role_id),
    enabled: toBool(row.enabled),
    createdBy: row.created_by,
    createdAt: toDate(row.created_at)!,
    expiresAt: toDate(row.expires_at)!,
  };
}
