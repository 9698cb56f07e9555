import { AppError } from '../../core/errors/app-error.js';

/** 429 with `Retry-After`: too many login attempts from one address. */
export function tooManyLoginAttempts(seconds: number): AppError {
  return new AppError(
    'TooManyRequests',
    `Too many login attempts from your address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(seconds) } },
  );
}

/** 401 in Unleash's words, whether the user or the password was wrong. */
export function invalidLogin(basePath: string): AppError {
  return new AppError(
    'AuthenticationRequired',
    `The combination of password and username you provided is invalid. If you have forgotten your password, visit ${basePath}/forgotten-password or get in touch with your instance administrator.`,
  );
}

/** 401: the login is locked after too many failures; `remaining` says for how long ("3 minutes"). */
export function loginLocked(remaining: string): AppError {
  return new AppError(
    'AuthenticationRequired',
    `This login is temporarily locked after too many failed attempts. Try again in ${remaining}, or ask your instance administrator to unlock it.`,
  );
}
