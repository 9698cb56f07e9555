import { AppError } from '../../core/errors/app-error.js';

/** 400 on a change to an archived feature, pointing at the URL's feature name. */
export function archivedFeature(featureName: string): AppError {
  const message = `Cannot perform this operation on archived features: ${featureName} is archived. Revive it first.`;
  return new AppError('ValidationError', message, { details: [{ path: '/params/featureName', message }] });
}

/** 400: favourites belong to a user, and an API token is none. */
export function favouritesNeedAUser(): AppError {
  return new AppError(
    'ValidationError',
    'API tokens have no favourites: favourites belong to a user, so log in or use a personal access token.',
  );
}
