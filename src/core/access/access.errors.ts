import { AppError } from '../errors/app-error.js';
import { permissionScope } from './permissions.js';
import type { SignInWaysJson } from './sign-in-ways.js';

/** 401: the authorization header is no valid, unexpired token (and no host user stands behind the request). */
export function invalidAuthorizationHeader(productName: string): AppError {
  return new AppError(
    'AuthenticationRequired',
    `You must log in to use ${productName}. The authorization header you sent is not a valid, unexpired token.`,
  );
}

/**
 * 401: no credentials, or a session cookie that is expired or not valid. As Unleash's, the body says how to sign in
 * (`signIn`: its login page reads it), which a client that sent an authorization header is not told.
 */
export function notLoggedIn(productName: string, signIn: SignInWaysJson, hadCookie: boolean): AppError {
  const reason = hadCookie
    ? 'Your session has expired or is not valid, so we could not authorize you.'
    : 'Your request had no authorization header, so we could not authorize you.';
  return new AppError('AuthenticationRequired', `You must log in to use ${productName}. ${reason} Try logging in at ${signIn.path}`, {
    signIn,
  });
}

/** 403 with the route's own wording (a token on a route for people, a token of another API). */
export function noAccess(message: string): AppError {
  return new AppError('NoAccessError', message);
}

/**
 * 403 naming what the caller lacks, in Unleash's words: one permission or any of several, in the environment
 * and project where the route needs it.
 */
export function missingPermission(permissions: readonly string[], project?: string, environment?: string): AppError {
  const needed =
    permissions.length === 1
      ? `the "${permissions[0]}" permission`
      : `one of the following permissions: ${permissions.map((p) => `"${p}"`).join(', ')}`;
  const scoped = permissions.some((p) => permissionScope(p) === 'environment') && environment;
  const inProject = permissions.some((p) => permissionScope(p) !== 'root') && project;
  const where = `${scoped ? ` in the "${environment}" environment` : ''}${inProject ? ` of the "${project}" project` : ''}`;
  return noAccess(`You don't have the required permissions to perform this operation. To perform this action, you need ${needed}${where}.`);
}
