import { AppError } from '../../core/errors/app-error.js';

/** 400: the environment a token is bound to was removed since the token was made. */
export function missingOwnEnvironment(environment: string): AppError {
  return new AppError('ValidationError', `The environment ${JSON.stringify(environment)} of these credentials does not exist.`);
}
