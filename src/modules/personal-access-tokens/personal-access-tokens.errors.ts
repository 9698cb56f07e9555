import { AppError } from '../../core/errors/app-error.js';

export const NOT_AN_OWNER = 'API tokens cannot own personal access tokens; log in as a user.';

/** 403: an API token asked for the personal access tokens of "its" user. */
export function notAnOwner(): AppError {
  return new AppError('NoAccessError', NOT_AN_OWNER);
}

/** 403 as Unleash answers the PAT beyond the configured limit. */
export function tooManyPats(limit: number): AppError {
  return new AppError('NoAccessError', `Too many PATs (${limit}) already exist for this user.`);
}
