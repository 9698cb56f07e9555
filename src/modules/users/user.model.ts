/**
 * An account as the API shows it (`userSchema`, spec 2.8). `name` and `username` are always present (null when
 * not set, as the spec allows); `email` is left out when the account has none, as the spec types it as a string.
 * Never carries a password hash.
 */
export interface UserJson {
  id: number;
  name: string | null;
  email?: string;
  username: string | null;
  imageUrl: string;
  loginAttempts: number;
  emailSent: boolean;
  rootRole: number;
  seenAt: string | null;
  createdAt: string;
  accountType: 'User' | 'Service Account';
  /** Deprecated since Unleash v5; always false. */
  isAPI: false;
  /** Deprecated since Unleash v5; always empty (see `GET /api/admin/user` for the caller's permissions). */
  permissions: string[];
  scimId: string | null;
}

/** A root role as `GET /api/admin/user-admin` lists it. */
export interface RootRoleJson {
  id: number;
  name: string;
  description: string | null;
  type: 'root' | 'root-custom';
}

/** One effective permission of the caller; `project`/`environment` appear only where the grant is limited to one. */
export interface CallerPermission {
  permission: string;
  project?: string;
  environment?: string;
}

/** What login needs to check a password; only the users module's read model hands this out. */
export interface LoginCredentials {
  id: number;
  passwordHash: string | null;
  isService: boolean;
}

export interface CreateUserInput {
  username?: string;
  email?: string;
  name?: string | null;
  password?: string;
  rootRole: number | string;
}

/** Omitted fields stay unchanged; `null` clears `name` or `email`. */
export interface UpdateUserInput {
  email?: string | null;
  name?: string | null;
  rootRole?: number | string;
}
