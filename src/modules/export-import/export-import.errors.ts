import { AppError, type ErrorDetail } from '../../core/errors/app-error.js';

/** 400: an import is somebody's change, and an admin token is nobody (Unleash's words). */
export function adminTokenImport(): AppError {
  return new AppError(
    'ValidationError',
    "You can't use an admin token to import features. Please use either a personal access token " +
      '(https://docs.getunleash.io/concepts/api-tokens-and-client-keys#personal-access-tokens) or a service account ' +
      '(https://docs.getunleash.io/concepts/service-accounts).',
  );
}

/** 400: strategies of types that do not exist here, one detail per strategy. */
export function unsupportedStrategies(details: ErrorDetail[]): AppError {
  return new AppError('ValidationError', 'Some of the strategies you are trying to import are not supported.', { details });
}

/** 400: context fields whose legal values, or project, do not match the existing field of that name. */
export function unsupportedContextFields(details: ErrorDetail[]): AppError {
  return new AppError('ValidationError', 'Some of the context fields you are trying to import are not supported.', { details });
}

/** 400: features of the import that exist in another project (`name (in project p)`). */
export function featuresInOtherProjects(features: string[], details: ErrorDetail[]): AppError {
  return new AppError('ValidationError', `These features exist already in other projects: ${features.join(', ')}`, { details });
}

/** 400: a feature listed twice, which Unleash would try to create twice. */
export function duplicateFeatures(features: string[], details: ErrorDetail[]): AppError {
  return new AppError('ValidationError', `These features are listed more than once in the import data: ${features.join(', ')}`, {
    details,
  });
}

/** 400: segments of the import with no segment of that name usable in the target project. */
export function unsupportedSegments(segments: string[], details: ErrorDetail[]): AppError {
  return new AppError('ValidationError', `Unsupported segments: ${segments.join(', ')}`, { details });
}

/** 400: parents of the import's dependencies that neither the import nor the service has. */
export function missingDependencies(features: string[], details: ErrorDetail[]): AppError {
  return new AppError('ValidationError', `The following dependent features are missing: ${features.join(', ')}`, { details });
}
