/**
 * The closed list of error kinds the service can answer with. Every error that reaches a client is one of these;
 * the status of each is fixed in ERROR_STATUS, which the compiler checks for completeness.
 */
export const ERROR_STATUS = {
  ValidationError: 400,
  AuthenticationRequired: 401,
  NoAccessError: 403,
  NotFoundError: 404,
  NameExistsError: 409,
  // A change refused because of what exists (a context field still in use), as Unleash answers it; also the framework's 409.
  ConflictError: 409,
  PayloadTooLarge: 413,
  ContentTypeerror: 415,
  TooManyRequests: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
  // Raised only by the framework or a host application's guards and pipes (see FRAMEWORK_ERROR_NAMES).
  MethodNotAllowed: 405,
  NotAcceptable: 406,
  RequestTimeout: 408,
  GoneError: 410,
  PreconditionFailed: 412,
  ImATeapot: 418,
  MisdirectedRequest: 421,
  UnprocessableEntity: 422,
  // Raised only by the HTTP server itself, before any route (the standalone app answers it with the error body).
  RequestHeaderFieldsTooLarge: 431,
  NotImplemented: 501,
  BadGateway: 502,
  GatewayTimeout: 504,
  HttpVersionNotSupported: 505,
} as const satisfies Record<string, number>;

export type ErrorName = keyof typeof ERROR_STATUS;

import type { SignInWaysJson } from '../access/sign-in-ways.js';

/** One offending property of a request; `path` is a JSON pointer such as `/body/constraints/0/operator`. */
export interface ErrorDetail {
  message: string;
  path?: string;
}

export class AppError extends Error {
  override readonly name: ErrorName;
  readonly details?: ErrorDetail[];
  /** Extra response headers, e.g. Retry-After for TooManyRequests. */
  readonly headers?: Record<string, string>;
  /** How to sign in, added to the body (a 401 to a request without credentials, as Unleash's). */
  readonly signIn?: SignInWaysJson;

  constructor(
    name: ErrorName,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string>; signIn?: SignInWaysJson } = {},
  ) {
    super(message);
    this.name = name;
    this.details = options.details;
    this.headers = options.headers;
    this.signIn = options.signIn;
  }

  get status(): number {
    return ERROR_STATUS[this.name];
  }
}

const VALIDATION_SUMMARY =
  'Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information.';

/** A 400 for one or more offending properties; the message names every one of them. */
export function validationError(details: ErrorDetail[]): AppError {
  const message = details.length === 1 ? details[0].message : `${VALIDATION_SUMMARY} ${details.map((d) => d.message).join(' ')}`;
  return new AppError('ValidationError', message, { details });
}

/** A 400 about a single property, with its JSON pointer. */
export function invalidProperty(path: string, message: string): AppError {
  return validationError([{ path, message }]);
}

export function notFound(message: string): AppError {
  return new AppError('NotFoundError', message);
}

export function nameExists(message: string): AppError {
  return new AppError('NameExistsError', message);
}
