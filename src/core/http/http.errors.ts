import { AppError } from '../errors/app-error.js';

/** 415: a body that is not JSON, in Unleash's words. */
export function unsupportedContentType(sent: string | undefined): AppError {
  return new AppError(
    'ContentTypeerror',
    `We do not accept the content-type you provided (${sent || "you didn't provide one"}). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format.`,
  );
}

/** 412: the `If-Match` header names a version of `what` that is no longer the current one. */
export function changedSinceRead(ifMatch: string, what: string, current: string): AppError {
  return new AppError(
    'PreconditionFailed',
    `The \`If-Match\` header names ${JSON.stringify(ifMatch)}, but the ${what} has changed since: its ETag is now ${current}. Read it again, then retry your change.`,
  );
}

/** 403: a browser's write from another site, which would carry the user's session cookie (SameOriginGuard). */
export function crossSiteWrite(): AppError {
  return new AppError(
    'NoAccessError',
    'This request came from another site, so it cannot use your session: writes with a session cookie are accepted from Flagwright’s own pages only. Send an API token or a personal access token in the authorization header instead.',
  );
}
