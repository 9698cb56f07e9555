import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { normaliseBasePath } from '../core/config/flagwright-config.js';
import { unknownRoute } from '../core/errors/error.filter.js';
import { sendError } from '../core/errors/error-response.js';
import { sdkPollRevalidation } from '../modules/client-api/index.js';
import { answerClientErrors } from './client-errors.js';
import type { TrustProxy } from './configuration/settings.js';
import { requestLogging, ROOT_LOGGER } from './logging.js';
import { OpenApiDocs } from './openapi-docs.js';
import { securityHeaders } from './security-headers.js';

/**
 * What the standalone app adds around the module: security headers, request ids and request lines, base path,
 * the SDKs' conditional polls answered ahead of the routes, trust in the proxies the operator names (TRUST_PROXY), OpenAPI docs, and the
 * error body for requests the HTTP server refuses itself.
 */
export function configureStandaloneApp(app: NestExpressApplication, baseUriPath: string, trustProxy: TrustProxy): void {
  const base = normaliseBasePath(baseUriPath);
  app.use(securityHeaders());
  app.use(requestLogging(app.get<Logger>(ROOT_LOGGER)));
  if (base) {
    app.setGlobalPrefix(base);
    // Nest answers unknown paths under the prefix only; outside it they get the same error body.
    app.use((req: Request, res: Response, next: NextFunction) => (isUnder(req.path, base) ? next() : sendError(res, unknownRoute(req))));
  }
  app.use(sdkPollRevalidation(app, `${base}/api/client/features`));
  app.set('trust proxy', trustProxy);
  app.set('x-powered-by', false);
  app.get(OpenApiDocs).serve(app, base);
  answerClientErrors(app.getHttpServer());
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}
