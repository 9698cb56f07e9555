import type { Request } from 'express';

/** The built-in root roles a host application can give its users in Flagwright, by Unleash's names. */
export const HOST_USER_ROOT_ROLES = ['Admin', 'Editor', 'Viewer'] as const;
export type HostUserRootRole = (typeof HOST_USER_ROOT_ROLES)[number];

/**
 * A user the host application has authenticated, as its `hostUsers.resolve` describes them. Flagwright matches
 * them to one of its own people by `email` (compared ignoring case), creates that person on first sight with the
 * email, `username` and `name`, and keeps the person's root role at `rootRole`.
 */
export interface HostUser {
  email: string;
  username?: string;
  name?: string;
  rootRole: HostUserRootRole;
}

/**
 * The `hostUsers` option: off unless given. `TUser` is what the host's authentication leaves on `request.user`
 * (passport's convention): any shape unless the host names it, so `resolve` reads it without a cast.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the host's user, of a shape only the host knows
export interface HostUsersOptions<TUser = any> {
  /**
   * The host's user of a request that carries none of Flagwright's own credentials, read from what the host's
   * middleware and guards left on it (e.g. `request.user`); `undefined` (or `null`) when the host has not
   * authenticated the request.
   */
  resolve: (request: Request & { user?: TUser }) => HostUser | null | undefined | Promise<HostUser | null | undefined>;
}

/** What is wrong with an answer of `hostUsers.resolve` (other than `undefined` or `null`), worded for the host's developer. */
export function hostUserProblem(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return `it answered a ${typeof answer}, not an object or undefined`;
  const { email, username, name, rootRole } = answer as Record<string, unknown>;
  if (typeof email !== 'string' || email.trim() === '')
    return 'its user has no `email` (a non-empty string), by which Flagwright matches users';
  if (username !== undefined && (typeof username !== 'string' || username.trim() === ''))
    return 'its user’s `username` is not a non-empty string';
  if (name !== undefined && typeof name !== 'string') return 'its user’s `name` is not a string';
  if (!HOST_USER_ROOT_ROLES.includes(rootRole as HostUserRootRole)) {
    return `its user’s \`rootRole\` is ${JSON.stringify(rootRole)}, not one of ${HOST_USER_ROOT_ROLES.map((role) => `"${role}"`).join(', ')}`;
  }
  return undefined;
}
