import { AppError } from '../../core/errors/app-error.js';

/** The one 401 of every failed password login, whatever failed, in Unleash's words; `basePath` is the service's path. */
export function invalidLogin(basePath: string): AppError {
  return new AppError(
    'AuthenticationRequired',
    `The combination of password and username you provided is invalid. If you have forgotten your password, visit ${basePath}/forgotten-password or get in touch with your instance administrator.`,
  );
}
