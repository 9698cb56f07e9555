import SwaggerParser from '@apidevtools/swagger-parser';
import type { Response } from 'supertest';
import { OpenApiChecker, type DocumentedRoute, type OpenApiDocument } from '../helpers/openapi-checker.js';
import { ADMIN_TOKEN, adminUserToken, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';

/** Streams until the client goes away; its answers are checked by the SDK protocol tests, not here. */
const STREAMING = '/api/client/streaming';

/** A URL for the route with every path parameter set to `value` (nothing by that id or name exists). */
const urlOf = (route: DocumentedRoute, value = '999999') => route.path.replace(/\{[^}]+\}/g, value);

describe('the OpenAPI document, checked against a standard validator and real answers', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let checker: OpenApiChecker;
  let adminUser: string;

  const send = (method: string, url: string, auth: string | undefined, body?: unknown, contentType = 'application/json') => {
    const request = t.http()[method as 'get'](url);
    if (auth) request.set('Authorization', auth);
    if (body === undefined) return request;
    return request.set('Content-Type', contentType).send(typeof body === 'string' ? body : JSON.stringify(body));
  };
  let problems: string[];
  const check = (method: string, url: string, res: Response) => problems.push(...checker.problemsOf(method, url, res));
  beforeEach(() => {
    problems = [];
  });
  afterEach(() => {
    expect(problems).toEqual([]);
  });

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.http().get('/docs/openapi.json').expect(200)).body;
    checker = new OpenApiChecker(document);
    adminUser = await adminUserToken(t);
    // Single sign-on on (its provider unreachable): its callback then refuses a caller without its sign-in, as it declares.
    await t
      .http()
      .post('/api/admin/auth/oidc/settings')
      .set('Authorization', ADMIN_TOKEN)
      .send({ enabled: true, discoverUrl: 'http://127.0.0.1:1', clientId: 'conformance', secret: 'conformance-secret' })
      .expect(200);
  });
  afterAll(() => t.close());

  it('is valid OpenAPI 3.0 by @apidevtools/swagger-parser', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('has a unique, camelCase operationId on every operation', () => {
    const ids = checker.routes.map((route) => route.operation.operationId);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('declares 401 on exactly the routes that answer it without credentials', async () => {
    for (const route of checker.routes.filter((r) => r.path !== STREAMING)) {
      // A body for the routes that take one: login then answers 401 for these credentials.
      const res = await send(
        route.method,
        urlOf(route),
        undefined,
        route.operation.requestBody ? { username: 'nobody', password: 'wrong' } : undefined,
      );
      if ((res.status === 401) !== '401' in route.operation.responses)
        problems.push(`${route.method} ${route.path}: 401 declared or answered alone`);
      check(route.method, urlOf(route), res);
    }
  });

  it('declares 403 on the routes a token of another API is refused by', async () => {
    for (const route of checker.routes.filter((r) => '403' in r.operation.responses)) {
      const token = route.path.startsWith('/api/frontend')
        ? CLIENT_TOKEN
        : route.path.startsWith('/api/admin')
          ? FRONTEND_TOKEN
          : ADMIN_TOKEN;
      const res = await send(route.method, urlOf(route), token);
      if (res.status !== 403) problems.push(`${route.method} ${route.path}: ${res.status} for a token of another API`);
      check(route.method, urlOf(route), res);
    }
  });

  it('declares 415 on exactly the routes with a request body, which refuse other content types', async () => {
    for (const route of checker.routes.filter((r) => r.method !== 'get' && r.method !== 'delete')) {
      const res = await send(route.method, urlOf(route), adminUser, 'name=x', 'application/x-www-form-urlencoded');
      if ((res.status === 415) !== (route.operation.requestBody !== undefined))
        problems.push(`${route.method} ${route.path}: 415 and request body disagree`);
      check(route.method, urlOf(route), res);
    }
  });

  it('declares what every route answers for names and ids that do not exist, and for a malformed JSON body', async () => {
    for (const route of checker.routes.filter((r) => r.path !== STREAMING)) {
      for (const value of ['999999', 'no-such-thing']) {
        const res = await send(route.method, urlOf(route, value), adminUser, route.operation.requestBody ? {} : undefined);
        check(route.method, urlOf(route, value), res);
      }
      if (route.operation.requestBody) check(route.method, urlOf(route), await send(route.method, urlOf(route), adminUser, '{"a":'));
    }
  });

  // The successful answers of every operation are checked by openapi-success-answers.e2e-spec.ts.
  it('describes the spec operations refusing a taken name and a wrong password', async () => {
    const calls: [url: string, body: unknown, auth?: string][] = [
      ['/api/admin/groups', { name: 'readers' }, adminUser],
      ['/api/admin/groups', { name: 'readers' }, adminUser],
      ['/api/admin/service-account', { username: 'robot', name: 'Robot', rootRole: 3 }, adminUser],
      ['/api/admin/service-account', { username: 'robot', name: 'Robot', rootRole: 3 }, adminUser],
      ['/auth/simple/login', { username: 'admin', password: 'wrong' }],
    ];
    const statuses: number[] = [];
    for (const [url, body, auth] of calls) {
      const res = await send('post', url, auth, body);
      statuses.push(res.status);
      check('post', url, res);
    }
    expect(statuses).toEqual([201, 409, 201, 409, 401]);
  });

  it('fails an answer with null where the document does not allow it', async () => {
    const strict = structuredClone(document);
    for (const schema of Object.values(strict.components.schemas) as { properties?: Record<string, { nullable?: boolean }> }[]) {
      if (schema.properties?.dependencyType) delete schema.properties.dependencyType.nullable;
    }
    await send('post', '/api/admin/projects/default/features', adminUser, { name: 'plain-flag' }).expect(201);
    const url = '/api/admin/search/features?query=plain-flag';
    const res = await send('get', url, adminUser);
    expect(res.body.features).toEqual([expect.objectContaining({ name: 'plain-flag', dependencyType: null })]);
    expect(new OpenApiChecker(strict).problemsOf('get', url, res)).toEqual([expect.stringContaining('/features/0/dependencyType must be')]);
  });
});
