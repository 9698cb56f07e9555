import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';

/** Server-side sessions, shared by every instance through the database. Only a digest of each session id is kept. */
export abstract class SessionStore {
  abstract insert(input: { idHash: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** Keeps the `keep` newest sessions of the user and deletes the rest; answers how many were deleted. */
  abstract trim(userId: number, keep: number): Promise<number>;
  abstract delete(idHash: string): Promise<void>;
  abstract deleteAllFor(userId: number): Promise<void>;
  abstract deleteExpired(now: Date): Promise<void>;
}

@Injectable()
export class SqlSessionStore extends SessionStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(input: { idHash: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void> {
    await this.db.execute(
      'INSERT INTO flagwright_sessions (id_hash, user_id, created_at, expires_at) VALUES (:idHash, :userId, :createdAt, :expiresAt)',
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

  async deleteAllFor(userId: number): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_sessions WHERE user_id = :userId', { userId });
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_sessions WHERE expires_at <= :now', { now: this.db.toTimestamp(now) });
  }
}
