import { type ArgumentsHost, Catch, type ExceptionFilter, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from './app-error.js';
import { sendError } from './error-response.js';

/** Renders every error thrown by our routes (or, in the standalone app, by any route) as the error body. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(http.getResponse<Response>(), isUnknownRoute(error) ? unknownRoute(http.getRequest<Request>()) : error);
  }
}

/** Nest answers a request that matches no route with a NotFoundException "Cannot GET /path". */
function isUnknownRoute(error: unknown): boolean {
  return error instanceof NotFoundException && /^Cannot [A-Z]+ /.test(error.message);
}

/** The error for a path no route serves; it names the path as requested, base path included. */
export function unknownRoute(req: Request): AppError {
  return new AppError('NotFoundError', `The path you were looking for (${req.originalUrl.split('?')[0]}) is not available.`);
}
