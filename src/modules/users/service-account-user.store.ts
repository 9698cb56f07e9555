import { Injectable } from '@nestjs/common';
import { Database, toIso } from '../../core/database/database.js';

/** A service account as stored: a `flagwright_users` row with `is_service = true` and no password. */
export interface ServiceAccountRecord {
  id: number;
  name: string;
  username: string;
  rootRole: number;
  createdAt: string;
}

export interface NewServiceAccount {
  username: string;
  name: string;
  rootRole: number;
  createdAt: Date;
  createdByUserId: number;
}

/** The `flagwright_users` rows of service accounts (`is_service = true`); the service-accounts module writes them through `ServiceAccountUsers`. */
export abstract class ServiceAccountUserStore {
  /** Answers undefined when the username is already used by any user or service account. */
  abstract insert(input: NewServiceAccount): Promise<ServiceAccountRecord | undefined>;
  abstract find(id: number): Promise<ServiceAccountRecord | undefined>;
  abstract update(id: number, changes: { name: string; rootRole: number }): Promise<ServiceAccountRecord | undefined>;
  /** Deletes the account; its tokens, sessions and memberships go with it (foreign keys cascade). */
  abstract delete(id: number): Promise<boolean>;
}

interface Row {
  id: number;
  name: string | null;
  username: string;
  root_role_id: number;
  created_at: unknown;
}

const COLUMNS = 'id, name, username, root_role_id, created_at';

@Injectable()
export class SqlServiceAccountUserStore extends ServiceAccountUserStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(input: NewServiceAccount): Promise<ServiceAccountRecord | undefined> {
    // The unique username is the arbiter, so two concurrent creations cannot both succeed.
    const [row] = await this.db.query<Row>(
      `INSERT INTO flagwright_users (name, username, root_role_id, is_service, created_at, created_by_user_id)
       VALUES (:name, :username, :rootRole, true, :createdAt, :createdByUserId)
       ON CONFLICT (username) DO NOTHING RETURNING ${COLUMNS}`,
      { ...input, createdAt: this.db.toTimestamp(input.createdAt) },
    );
    return row && toRecord(row);
  }

  async find(id: number): Promise<ServiceAccountRecord | undefined> {
    const row = await this.db.one<Row>(`SELECT ${COLUMNS} FROM flagwright_users WHERE id = :id AND is_service = true`, { id });
    return row && toRecord(row);
  }

  async update(id: number, changes: { name: string; rootRole: number }): Promise<ServiceAccountRecord | undefined> {
    const [row] = await this.db.query<Row>(
      `UPDATE flagwright_users SET name = :name, root_role_id = :rootRole WHERE id = :id AND is_service = true RETURNING ${COLUMNS}`,
      { id, ...changes },
    );
    return row && toRecord(row);
  }

  async delete(id: number): Promise<boolean> {
    return (await this.db.execute('DELETE FROM flagwright_users WHERE id = :id AND is_service = true', { id })) > 0;
  }
}

function toRecord(row: Row): ServiceAccountRecord {
  return {
    id: Number(row.id),
    name: row.name ?? '',
    username: row.username,
    rootRole: Number(row.root_role_id),
    createdAt: toIso(row.created_at)!,
  };
}
