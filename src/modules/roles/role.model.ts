/**
 * Role types, with Unleash's names: built-in roles are `root` (Admin, Editor, Viewer) or `project` (Owner, Member,
 * Reader); custom roles are `root-custom` or `custom` (a custom project role).
 */
export const ROOT_ROLE_TYPES = ['root', 'root-custom'] as const;
export const PROJECT_ROLE_TYPES = ['project', 'custom'] as const;
export const CUSTOM_ROLE_TYPES = ['root-custom', 'custom'] as const;

export type RoleType = (typeof ROOT_ROLE_TYPES)[number] | (typeof PROJECT_ROLE_TYPES)[number];
export type CustomRoleType = (typeof CUSTOM_ROLE_TYPES)[number];

/** A role as listings show it (`roleSummarySchema`). Roles are never limited to one project here. */
export interface RoleSummary {
  id: number;
  name: string;
  description: string;
  type: RoleType;
  project: null;
}

/** One permission a role grants; `environment` appears only on environment-scoped grants limited to one. */
export interface RolePermission {
  name: string;
  environment?: string;
}

export interface RoleWithPermissions extends RoleSummary {
  permissions: RolePermission[];
}

/** A role as stored, with whether it is built in (built-in roles cannot be changed or removed). */
export interface RoleRecord extends RoleSummary {
  builtIn: boolean;
}

/** A custom role to create or replace, after validation. */
export interface RoleInput {
  name: string;
  description: string;
  type: CustomRoleType;
  permissions: RolePermission[];
}

/** Who holds a role: accounts (as root role or in a project) and groups (likewise), by name. */
export interface RoleUsage {
  users: string[];
  userCount: number;
  groups: string[];
  groupCount: number;
}
