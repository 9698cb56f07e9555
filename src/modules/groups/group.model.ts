import type { UserJson } from '../users/index.js';

/** One member of a group: when and by whom they were added, and their account (spec 2.8, never a secret). */
export interface GroupMember {
  joinedAt: string;
  createdBy: string | null;
  user: UserJson;
}

/** A group as the API shows it (spec 2.10, `groupSchema`). */
export interface Group {
  id: number;
  name: string;
  description: string | null;
  mappingsSSO: string[];
  rootRole: number | null;
  createdBy: string | null;
  createdAt: string;
  users: GroupMember[];
  /** Ids of the projects where the group holds a role. */
  projects: string[];
  userCount: number;
  scimId: string | null;
}

/** The properties of a group a PUT replaces; also what group events record. */
export interface GroupFields {
  name: string;
  description: string | null;
  mappingsSSO: string[];
  rootRole: number | null;
}

/** A create or replace request, after the request-only checks. `users` undefined: membership unchanged. */
export interface GroupInput extends GroupFields {
  userIds?: number[];
}
