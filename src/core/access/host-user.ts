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

/** The `hostUsers` option: off unless given. */
export interface HostUsersOptions {
  /**
   * The host's user of a request that carries none of Flagwright's own credentials, read from what the host's
   * middleware and guards left on it (e.g. `request.user`); `undefined` (or `null`) when the host has not
   * authenticated the request.
   */
  resolve: (request: Request) => HostUser | null | undefined | Promise<HostUser | null | undefined>;
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
