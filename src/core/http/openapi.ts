import { applyDecorators, type INestApplication } from '@nestjs/common';
import {
  ApiResponse,
  DocumentBuilder,
  getSchemaPath,
  type OpenAPIObject,
  type OperationObject,
  type PathItemObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { ErrorSchema } from '../errors/error.dto.js';

/** The error statuses routes answer with, each with what it means wherever it is not said more precisely. */
const ERROR_MEANING = {
  400: 'The request does not match its schema (or is not valid JSON); `details` names every offending property',
  401: 'Authorization missing or invalid',
  403: 'The caller lacks the permission the route needs, or its token is for another API',
  404: 'Something the request names does not exist',
  409: 'The name is taken, or the change conflicts with what exists',
  412: 'The `If-Match` header names a version that is no longer current: someone changed it since you read it',
  429: 'Too many requests; see Retry-After',
  503: 'The service cannot answer yet',
} as const;
export type DocumentedErrorStatus = keyof typeof ERROR_MEANING;

/** One documented error answer: a status alone, or with what it means on this route. */
export type ErrorAnswer = DocumentedErrorStatus | [DocumentedErrorStatus, string];

/** The `location` header of a 201, declared where a create answers one. */
export const LOCATION_HEADER = { location: { description: 'Where the created resource can be read', schema: { type: 'string' } } };

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorSchema) } } },
});

/** Declares error answers of a route (or of every route of a controller) with the shared error schema. */
export function ApiErrors(...answers: ErrorAnswer[]) {
  return applyDecorators(
    ...answers.map((answer) => {
      const [status, description] = Array.isArray(answer) ? answer : [answer, ERROR_MEANING[answer]];
      return ApiResponse({ status, description, schema: { $ref: getSchemaPath(ErrorSchema) } });
    }),
  );
}

const BODY_METHODS = ['post', 'put', 'patch'] as const;

/**
 * The OpenAPI document of the app's routes, or of the routes of the `include`d modules only (an embedding host's
 * application has routes of its own). Errors every body route shares are added here rather than on each route: a
 * route with a request body answers 400 for a body that is not valid JSON or not its schema, and 415 for any other
 * content type (the content-type guard; routes that take no body declare none).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- @nestjs/swagger's own type for module classes
export function buildOpenApiDocument(app: INestApplication, include?: Function[]): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Flagwright admin API')
    .setDescription(
      'Feature-flag administration, compatible with the Unleash admin API. Every error answer has the body `errorSchema`; ' +
        'besides the statuses each route lists, any request body over 1 MB is answered with 413, and an unexpected failure with 500.',
    )
    .setVersion('1')
    .addBearerAuth()
    .addCookieAuth('unleash-session')
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorSchema], include });
  for (const path of Object.values(document.paths) as PathItemObject[]) {
    for (const method of BODY_METHODS) {
      const operation: OperationObject | undefined = path[method];
      if (!operation?.requestBody) continue;
      operation.responses['400'] ??= errorResponse(ERROR_MEANING[400]);
      operation.responses['415'] ??= errorResponse('The content type is not application/json');
    }
  }
  return document;
}
