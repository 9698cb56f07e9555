import { Column, ForeignKey, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A personal access token of a user; only the hash of its secret is kept. */
@FlagwrightEntity('flagwright_personal_access_tokens')
@Unique('flagwright_personal_access_tokens_secret_hash_key', ['secretHash'])
@Unique('flagwright_personal_access_tokens_user_id_description_key', ['userId', 'description'])
export class PersonalAccessTokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: Number })
  @ForeignKey('flagwright_users', { name: 'flagwright_personal_access_tokens_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ name: 'secret_hash', type: String, length: 128 })
  secretHash: string;

  @Column({ type: String, length: 255 })
  description: string;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;

  @TimestampColumn({ name: 'seen_at', nullable: true })
  seenAt: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
