import express, { type Request, type Response } from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { indexRoutes } from './route-index.js';

type Method = 'get' | 'head' | 'put' | 'post' | 'delete' | 'options';

/**
 * Routes in an order where it matters: a parameter before a static sibling (Express takes the first that matches),
 * a wildcard and a RegExp path (candidates for every path), an optional part, mixed case, and a handler that
 * fails. Then a middleware after them, as Nest's 404 handler is.
 */
function app(indexed: boolean, scannedFirst = 0): express.Express {
  const application = express();
  const answer = (name: string) => (req: Request, res: Response) => res.json({ name, params: req.params, path: req.path });
  application.use((req, res, next) => (req.path === '/before' ? res.json({ name: 'before' }) : next()));
  application.get('/api/admin/:kind', answer('admin-kind'));
  application.get('/api/admin/strategies', answer('never: the parameter route matches first'));
  application.get('/api/admin/projects/:id/features', answer('project-features'));
  application.get('/api/admin/projects/default/features', answer('never: the parameter route matches first'));
  application.put('/api/admin/projects/:id', answer('put-project'));
  application.get('/api/admin/projects/default', answer('default-project'));
  application.get('/api/client/features', answer('client-features'));
  application.get('/Mixed/Case', answer('mixed-case'));
  application.get('/files{/:name}', answer('files'));
  application.get(/^\/re\/[a-z]+$/, answer('regexp'));
  application.get('/health', answer('health'));
  application.delete('/api/admin/projects/:id/features', () => {
    throw new Error('deletion failed');
  });
  application.get('/late/*rest', answer('wildcard'));
  application.get('/health', answer('never: the first /health answers'));
  application.use((req, res) => res.status(404).json({ name: 'not found', method: req.method, path: req.path }));
  application.use((error: Error, _req: Request, res: Response, _next: unknown) => res.status(500).json({ error: error.message }));
  if (indexed) indexRoutes(application, scannedFirst);
  return application;
}

const REQUESTS: [Method, string][] = [
  ['get', '/before'],
  ['get', '/api/admin/strategies'],
  ['get', '/API/ADMIN/STRATEGIES'],
  ['get', '/api/admin/strategies/'],
  ['get', '/api/admin/strategies?limit=1&x=/a/b'],
  ['get', '/api/admin/projects/default/features'],
  ['get', '/api/admin/projects/other/features'],
  ['get', '/api/admin/projects/%64efault/features'],
  ['get', '/api/admin/projects/default'],
  ['put', '/api/admin/projects/default'],
  ['post', '/api/admin/projects/default'],
  ['delete', '/api/admin/projects/default/features'],
  ['head', '/api/client/features'],
  ['get', '/api/client/features'],
  ['get', '/api/client'],
  ['get', '/api//admin/strategies'],
  ['get', '/mixed/case'],
  ['get', '/MIXED/CASE/'],
  ['get', '/files'],
  ['get', '/files/readme'],
  ['get', '/re/abc'],
  ['get', '/re/ABC'],
  ['get', '/health'],
  ['get', '/late/a/b/c'],
  ['get', '/nothing/here'],
  ['get', '/'],
  ['options', '/api/admin/strategies'],
  ['options', '/nothing'],
];

async function answers(application: express.Express): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const [method, path] of REQUESTS) {
    const response = await supertest(application)[method](path);
    results.push({
      request: `${method.toUpperCase()} ${path}`,
      status: response.status,
      allow: response.headers.allow,
      body: response.body,
    });
  }
  return results;
}

describe('indexRoutes', () => {
  it('answers every request as Express answers it without the index', async () => {
    const plain = await answers(app(false));
    expect(await answers(app(true))).toEqual(plain);
    // With the first routes left to Express's scan before the lookup, cut between a parameter route and its sibling.
    expect(await answers(app(true, 5))).toEqual(plain);
    // The comparison is about something: the requests reach the routes the order says.
    expect(plain.slice(1, 4).map((answer) => (answer as { body: { name: string } }).body.name)).toEqual([
      'admin-kind',
      'admin-kind',
      'admin-kind',
    ]);
    expect((plain[5] as { body: unknown }).body).toEqual({
      name: 'project-features',
      params: { id: 'default' },
      path: '/api/admin/projects/default/features',
    });
  });

  it("puts one lookup before the run of routes, which then tests only the routes a path's leading segments allow", async () => {
    const application = app(true);
    const stack = (application.router as unknown as { stack: { route?: unknown; match: (path: string) => unknown }[] }).stack;
    const routes = stack.filter((layer) => layer.route);
    expect(routes).toHaveLength(app(false).router.stack.filter((layer) => (layer as { route?: unknown }).route).length);
    expect(stack.indexOf(routes[0]) - 1).toBe(stack.findIndex((layer) => (layer as { name?: string }).name === 'lookup'));
    const tested: number[] = [];
    routes.forEach((layer, index) => {
      const match = layer.match.bind(layer);
      layer.match = (path: string) => {
        tested.push(index);
        return match(path);
      };
    });
    const response = await supertest(application).get('/api/client/features');
    expect(response.body.name).toBe('client-features');
    // `/api/client/features` itself, then nothing: the optional-part and RegExp routes, candidates for every path, come after it.
    expect(tested).toEqual([6]);
  });

  it('leaves an application with router parameter callbacks as it is', () => {
    const application = app(false);
    application.param('id', (_req, _res, next) => next());
    const before = application.router.stack.length;
    indexRoutes(application);
    expect(application.router.stack).toHaveLength(before);
  });
});
