import { Injectable, type INestApplication, type OnModuleInit } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/**
 * Serves the OpenAPI document and Swagger UI. Registered when the application initialises, after the routes
 * (Nest calls init hooks between registering routes and its not-found handler): Express tests routes in order,
 * and the docs' ten routes ahead of the API's would be tested by every API request.
 */
@Injectable()
export class OpenApiDocs implements OnModuleInit {
  private setup?: () => void;

  serve(app: INestApplication, base: string): void {
    const config = new DocumentBuilder()
      .setTitle('Flagwright admin API')
      .setDescription('Feature-flag administration, compatible with the Unleash admin API.')
      .setVersion('1')
      .addBearerAuth()
      .addCookieAuth('unleash-session')
      .build();
    // The document is built on the first request for it, not at start-up: start time and idle memory stay low.
    this.setup = () =>
      SwaggerModule.setup(`${base.slice(1) ? `${base.slice(1)}/` : ''}docs/openapi`, app, () => SwaggerModule.createDocument(app, config), {
        jsonDocumentUrl: `${base}/docs/openapi.json`,
      });
  }

  onModuleInit(): void {
    this.setup?.();
  }
}
