import { Injectable } from '@nestjs/common';
import { Database, isUniqueViolation, toIso } from '../../core/database/database.js';
import { nameExists } from '../../core/errors/app-error.js';
import type { Pat } from './pat.model.js';

export abstract class PatStore {
  abstract insert(input: { userId: number; secretHash: string; description: string; expiresAt: Date; createdAt: Date }): Promise<Pat>;
  abstract listFor(userId: number): Promise<Pat[]>;
  /** Serialises token creation per owner inside the current transaction, so the count limit holds under races. */
  abstract lockOwner(userId: number): Promise<void>;
  abstract countFor(userId: number): Promise<number>;
  abstract descriptionTaken(userId: number, description: string): Promise<boolean>;
  abstract find(userId: number, id: number): Promise<Pat | undefined>;
  abstract delete(userId: number, id: number): Promise<boolean>;
  /** Records the token's last use (`seen_at`). */
  abstract markSeen(id: number, at: Date): Promise<void>;
}

interface PatRow {
  id: number;
  user_id: number;
  description: string;
  expires_at: unknown;
  created_at: unknown;
  seen_at: unknown;
}

const COLUMNS = 'id, user_id, description, expires_at, created_at, seen_at';

@Injectable()
export class SqlPatStore extends PatStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(input: { userId: number; secretHash: string; description: string; expiresAt: Date; createdAt: Date }): Promise<Pat> {
    const [row] = await this.uniquely(() =>
      this.db.query<PatRow>(
        `INSERT INTO flagwright_personal_access_tokens (user_id, secret_hash, description, expires_at, created_at)
       VALUES (:userId, :secretHash, :description, :expiresAt, :createdAt) RETURNING ${COLUMNS}`,
        { ...input, expiresAt: this.db.toTimestamp(input.expiresAt), createdAt: this.db.toTimestamp(input.createdAt) },
      ),
    );
    return toPat(row);
  }

  async lockOwner(userId: number): Promise<void> {
    // SQLite transactions are already serialised; PostgreSQL needs the owner's row locked.
    if (this.db.isPostgres) await this.db.submit('SELECT id FROM flagwright_users WHERE id = :userId FOR UPDATE', { userId });
  }

  /** A concurrent creation with the same description loses on the unique index: that is a 409, not a 500. */
  private async uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameExists('PAT description already exists.');
      throw error;
    }
  }

  async listFor(userId: number): Promise<Pat[]> {
    const rows = await this.db.query<PatRow>(
      `SELECT ${COLUMNS} FROM flagwright_personal_access_tokens WHERE user_id = :userId ORDER BY id`,
      {
        userId,
      },
    );
    return rows.map(toPat);
  }

  async countFor(userId: number): Promise<number> {
    const row = await this.db.one<{ count: number | string }>(
      'SELECT COUNT(*) AS count FROM flagwright_personal_access_tokens WHERE user_id = :userId',
      { userId },
    );
    return Number(row?.count ?? 0);
  }

  async descriptionTaken(userId: number, description: string): Promise<boolean> {
    return Boolean(
      await this.db.one('SELECT id FROM flagwright_personal_access_tokens WHERE user_id = :userId AND description = :description', {
        userId,
        description,
      }),
    );
  }

  async find(userId: number, id: number): Promise<Pat | undefined> {
    const row = await this.db.one<PatRow>(`SELECT ${COLUMNS} FROM flagwright_personal_access_tokens WHERE user_id = :userId AND id = :id`, {
      userId,
      id,
    });
    return row && toPat(row);
  }

  async delete(userId: number, id: number): Promise<boolean> {
    return (
      (await this.db.execute('DELETE FROM flagwright_personal_access_tokens WHERE user_id = :userId AND id = :id', { userId, id })) > 0
    );
  }

  async markSeen(id: number, at: Date): Promise<void> {
    await this.db.execute('UPDATE flagwright_personal_access_tokens SET seen_at = :at WHERE id = :id', { id, at: this.db.toTimestamp(at) });
  }
}

function toPat(row: PatRow): Pat {
  return {
    id: Number(row.id),
    description: row.description,
    expiresAt: toIso(row.expires_at)!,
    createdAt: toIso(row.created_at)!,
    seenAt: toIso(row.seen_at),
    userId: Number(row.user_id),
  };
}
