import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A project: the unit features and project-scoped roles belong to. */
@Entity('projects')
export class ProjectEntity {
  @PrimaryColumn({ type: String, length: 100 })
  id: string;

  @Column({ type: String, length: 255 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'default_stickiness', type: String, length: 100, default: 'default' })
  defaultStickiness: string;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;

  @Column({ name: 'updated_at', type: Date, nullable: true })
  updatedAt: Date | null;
}

/** An environment (e.g. development, production) features are toggled in. */
@Entity('environments')
export class EnvironmentEntity {
  @PrimaryColumn({ type: String, length: 100 })
  name: string;

  @Column({ type: String, length: 100 })
  type: string;

  @Column({ name: 'sort_order', type: Number, default: 9999 })
  sortOrder: number;

  @Column({ type: Boolean, default: true })
  enabled: boolean;

  @Column({ type: Boolean, default: false })
  protected: boolean;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** An environment enabled in a project. */
@Entity('project_environments')
export class ProjectEnvironmentEntity {
  @PrimaryColumn({ name: 'project_id', type: String, length: 100 })
  projectId: string;

  @PrimaryColumn({ name: 'environment_name', type: String, length: 100 })
  environmentName: string;
}

/** A role given to a user within a project. */
@Entity('role_users')
export class RoleUserEntity {
  @PrimaryColumn({ name: 'user_id', type: Number })
  userId: number;

  @PrimaryColumn({ name: 'role_id', type: Number })
  roleId: number;

  @PrimaryColumn({ type: String, length: 100 })
  project: string;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** A role given to a user group within a project. */
@Entity('group_roles')
export class GroupRoleEntity {
  @PrimaryColumn({ name: 'group_id', type: Number })
  groupId: number;

  @PrimaryColumn({ name: 'role_id', type: Number })
  roleId: number;

  @PrimaryColumn({ type: String, length: 100 })
  project: string;

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}
