import { Injectable } from '@nestjs/common';
import { Database, toDate } from '../../core/database/database.js';

export interface NewSession {
  idHash: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  address: string | null;
  userAgent: string | null;
}

export interface SessionRow extends NewSession {
  lastSeenAt: Date | null;
}

/** Server-side sessions, shared by every instance through the database. Only a digest of each session id is kept. */
export abstract class SessionStore {
  abstract insert(input: NewSession): Promise<void>;
  /** Keeps the `keep` newest sessions of the user and deletes the rest; answers how many were deleted. */
  abstract trim(userId: number, keep: number): Promise<number>;
  abstract delete(idHash: string): Promise<void>;
  /** Deletes every session of the user; answers how many there were. */
  abstract deleteAllFor(userId: number): Promise<number>;
  abstract deleteExpired(now: Date): Promise<void>;
  /** The user's sessions that have not expired by `now`, newest first. */
  abstract listFor(userId: number, now: Date): Promise<SessionRow[]>;
  abstract markSeen(idHash: string, at: Date): Promise<void>;
}

interface Row {
  id_hash: string;
  user_id: number | string;
  created_at: unknown;
  expires_at: unknown;
  last_seen_at: unknown;
  address: string | null;
  user_agent: string | null;
}

@Injectable()
export class SqlSessionStore extends SessionStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(input: NewSession): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_sessions (id_hash, user_id, created_at, expires_at, address, user_agent)
       VALUES (:idHash, :userId, :createdAt, :expiresAt, :address, :userAgent)`,
      { ...input, createdAt: this.db.toTimestamp(input.createdAt), expiresAt: this.db.toTimestamp(input.expiresAt) },
    );
  }

  trim(userId: number, keep: number): Promise<number> {
    return this.db.execute(
      `DELETE FROM flagwright_sessions WHERE user_id = :userId AND id_hash NOT IN (
         SELECT id_hash FROM flagwright_sessions WHERE user_id = :userId ORDER BY created_at DESC, id_hash LIMIT :keep)`,
      { userId, keep },
    );
  }

  async delete(idHash: string): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_sessions WHERE id_hash = :idHash', { idHash });
  }

  deleteAllFor(userId: number): Promise<number> {
    return this.db.execute('DELETE FROM flagwright_sessions WHERE user_id = :userId', { userId });
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_sessions WHERE expires_at <= :now', { now: this.db.toTimestamp(now) });
  }

  async listFor(userId: number, now: Date): Promise<SessionRow[]> {
    const rows = await this.db.query<Row>(
      `SELECT id_hash, user_id, created_at, expires_at, last_seen_at, address, user_agent FROM flagwright_sessions
        WHERE user_id = :userId AND expires_at > :now ORDER BY created_at DESC, id_hash`,
      { userId, now: this.db.toTimestamp(now) },
    );
    return rows.map((row) => ({
      idHash: row.id_hash,
      userId: Number(row.user_id),
      createdAt: toDate(row.created_at)!,
      expiresAt: toDate(row.expires_at)!,
      lastSeenAt: toDate(row.last_seen_at),
      address: row.address,
      userAgent: row.user_agent,
    }));
  }

  async markSeen(idHash: string, at: Date): Promise<void> {
    await this.db.execute('UPDATE flagwright_sessions SET last_seen_at = :at WHERE id_hash = :idHash', {
      idHash,
      at: this.db.toTimestamp(at),
    });
  }
}
