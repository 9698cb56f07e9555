import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A role given to a user within a project. */
@Entity('role_users')
@Index('role_users_project_idx', ['project', 'roleId'])
export class RoleUserEntity {
  @PrimaryColumn({ name: 'user_id', type: Number })
  @ForeignKey('users', { name: 'role_users_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @PrimaryColumn({ name: 'role_id', type: Number })
  @ForeignKey('roles', { name: 'role_users_role_id_fkey', onDelete: 'CASCADE' })
  roleId: number;

  @PrimaryColumn({ type: String, length: 100 })
  @ForeignKey('projects', { name: 'role_users_project_fkey', onDelete: 'CASCADE' })
  project: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** A role given to a user group within a project. */
@Entity('group_roles')
@Index('group_roles_project_idx', ['project', 'roleId'])
export class GroupRoleEntity {
  @PrimaryColumn({ name: 'group_id', type: Number })
  @ForeignKey('user_groups', { name: 'group_roles_group_id_fkey', onDelete: 'CASCADE' })
  groupId: number;

  @PrimaryColumn({ name: 'role_id', type: Number })
  @ForeignKey('roles', { name: 'group_roles_role_id_fkey', onDelete: 'CASCADE' })
  roleId: number;

  @PrimaryColumn({ type: String, length: 100 })
  @ForeignKey('projects', { name: 'group_roles_project_fkey', onDelete: 'CASCADE' })
  project: string;

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
