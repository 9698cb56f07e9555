import { AppError } from '../core/errors/app-error.js';

/** 431: what Node's HTTP parser refuses as `HPE_HEADER_OVERFLOW`. */
export function headersTooLarge(): AppError {
  return new AppError('RequestHeaderFieldsTooLarge', 'The request line and headers are larger than the limit of 16 KB.');
}

/** 408: a request whose headers did not arrive within the server's `requestTimeout`. */
export function requestTimedOut(): AppError {
  return new AppError('RequestTimeout', 'The request was not received in time.');
}

/** 400: anything else Node's HTTP parser refuses, named by its code. */
export function invalidHttp(reason: string): AppError {
  return new AppError('ValidationError', `The request is not valid HTTP (${reason}).`);
}
