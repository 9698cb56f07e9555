import type { Group } from '../groups/index.js';
import type { RoleSummary } from '../roles/index.js';
import type { UserJson } from '../users/index.js';

/** What a user or group holds in one project: its roles (ids ascending) and when it got the first of them. */
export interface ProjectRoles {
  addedAt: string;
  /** The first of `roles`; kept for Unleash clients that read a single role. */
  roleId: number;
  roles: number[];
}

export type ProjectAccessUser = UserJson & ProjectRoles;
export type ProjectAccessGroup = Group & ProjectRoles;

/** `GET /api/admin/projects/{projectId}/access`, in Unleash's shape. */
export interface ProjectAccess {
  /** The project roles that can be given (built-in and custom). */
  roles: RoleSummary[];
  users: ProjectAccessUser[];
  groups: ProjectAccessGroup[];
}

/** Who an assignment is about. */
export type Assignee = { kind: 'user'; id: number } | { kind: 'group'; id: number };
