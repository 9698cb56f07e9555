import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { normaliseBasePath } from '../core/config/flagwright-config.js';
import { unknownRoute } from '../core/errors/error.filter.js';
import { sendError } from '../core/errors/error-response.js';
import { buildOpenApiDocument } from '../core/http/openapi.js';
import { requestLogging, ROOT_LOGGER } from './logging.js';
import { securityHeaders } from './security-headers.js';

/**
 * What the standalone app adds around the module: security headers, request ids and request lines, base path,
 * trust in the proxy's address, OpenAPI docs.
 */
export function configureStandaloneApp(app: NestExpressApplication, baseUriPath: string): void {
  const base = normaliseBasePath(baseUriPath);
  app.use(securityHeaders());
  app.use(requestLogging(app.get<Logger>(ROOT_LOGGER)));
  if (base) {
    app.setGlobalPrefix(base);
    // Nest answers unknown paths under the prefix only; outside it they get the same error body.
    app.use((req: Request, res: Response, next: NextFunction) => (isUnder(req.path, base) ? next() : sendError(res, unknownRoute(req))));
  }
  app.set('trust proxy', true);
  app.set('x-powered-by', false);
  // Built on the first request for it, not at start-up: start time and idle memory stay low.
  SwaggerModule.setup(`${base.slice(1) ? `${base.slice(1)}/` : ''}docs/openapi`, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${base}/docs/openapi.json`,
  });
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}
