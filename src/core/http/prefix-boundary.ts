import type { OnModuleInit } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { unknownRoute } from '../errors/error.filter.js';
import { sendError } from '../errors/error-response.js';

/**
 * Embedded under a route prefix, the paths under it are Flagwright's: a request there that no route of ours serves
 * gets our 404 body, and one the host's body parser refuses before any route (malformed JSON, too large) gets our
 * 400 or 413, instead of the host's bodies. Two Express layers mounted on the prefix's path only, added when the
 * module initialises: Nest has registered every route by then, and adds its own not-found and error handlers after.
 * Mounted at the host's root (no prefix), nothing is added: the host's other paths, and their errors, stay the host's.
 */
export class PrefixBoundary implements OnModuleInit {
  /** `basePathOfRoutes` answers where the routes are served, read once the host has set its global prefix. */
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly routePrefix: string,
    private readonly basePathOfRoutes: () => string,
  ) {}

  onModuleInit(): void {
    const express = this.adapterHost.httpAdapter?.getInstance<{ use: (path: string, handler: unknown) => void }>();
    if (!this.routePrefix || typeof express?.use !== 'function') return;
    const path = this.basePathOfRoutes();
    express.use(path, (req: Request, res: Response) => sendError(res, unknownRoute(req)));
    express.use(path, (error: unknown, _req: Request, res: Response, _next: NextFunction) => sendError(res, error));
  }
}
