import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Response } from 'supertest';

// ajv-formats is CommonJS; its default export is the function under ESM interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface OpenApiOperation {
  operationId: string;
  requestBody?: unknown;
  responses: Record<string, { content?: { 'application/json'?: { schema?: object } } }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, object> };
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
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
 * Checks real answers against the OpenAPI document: the status must be one the operation declares, and a JSON body
 * must match the schema declared for that status (ajv, with OpenAPI 3.0's `nullable`).
 */
export class OpenApiChecker {
  readonly routes: DocumentedRoute[];
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema({ components: document.components }, 'openapi.json');
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
    const schema = declared.content?.['application/json']?.schema;
    const isJson = /application\/json/.test(String(res.headers['content-type'] ?? ''));
    if (!schema)
      return isJson && res.body !== undefined && Object.keys(res.body).length > 0 ? [`${where} a body it does not describe`] : [];
    if (!isJson) return [`${where} ${String(res.headers['content-type'])} instead of the JSON it describes`];
    const validate = this.validatorFor(`${route.operation.operationId} ${res.status}`, schema);
    return validate(res.body) ? [] : (validate.errors ?? []).map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message}`);
  }

  private validatorFor(key: string, schema: object): ValidateFunction {
    if (!this.validators.has(key)) {
      // Component references point into the document, which ajv knows as openapi.json.
      const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
      this.validators.set(key, this.ajv.compile(resolved));
    }
    return this.validators.get(key)!;
  }
}
