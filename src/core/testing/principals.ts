import type { Actor, ApiTokenPrincipal, UserPrincipal } from '../access/principal.js';

/** The actor most specs record events for. */
export const ACTOR: Actor = { userId: 7, username: 'someone' };

/** A person (or, with `isService`, a service account) signed in by session unless `via` says otherwise. */
export function userPrincipal(id: number, overrides: Partial<UserPrincipal> = {}): UserPrincipal {
  return { kind: 'user', id, username: `u${id}`, email: null, name: null, isService: false, via: 'session', ...overrides };
}

export function apiTokenPrincipal(overrides: Partial<ApiTokenPrincipal> = {}): ApiTokenPrincipal {
  return { kind: 'api-token', tokenId: 1, tokenName: 'admin', type: 'admin', environment: '*', projects: ['*'], ...overrides };
}
