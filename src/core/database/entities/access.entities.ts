import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A role: a named set of permissions, either root (instance-wide) or project-scoped. */
@Entity('roles')
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

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** One permission granted by a role, optionally limited to an environment ('' means any). */
@Entity('role_permissions')
export class RolePermissionEntity {
  @PrimaryColumn({ name: 'role_id', type: Number })
  roleId: number;

  @PrimaryColumn({ type: String, length: 255 })
  permission: string;

  @PrimaryColumn({ type: String, length: 100, default: '' })
  environment: string;
}

/** A user account, human or service, with its root role. */
@Entity('users')
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
  rootRoleId: number;

  @Column({ name: 'is_service', type: Boolean, default: false })
  isService: boolean;

  @Column({ name: 'scim_id', type: String, length: 255, nullable: true })
  scimId: string | null;

  @Column({ name: 'seen_at', type: Date, nullable: true })
  seenAt: Date | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;

  @Column({ name: 'created_by_user_id', type: Number, nullable: true })
  createdByUserId: number | null;
}

/** A group of users, optionally carrying a root role and SSO group mappings. */
@Entity('user_groups')
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
  rootRoleId: number | null;

  @Column({ name: 'scim_id', type: String, length: 255, nullable: true })
  scimId: string | null;

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** Membership of one user in one group. */
@Entity('group_users')
export class GroupUserEntity {
  @PrimaryColumn({ name: 'group_id', type: Number })
  groupId: number;

  @PrimaryColumn({ name: 'user_id', type: Number })
  userId: number;

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** A personal access token of a user; only the hash of its secret is kept. */
@Entity('personal_access_tokens')
export class PersonalAccessTokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: Number })
  userId: number;

  @Column({ name: 'secret_hash', type: String, length: 128 })
  secretHash: string;

  @Column({ type: String, length: 255 })
  description: string;

  @Column({ name: 'expires_at', type: Date })
  expiresAt: Date;

  @Column({ name: 'seen_at', type: Date, nullable: true })
  seenAt: Date | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** An API token (client, frontend or admin) for one environment; only the hash of its secret is kept. */
@Entity('api_tokens')
export class ApiTokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'token_name', type: String, length: 255 })
  tokenName: string;

  @Column({ name: 'secret_hash', type: String, length: 128 })
  secretHash: string;

  @Column({ name: 'secret_prefix', type: String, length: 255 })
  secretPrefix: string;

  @Column({ type: String, length: 32 })
  type: string;

  @Column({ type: String, length: 100 })
  environment: string;

  @Column({ name: 'expires_at', type: Date, nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'seen_at', type: Date, nullable: true })
  seenAt: Date | null;

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** One project an API token is limited to. */
@Entity('api_token_projects')
export class ApiTokenProjectEntity {
  @PrimaryColumn({ name: 'token_id', type: Number })
  tokenId: number;

  @PrimaryColumn({ type: String, length: 100 })
  project: string;
}

/** A login session of a user, keyed by the hash of its session id. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ name: 'id_hash', type: String, length: 128 })
  idHash: string;

  @Column({ name: 'user_id', type: Number })
  userId: number;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;

  @Column({ name: 'expires_at', type: Date })
  expiresAt: Date;
}

/** Failed-login bookkeeping for one login name, driving the lockout. */
@Entity('login_failures')
export class LoginFailureEntity {
  @PrimaryColumn({ name: 'login_name', type: String, length: 320 })
  loginName: string;

  @Column({ name: 'failed_count', type: Number, default: 0 })
  failedCount: number;

  @Column({ name: 'lock_count', type: Number, default: 0 })
  lockCount: number;

  @Column({ name: 'locked_until', type: Date, nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'updated_at', type: Date })
  updatedAt: Date;
}
