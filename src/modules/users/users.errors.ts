import { AppError } from '../../core/errors/app-error.js';

export const NOT_A_USER = 'This route is about the logged-in user, and an API token is not a user. Log in, or use a personal access token.';

/** 403: an API token on a route about the logged-in user. */
export function notAUser(): AppError {
  return new AppError('NoAccessError', NOT_A_USER);
}

/** 403: the host maps its user to a root role other than Admin, but that user is Flagwright's last admin. */
export function lastAdminOfHost(rootRole: string): AppError {
  return new AppError(
    'NoAccessError',
    `The host application gives you the ${rootRole} root role, but you are the last person with Flagwright's Admin root role, ` +
      'who keeps it. Give another person the Admin root role first; until then you cannot act in Flagwright.',
  );
}

export function serviceAccountHasNoPassword(): AppError {
  return new AppError('NoAccessError', 'Service accounts have no password; they authenticate with their tokens.');
}

/** A password would outlive the host's say over who may act here. */
export function hostUserHasNoPassword(): AppError {
  return new AppError(
    'NoAccessError',
    'You act here as the host application’s user, which signs you in; Flagwright keeps no password for you.',
  );
}

export function wrongOldPassword(): AppError {
  return new AppError('AuthenticationRequired', 'The old password you provided is not correct.');
}

/** 401: the session or token outlived the account it belongs to. */
export function accountGone(): AppError {
  return new AppError('AuthenticationRequired', 'Your account no longer exists.');
}
