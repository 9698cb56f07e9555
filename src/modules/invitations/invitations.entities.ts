import { Column, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A welcome or password-reset link of a person, keyed by the digest of its secret. Single-use. */
@FlagwrightEntity('flagwright_reset_tokens')
@Index('flagwright_reset_tokens_user_idx', ['userId'])
export class ResetTokenEntity {
  @PrimaryColumn({ name: 'id_hash', type: String, length: 64 })
  idHash: string;

  @Column({ name: 'user_id', type: Number })
  @ForeignKey('flagwright_users', { name: 'flagwright_reset_tokens_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  /** `welcome` (the person had no password) or `reset`. */
  @Column({ name: 'kind', type: String, length: 16 })
  kind: string;

  /** Digest of the password hash the link was made under: another password since, and the link is dead. */
  @Column({ name: 'password_fingerprint', type: String, length: 64 })
  passwordFingerprint: string;

  @Column({ name: 'created_by', type: String, length: 255 })
  createdBy: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;

  @TimestampColumn({ name: 'used_at', nullable: true })
  usedAt: Date | null;
}

/** An invite link anyone holding it may sign up with, given a root role, until it expires or is disabled. */
@FlagwrightEntity('flagwright_signup_tokens')
export class SignupTokenEntity {
  @PrimaryColumn({ name: 'id_hash', type: String, length: 64 })
  idHash: string;

  @Column({ name: 'name', type: String, length: 255 })
  name: string;

  @Column({ name: 'root_role_id', type: Number })
  rootRoleId: number;

  @Column({ name: 'enabled', type: Boolean })
  enabled: boolean;

  @Column({ name: 'created_by', type: String, length: 255 })
  createdBy: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;
}
