import { Column, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A role given to a user within a project. */
@FlagwrightEntity('flagwright_role_users')
@Index('flagwright_role_users_project_idx', ['project', 'roleId'])
export class RoleUserEntity {
  @PrimaryColumn({ name: 'user_id', type: Number })
  @ForeignKey('flagwright_users', { name: 'flagwright_role_users_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @PrimaryColumn({ name: 'role_id', type: Number })
  @ForeignKey('flagwright_roles', { name: 'flagwright_role_users_role_id_fkey', onDelete: 'CASCADE' })
  roleId: number;

  @PrimaryColumn({ type: String, length: 100 })
  @ForeignKey('flagwright_projects', { name: 'flagwright_role_users_project_fkey', onDelete: 'CASCADE' })
  project: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** A role given to a user group within a project. */
@FlagwrightEntity('flagwright_group_roles')
@Index('flagwright_group_roles_project_idx', ['project', 'roleId'])
export class GroupRoleEntity {
  @PrimaryColumn({ name: 'group_id', type: Number })
  @ForeignKey('flagwright_user_groups', { name: 'flagwright_group_roles_group_id_fkey', onDelete: 'CASCADE' })
  groupId: number;

  @PrimaryColumn({ name: 'role_id', type: Number })
  @ForeignKey('flagwright_roles', { name: 'flagwright_group_roles_role_id_fkey', onDelete: 'CASCADE' })
  roleId: number;

  @PrimaryColumn({ type: String, length: 100 })
  @ForeignKey('flagwright_projects', { name: 'flagwright_group_roles_project_fkey', onDelete: 'CASCADE' })
  project: string;

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
