import { Column, ForeignKey, Index, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A group of users, optionally carrying a root role and SSO group mappings. */
@FlagwrightEntity('flagwright_user_groups')
@Unique('flagwright_user_groups_name_key', ['name'])
export class UserGroupEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: String, length: 255 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'mappings_sso', type: 'simple-json', default: '[]' })
  mappingsSso: string[];

  @Column({ name: 'root_role_id', type: Number, nullable: true })
  @ForeignKey('flagwright_roles', { name: 'flagwright_user_groups_root_role_id_fkey' })
  rootRoleId: number | null;

  @Column({ name: 'scim_id', type: String, length: 255, nullable: true })
  scimId: string | null;

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** Membership of one user in one group. */
@FlagwrightEntity('flagwright_group_users')
@Index('flagwright_group_users_user_idx', ['userId'])
export class GroupUserEntity {
  @PrimaryColumn({ name: 'group_id', type: Number })
  @ForeignKey('flagwright_user_groups', { name: 'flagwright_group_users_group_id_fkey', onDelete: 'CASCADE' })
  groupId: number;

  @PrimaryColumn({ name: 'user_id', type: Number })
  @ForeignKey('flagwright_users', { name: 'flagwright_group_users_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
