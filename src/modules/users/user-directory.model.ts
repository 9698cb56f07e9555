import type { RootRoleJson, UserJson } from './user.model.js';

/** A person as a search finds them: the user record without its login bookkeeping and root role. */
export type PublicUser = Pick<
  UserJson,
  'id' | 'name' | 'email' | 'username' | 'imageUrl' | 'seenAt' | 'accountType' | 'permissions' | 'scimId'
>;

/** An account as `/api/admin/user-admin/access` shows it: only what identifies it. */
export type BaseUser = Pick<UserJson, 'id' | 'name' | 'username' | 'email' | 'accountType'>;

/** A group as `/api/admin/user-admin/access` shows it. */
export interface BaseGroup {
  id: number;
  name: string;
  userCount: number;
  rootRole: number | null;
}

/** Accounts holding the Admin root role themselves (`adminCountSchema`). */
export interface AdminCount {
  password: number;
  noPassword: number;
  service: number;
}

/** A person who has neither logged in nor used a personal access token for a while (`inactiveUserSchema`). */
export interface InactivePerson {
  id: number;
  name: string | null;
  email?: string;
  username: string | null;
  seenAt: string | null;
  createdAt: string;
  patSeenAt: string | null;
}

/** A group the caller is a member of (`groupItemSchema`). */
export interface GroupItem {
  id: number;
  name: string;
  description: string | null;
  mappingsSSO: string[];
  rootRole: number | null;
  scimId: string | null;
}

/** The caller's profile (`profileSchema`). */
export interface Profile {
  rootRole: RootRoleJson;
  projects: string[];
  groups: GroupItem[];
  subscriptions: string[];
  features: never[];
  canChangePassword: boolean;
}
