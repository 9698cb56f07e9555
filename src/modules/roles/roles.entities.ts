import { Column, ForeignKey, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A role: a named set of permissions, either root (instance-wide) or project-scoped. */
@FlagwrightEntity('flagwright_roles')
@Unique('flagwright_roles_name_key', ['name'])
export class RoleEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: String, length: 255 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: String, length: 32 })
  type: string;

  @Column({ name: 'built_in', type: Boolean, default: false })
  builtIn: boolean;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** One permission granted by a role, optionally limited to an environment ('' means any). */
@FlagwrightEntity('flagwright_role_permissions')
export class RolePermissionEntity {
  @PrimaryColumn({ name: 'role_id', type: Number })
  @ForeignKey('flagwright_roles', { name: 'flagwright_role_permissions_role_id_fkey', onDelete: 'CASCADE' })
  roleId: number;

  @PrimaryColumn({ type: String, length: 255 })
  permission: string;

  @PrimaryColumn({ type: String, length: 100, default: '' })
  environment: string;
}
