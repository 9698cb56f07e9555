import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { normaliseBasePath } from '../core/config/flagwright-config.js';

/** What the standalone app adds around the module: base path, trust in the proxy's address, OpenAPI docs. */
export function configureStandaloneApp(app: NestExpressApplication, baseUriPath: string): void {
  const base = normaliseBasePath(baseUriPath);
  if (base) app.setGlobalPrefix(base);
  app.set('trust proxy', true);
  app.set('x-powered-by', false);
  const config = new DocumentBuilder()
    .setTitle('Flagwright admin API')
    .setDescription('Feature-flag administration, compatible with the Unleash admin API.')
    .setVersion('1')
    .addBearerAuth()
    .addCookieAuth('unleash-session')
    .build();
  // Built on the first request for it, not at start-up: start time and idle memory stay low.
  SwaggerModule.setup(`${base.slice(1) ? `${base.slice(1)}/` : ''}docs/openapi`, app, () => SwaggerModule.createDocument(app, config), {
    jsonDocumentUrl: `${base}/docs/openapi.json`,
  });
}
