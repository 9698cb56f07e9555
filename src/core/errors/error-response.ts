import { randomUUID } from 'node:crypto';
import { HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { SignInWaysJson } from '../access/sign-in-ways.js';
import { AppError, type ErrorDetail, type ErrorName } from './app-error.js';

export interface ErrorBody extends Partial<SignInWaysJson> {
  id: string;
  name: ErrorName;
  message: string;
  details?: ErrorDetail[];
}

const logger = new Logger('Errors');

/**
 * The name an HttpException of each status gets: Nest's built-in exceptions, a host application's global guard
 * (`false` is a ForbiddenException) or throttler. Their status is kept; a status outside this table becomes 400 or
 * 500 by its class.
 */
const FRAMEWORK_ERROR_NAMES: Record<number, ErrorName> = {
  400: 'ValidationError',
  401: 'AuthenticationRequired',
  403: 'NoAccessError',
  404: 'NotFoundError',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  408: 'RequestTimeout',
  409: 'ConflictError',
  410: 'GoneError',
  412: 'PreconditionFailed',
  413: 'PayloadTooLarge',
  415: 'ContentTypeerror',
  418: 'ImATeapot',
  421: 'MisdirectedRequest',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  500: 'InternalError',
  501: 'NotImplemented',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
  505: 'HttpVersionNotSupported',
};

/** What a host's ValidationPipe lists in its answer (`message: string[]`), as our details. */
function listedProblems(error: HttpException): ErrorDetail[] | undefined {
  const answer = error.getResponse() as { message?: unknown };
  const listed = Array.isArray(answer?.message) ? answer.message.filter((item): item is string => typeof item === 'string') : [];
  return listed.length > 0 ? listed.map((message) => ({ message })) : undefined;
}

/** Errors raised by Nest, Express or the host application, translated into our closed list. */
function fromFramework(error: unknown): AppError | undefined {
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 413) return new AppError('PayloadTooLarge', 'The request body is larger than the limit of 1 MB.');
    if (status === 429) return new AppError('TooManyRequests', 'Too many requests, please try again later.');
    const name = FRAMEWORK_ERROR_NAMES[status] ?? (status >= 400 && status < 500 ? 'ValidationError' : 'InternalError');
    return new AppError(name, error.message, { details: listedProblems(error) });
  }
  const httpError = error as { type?: string; status?: number; expose?: boolean };
  if (httpError?.type === 'entity.too.large') {
    return new AppError('PayloadTooLarge', 'The request body is larger than the limit of 1 MB.');
  }
  if (
    httpError?.type === 'entity.parse.failed' ||
    httpError?.type === 'encoding.unsupported' ||
    httpError?.type === 'charset.unsupported'
  ) {
    return new AppError('ValidationError', `The request body is not valid JSON: ${(error as Error).message}`);
  }
  // Any other fault of the client's body the parser reports (http-errors marks those `expose`): a body that is not
  // the gzip its Content-Encoding claims, one shorter than its Content-Length.
  if (httpError?.expose === true && typeof httpError.status === 'number' && httpError.status >= 400 && httpError.status < 500) {
    const name = FRAMEWORK_ERROR_NAMES[httpError.status] ?? 'ValidationError';
    return new AppError(name, `The request body could not be read: ${(error as Error).message}.`);
  }
  return undefined;
}

/**
 * The one place where any thrown value becomes an HTTP answer: `{id, name, message[, details]}` with the status
 * of its name. Unknown errors are logged with the id the client sees and answered with a generic message.
 */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody; headers: Record<string, string> } {
  const id = randomUUID();
  const known = error instanceof AppError ? error : fromFramework(error);
  if (!known) {
    logger.error({ errorId: id, err: error }, `Unexpected error ${id}: ${(error as Error)?.stack ?? String(error)}`);
    return {
      status: 500,
      headers: {},
      body: { id, name: 'InternalError', message: `Something went wrong on our side. Error id: ${id}.` },
    };
  }
  if (known.status >= 500) logger.error(`Error ${id} (${known.name}): ${known.message}`);
  const body: ErrorBody = { id, name: known.name, message: known.message, ...known.signIn };
  // A validation error always lists what is wrong, even when only its message can say it (malformed JSON).
  if (known.details) body.details = known.details;
  else if (known.name === 'ValidationError') body.details = [{ message: known.message }];
  return { status: known.status, body, headers: known.headers ?? {} };
}

export function sendError(res: Response, error: unknown): void {
  // A fault after the answer went out (a host interceptor setting a header after a route that sends its own answer,
  // such as the SDK routes) cannot be answered any more: it is logged, once.
  if (res.headersSent) {
    logger.error({ err: error }, `Error after the answer was sent: ${(error as Error)?.stack ?? String(error)}`);
    return;
  }
  const { status, body, headers } = toErrorResponse(error);
  for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
  res.status(status).json(body);
}
