import { Column, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** Failed-login bookkeeping for one login name, driving the lockout. */
@FlagwrightEntity('flagwright_login_failures')
export class LoginFailureEntity {
  @PrimaryColumn({ name: 'login_name', type: String, length: 320 })
  loginName: string;

  @Column({ name: 'failed_count', type: Number, default: 0 })
  failedCount: number;

  @Column({ name: 'lock_count', type: Number, default: 0 })
  lockCount: number;

  @TimestampColumn({ name: 'locked_until', nullable: true })
  lockedUntil: Date | null;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}
