import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Response } from 'supertest';

// ajv-formats is CommonJS; its default export is the function under ESM interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface OpenApiResponse {
  description?: string;
  content?: { 'application/json'?: { schema?: object } };
  headers?: Record<string, { schema?: object }>;
}

export interface OpenApiOperation {
  operationId: string;
  tags?: string[];
  requestBody?: unknown;
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, object> };
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One operation of the document: its method, path template and a regular expression matching its URLs. */
export interface DocumentedRoute {
  method: HttpMethod;
  path: string;
  operation: OpenApiOperation;
  matches: RegExp;
  params: number;
}

/**
 * An answer's headers that the document must declare where they are sent: `Location` of what was created, and a strong
 * `ETag` (the version `If-Match` names, or an SDK's poll tag). Express's own weak ETag, on every JSON answer, is not
 * the API's promise and is left out.
 */
const promisedHeaders = (headers: Record<string, unknown>) =>
  Object.entries(headers)
    .filter(([name, value]) => name.toLowerCase() === 'location' || (name.toLowerCase() === 'etag' && !String(value).startsWith('W/')))
    .map(([name]) => name.toLowerCase());

/**
 * Every object schema closed to properties it does not describe (`additionalProperties: false` unless it says
 * otherwise), so an answer carrying an undocumented property fails as a missing one does.
 */
function closed<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(closed) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)])) as Record<string, unknown>;
  if (copy.properties && !('additionalProperties' in copy)) copy.additionalProperties = false;
  return copy as T;
}

/**
 * Checks real answers against the OpenAPI document: the status must be one the operation declares, a JSON body
 * must match the schema declared for that status (ajv, with OpenAPI 3.0's `nullable`, objects closed), the headers
 * it declares must be sent, and a `Location` or strong `ETag` sent must be declared.
 */
export class OpenApiChecker {
  readonly routes: DocumentedRoute[];
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema({ components: closed(document.components) }, 'openapi.json');
    this.routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      HTTP_METHODS.filter((method) => operations[method]).map((method) => ({
        method,
        path,
        operation: operations[method],
        matches: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (path.match(/\{/g) ?? []).length,
      })),
    );
  }

  /** The operation serving `method url`: the one with the fewest path parameters among those matching. */
  routeOf(method: string, url: string): DocumentedRoute | undefined {
    const path = url.split('?')[0];
    return this.routes
      .filter((route) => route.method === method.toLowerCase() && route.matches.test(path))
      .sort((a, b) => a.params - b.params)[0];
  }

  /** What is wrong with the answer in the document's eyes (nothing: an empty list). */
  problemsOf(method: string, url: string, res: Pick<Response, 'status' | 'body' | 'headers'>): string[] {
    const route = this.routeOf(method, url);
    if (!route) return [`${method} ${url}: no operation of the document serves it`];
    const where = `${route.operation.operationId} (${method} ${url}) answered ${res.status}`;
    const declared = route.operation.responses[String(res.status)];
    if (!declared) return [`${where}, which it does not declare (it declares ${Object.keys(route.operation.responses).join(', ')})`];
    const declaredHeaders = Object.keys(declared.headers ?? {}).map((name) => name.toLowerCase());
    const sent = Object.keys(res.headers).map((name) => name.toLowerCase());
    return [
      ...declaredHeaders.filter((name) => !sent.includes(name)).map((name) => `${where} without the ${name} header it declares`),
      ...promisedHeaders(res.headers)
        .filter((name) => !declaredHeaders.includes(name))
        .map((name) => `${where} with a ${name} header it does not declare`),
      ...this.bodyProblems(where, route, res, declared),
    ];
  }

  private bodyProblems(
    where: string,
    route: DocumentedRoute,
    res: Pick<Response, 'status' | 'body' | 'headers'>,
    declared: OpenApiResponse,
  ) {
    const schema = declared.content?.['application/json']?.schema;
    const isJson = /application\/json/.test(String(res.headers['content-type'] ?? ''));
    if (!schema)
      return isJson && res.body !== undefined && Object.keys(res.body).length > 0 ? [`${where} a body it does not describe`] : [];
    if (!isJson) return [`${where} ${String(res.headers['content-type'])} instead of the JSON it describes`];
    const validate = this.validatorFor(`${route.operation.operationId} ${res.status}`, schema);
    return validate(res.body)
      ? []
      : (validate.errors ?? []).map(
          (e) =>
            `${where}: ${e.instancePath || '(body)'} ${e.message}${'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`,
        );
  }

  private validatorFor(key: string, schema: object): ValidateFunction {
    if (!this.validators.has(key)) {
      // Component references point into the document, which ajv knows as openapi.json.
      const resolved = JSON.parse(JSON.stringify(closed(schema)).replaceAll('"#/components/', '"openapi.json#/components/'));
      this.validators.set(key, this.ajv.compile(resolved));
    }
    return this.validators.get(key)!;
  }
}
