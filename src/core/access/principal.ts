/** `backend` is Unleash's newer name for a client token; both reach the client API only. */
export type ApiTokenType = 'admin' | 'client' | 'backend' | 'frontend';

/**
 * A person or a service account, authenticated by session cookie or personal access token; or a person the host
 * application authenticated (`host`, see the `hostUsers` option).
 */
export interface UserPrincipal {
  kind: 'user';
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  isService: boolean;
  via: 'session' | 'pat' | 'host';
}

/** An API token from /api/admin/api-tokens or the INIT_*_API_TOKENS settings. */
export interface ApiTokenPrincipal {
  kind: 'api-token';
  tokenId: number;
  tokenName: string;
  type: ApiTokenType;
  environment: string;
  /** Project ids the token may see; `['*']` for every project. */
  projects: string[];
}

export type Principal = UserPrincipal | ApiTokenPrincipal;

/** User id recorded for actions taken with an admin API token, as in Unleash. */
export const ADMIN_TOKEN_USER_ID = -42;
/** User id recorded for actions the service takes by itself (seeding, automatic changes). */
export const SYSTEM_USER_ID = -1337;
export const SYSTEM_USER_NAME = 'unleash_system_user';

/** Who did something, as events and `createdBy` fields record it. */
export interface Actor {
  userId: number;
  username: string;
  ip?: string;
}

export function actorOf(principal: Principal, ip?: string): Actor {
  if (principal.kind === 'api-token') return { userId: ADMIN_TOKEN_USER_ID, username: principal.tokenName, ip };
  return { userId: principal.id, username: principal.username ?? principal.email ?? `user-${principal.id}`, ip };
}

export const SYSTEM_ACTOR: Actor = { userId: SYSTEM_USER_ID, username: SYSTEM_USER_NAME };
