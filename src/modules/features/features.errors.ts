import { AppError, nameExists } from '../../core/errors/app-error.js';

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

/** The 409 of a create whose name a feature has (archived ones keep their names). */
export function flagNameTaken(name: string, archived: boolean): AppError {
  return nameExists(archived ? `An archived flag with the name ${name} already exists` : `A flag with the name ${name} already exists`);
}
