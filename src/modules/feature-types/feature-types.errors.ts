import { notFound, type AppError } from '../../core/errors/app-error.js';

/** Unleash's words for a lifetime change of a type that does not exist. */
export function featureTypeNotFound(id: string): AppError {
  return notFound(`The feature type you tried to update ("${id}") does not exist.`);
}
