import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { normaliseBasePath } from '../core/config/flagwright-config.js';

/** What the standalone app adds around the module: base path, trust in the proxy's address, OpenAPI docs. */
export function configureStandaloneApp(app: NestExpressApplication, baseUriPath: string): void {
  const base = normaliseBasePath(baseUriPath);
  if (base) app.setGlobalPrefix(base);
  app.set('trust proxy', true);
  app.set('x-powered-by', false);
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Flagwright admin API')
      .setDescription('Feature-flag administration, compatible with the Unleash admin API.')
      .setVersion('1')
      .addBearerAuth()
      .addCookieAuth('unleash-session')
      .build(),
  );
  SwaggerModule.setup(`${base.slice(1) ? `${base.slice(1)}/` : ''}docs/openapi`, app, document, { jsonDocumentUrl: `${base}/docs/openapi.json` });
}
