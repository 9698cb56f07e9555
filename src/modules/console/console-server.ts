import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FactoryProvider, OnModuleInit } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { routesBasePath } from '../../core/core.module.js';
import { consolePage, type ConsoleFile, findConsoleDirectory, listConsoleFiles } from './console-files.js';

/**
 * The first path segments of the service's own routes (and of the standalone OpenAPI docs, which are registered
 * after the console): a request there that no route answered gets the service's 404 body, never the console's page.
 */
const SERVICE_SEGMENTS = new Set(['api', 'auth', 'edge', 'health', 'ready', 'logout', 'docs']);

/**
 * A policy without inline scripts or styles: the page loads its own scripts and styles only, and talks only to
 * its own origin. React sets styles through the DOM's style properties, which the policy allows.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the console at the root of our routes: its files, and its page for every other GET of a browser there, so a
 * deep link (`/flags/checkout`) works on reload. Mounted when the module initialises: Nest has registered every
 * route by then (the host's too), so the console answers only what no route did, and is mounted before the
 * prefix's 404 (PrefixBoundary) and Nest's not-found handler.
 */
export class ConsoleServer implements OnModuleInit {
  /** `basePathOfRoutes` is where our routes are mounted in the server; `publicBasePath`, where browsers reach them. */
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly directory: string | undefined,
    private readonly basePathOfRoutes: () => string,
    private readonly publicBasePath: () => string,
  ) {}

  onModuleInit(): void {
    const express = this.adapterHost.httpAdapter?.getInstance<{ use: (path: string, handler: unknown) => void }>();
    if (!this.directory || typeof express?.use !== 'function') return;
    express.use(this.basePathOfRoutes() || '/', this.handler(this.directory));
  }

  private handler(directory: string) {
    const files = listConsoleFiles(directory);
    // Built on the first request, when the host's global prefix (part of the public path) is known for sure.
    let page: string | undefined;
    return (req: Request, res: Response, next: NextFunction): void => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      // Mounted on a path, Express gives the path under it.
      const path = decodedPath(req.path);
      if (path === undefined) return next();
      if (SERVICE_SEGMENTS.has(path.split('/')[0].toLowerCase())) return next();
      const file = path === 'index.html' ? undefined : files.get(path);
      if (file) return void sendFile(req, res, file).catch(next);
      // A page for browsers, which ask for HTML first; other clients (no Accept, or JSON first) get the API's 404.
      if (path.startsWith('assets/') || req.accepts(['json', 'html']) !== 'html') return next();
      page ??= consolePage(directory, this.publicBasePath());
      res.setHeader('content-security-policy', CONSOLE_CONTENT_SECURITY_POLICY);
      res.setHeader('cache-control', 'no-cache');
      res.type('html').send(page);
    };
  }
}

/** The path under the mount, without its leading slash; undefined when it is not valid percent-encoding. */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path).replace(/^\/+/, '');
  } catch {
    return undefined;
  }
}

async function sendFile(req: Request, res: Response, file: ConsoleFile): Promise<void> {
  const gzip = file.gzipPath !== undefined && req.acceptsEncodings('gzip') === 'gzip';
  const body = await readFile(gzip ? file.gzipPath! : file.path);
  res.setHeader('content-type', file.contentType);
  res.setHeader('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('vary', 'accept-encoding');
  res.setHeader('content-security-policy', CONSOLE_CONTENT_SECURITY_POLICY);
  if (gzip) res.setHeader('content-encoding', 'gzip');
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The console's provider in a FlagwrightModule whose routes are under `routePrefix`; nothing is served with `console: false`. */
export function consoleServerProvider(routePrefix: string): FactoryProvider<ConsoleServer> {
  return {
    provide: ConsoleServer,
    inject: [HttpAdapterHost, ApplicationConfig, FLAGWRIGHT_CONFIG],
    useFactory: (adapterHost: HttpAdapterHost, application: ApplicationConfig, config: FlagwrightConfig) =>
      new ConsoleServer(
        adapterHost,
        config.console ? findConsoleDirectory(dirname(fileURLToPath(import.meta.url))) : undefined,
        () => routesBasePath(application, routePrefix),
        () => config.basePath,
      ),
  };
}
