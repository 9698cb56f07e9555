import { Column, ForeignKey, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A user account, human or service, with its root role. Service accounts are created here too. */
@FlagwrightEntity('flagwright_users')
@Unique('flagwright_users_username_key', ['username'])
@Unique('flagwright_users_email_key', ['email'])
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: String, length: 255, nullable: true })
  name: string | null;

  @Column({ type: String, length: 255, nullable: true })
  username: string | null;

  @Column({ type: String, length: 255, nullable: true })
  email: string | null;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ name: 'password_hash', type: String, length: 255, nullable: true })
  passwordHash: string | null;

  @Column({ name: 'login_attempts', type: Number, default: 0 })
  loginAttempts: number;

  @Column({ name: 'email_sent', type: Boolean, default: false })
  emailSent: boolean;

  @Column({ name: 'root_role_id', type: Number })
  @ForeignKey('flagwright_roles', { name: 'flagwright_users_root_role_id_fkey' })
  rootRoleId: number;

  @Column({ name: 'is_service', type: Boolean, default: false })
  isService: boolean;

  @Column({ name: 'scim_id', type: String, length: 255, nullable: true })
  scimId: string | null;

  @TimestampColumn({ name: 'seen_at', nullable: true })
  seenAt: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'created_by_user_id', type: Number, nullable: true })
  createdByUserId: number | null;
}
