import { Column, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A login session of a user, keyed by the hash of its session id. */
@FlagwrightEntity('flagwright_sessions')
@Index('flagwright_sessions_user_idx', ['userId', 'createdAt'])
export class SessionEntity {
  @PrimaryColumn({ name: 'id_hash', type: String, length: 128 })
  idHash: string;

  @Column({ name: 'user_id', type: Number })
  @ForeignKey('flagwright_users', { name: 'flagwright_sessions_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;

  /** When a request last authenticated with it (written at most once a minute per session). */
  @TimestampColumn({ name: 'last_seen_at', nullable: true })
  lastSeenAt: Date | null;

  /** The client address of the sign-in (Express `req.ip`, as the configured `trust proxy` makes it). */
  @Column({ name: 'address', type: String, length: 64, nullable: true })
  address: string | null;

  @Column({ name: 'user_agent', type: String, length: 512, nullable: true })
  userAgent: string | null;
}
