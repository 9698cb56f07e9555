import type { Pat } from '../personal-access-tokens/index.js';

/** A service account as stored: a `flagwright_users` row with `is_service = true` and no password. */
export type { ServiceAccountRecord } from '../users/index.js';

/**
 * A service account as the API shows it (spec 2.9). The deprecated fields have fixed values (decision 9);
 * `email` and `inviteLink` are omitted. Last use is each token's `seenAt`.
 */
export interface ServiceAccount {
  id: number;
  name: string;
  username: string;
  imageUrl: string;
  rootRole: number;
  createdAt: string;
  tokens: Pat[];
  isAPI: false;
  loginAttempts: 0;
  emailSent: false;
  seenAt: null;
}

/** A root role a service account can be given. */
export interface RootRole {
  id: number;
  name: string;
  description: string | null;
  type: string;
}

export interface ServiceAccountInput {
  username: string;
  name: string;
  rootRole: number;
}

export interface ServiceAccountUpdate {
  name?: string;
  rootRole?: number;
}
