import { Injectable, type INestApplication, type OnModuleInit } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import { buildOpenApiDocument } from '../core/http/openapi.js';

/**
 * Serves the OpenAPI document and Swagger UI. Registered when the application initialises, after the routes
 * (Nest calls init hooks between registering routes and its not-found handler): Express tests routes in order,
 * and the docs' ten routes ahead of the API's would be tested by every API request.
 */
@Injectable()
export class OpenApiDocs implements OnModuleInit {
  private setup?: () => void;

  serve(app: INestApplication, base: string): void {
    // The document is built on the first request for it, not at start-up: start time and idle memory stay low.
    this.setup = () =>
      SwaggerModule.setup(`${base.slice(1) ? `${base.slice(1)}/` : ''}docs/openapi`, app, () => buildOpenApiDocument(app), {
        jsonDocumentUrl: `${base}/docs/openapi.json`,
      });
  }

  onModuleInit(): void {
    this.setup?.();
  }
}
