import type { AddressInfo } from 'node:net';
import { expectedOutcome, MATRIX_CALLERS, OTHER_PROJECT, type MatrixCaller, type Outcome } from '../../src/core/access/access-matrix.js';
import { routePermissions, type RoutePermission } from '../../src/core/access/permission-table.js';
import { FLAGWRIGHT_CONTROLLERS } from '../../src/feature-flags.module.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';
import { ROLE, seedProject, seedUser } from './rbac.fixtures.js';

/**
 * Every route × every kind of caller, each answer held to what `expectedOutcome` derives from the permission model
 * (`docs/permissions.md`): 401, 403, or allowed (anything else). A refused request must leave the audit log as it was.
 * Each caller works on objects of its own (a feature, strategy, segment, group, user...), so what an allowed DELETE
 * removes is never what another caller's cells need; within a caller, DELETEs run last and `/logout` after them.
 */
/** What the fixtures read from an answer of the admin API: the new object's id (a number, or a strategy's UUID) and a token's secret. */
interface Created {
  id: number;
  secret: string;
}

describe('access matrix: every route × every kind of caller', () => {
  let t: TestApp;
  let base: string;
  const routes = routePermissions(FLAGWRIGHT_CONTROLLERS);
  const admin = { authorization: ADMIN_TOKEN };

  beforeAll(async () => {
    t = await createTestApp();
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await seedProject(t, OTHER_PROJECT);
  });
  afterAll(() => t.close());

  /** Sends the request and answers its status; a streaming answer is cut off once its headers arrive. */
  const call = async (
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const controller = new AbortController();
    const res = await fetch(`${base}${url}`, { ...init, signal: controller.signal });
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      controller.abort();
      return { status: res.status, body: undefined };
    }
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  };
  const asAdmin = async (method: string, url: string, body?: unknown, expected = [200, 201, 202]) => {
    const res = await call(method, url, admin, body);
    if (!expected.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Created;
  };

  /** The audit log's size and newest id: what a refused request must not move. */
  const eventsDigest = async () => JSON.stringify(await t.db.query('SELECT COUNT(*) AS count, MAX(id) AS newest FROM events'));

  /** Objects of one caller's own, named with its index, that the route parameters point at. */
  async function fixturesFor(index: number) {
    const suffix = `m${index}`;
    const feature = `${suffix}-flag`;
    const environment = `${suffix}-env`;
    const features = '/api/admin/projects/default/features';
    await asAdmin('POST', '/api/admin/environments', { name: environment, type: 'development' });
    await asAdmin('POST', '/api/admin/projects/default/environments', { environment });
    for (const name of [feature, `${suffix}-parent`, `${suffix}-archived`]) await asAdmin('POST', features, { name });
    await asAdmin('DELETE', `${features}/${suffix}-archived`);
    await asAdmin('POST', `${features}/${feature}/dependencies`, { feature: `${suffix}-parent` });
    const strategy = await asAdmin('POST', `${features}/${feature}/environments/${environment}/strategies`, { name: 'default' });
    await asAdmin('POST', '/api/admin/tag-types', { name: `${suffix}-tag` });
    await asAdmin('POST', `/api/admin/features/${feature}/tags`, { type: `${suffix}-tag`, value: 'vv' });
    const segment = await asAdmin('POST', '/api/admin/segments', { name: `${suffix}-segment`, constraints: [] });
    await asAdmin('POST', '/api/admin/strategies', { name: `${suffix}-strategy`, parameters: [] });
    const user = await asAdmin('POST', '/api/admin/user-admin', {
      username: `${suffix}-user`,
      password: 'Sup3r-secret-pw',
      rootRole: ROLE.VIEWER,
    });
    const group = await asAdmin('POST', '/api/admin/groups', { name: `${suffix}-group`, users: [{ user: { id: user.id } }] });
    const role = await asAdmin('POST', '/api/admin/roles', { name: `${suffix}-role`, type: 'custom', permissions: [] });
    await asAdmin('POST', '/api/admin/projects/default/access', { roles: [ROLE.MEMBER], users: [user.id], groups: [group.id] });
    const account = await asAdmin('POST', '/api/admin/service-account', {
      username: `${suffix}-robot`,
      name: 'Robot',
      rootRole: ROLE.VIEWER,
    });
    const expiresAt = new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();
    const accountToken = await asAdmin('POST', `/api/admin/service-account/${account.id}/token`, { description: suffix, expiresAt });
    const apiToken = await asAdmin('POST', '/api/admin/api-tokens', {
      tokenName: `${suffix}-sdk`,
      type: 'client',
      environment: 'development',
    });
    const ids: Record<string, string> = {
      'api-tokens': String(apiToken.id),
      groups: String(group.id),
      roles: String(role.id),
      segments: String(segment.id),
      'service-account': String(account.id),
      'user-admin': String(user.id),
      tokens: String(accountToken.id),
    };
    const names: Record<string, string> = { environments: environment, strategies: `${suffix}-strategy`, 'tag-types': `${suffix}-tag` };
    const params: Record<string, string> = {
      projectId: 'default',
      featureName: feature,
      environment,
      strategyId: String(strategy.id),
      parent: `${suffix}-parent`,
      type: `${suffix}-tag`,
      value: 'vv',
      userId: String(user.id),
      groupId: String(group.id),
      roleId: String(ROLE.MEMBER),
      tokenId: String(accountToken.id),
    };
    /** The route's URL with its parameters set to this caller's objects (`{id}` and `{name}` by the collection they follow). */
    return (route: RoutePermission) => {
      const segments = route.path.split('/');
      return segments
        .map((segment, i) => {
          const param = /^\{(\w+)\}$/.exec(segment)?.[1];
          if (!param) return segment;
          if (param === 'featureName' && segments[i - 1] !== 'features') return `${suffix}-archived`;
          if (param === 'id') return ids[segments[i - 1]];
          if (param === 'name') return names[segments[i - 1]];
          return params[param];
        })
        .join('/');
    };
  }

  /** The headers each kind of caller sends. */
  async function credentialsOf(caller: MatrixCaller): Promise<Record<string, string>> {
    const expiresAt = new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();
    switch (caller.name) {
      case 'none':
        return {};
      case 'malformed header':
        return { authorization: 'Basic bm90OmEtdG9rZW4=' };
      case 'unknown token':
        return { authorization: `*:*.${'ab'.repeat(32)}` };
      case 'expired token': {
        const token = await asAdmin('POST', '/api/admin/api-tokens', { tokenName: 'm-expired', type: 'admin', expiresAt });
        await asAdmin('PUT', `/api/admin/api-tokens/${token.id}`, { expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString() });
        return { authorization: token.secret };
      }
      case 'session after logout': {
        const { cookie } = await seedUser(t, 'm-logged-out', ROLE.ADMIN);
        expect((await call('POST', '/logout', { cookie })).status).toBe(200);
        return { cookie };
      }
      case 'client token':
        return { authorization: CLIENT_TOKEN };
      case 'frontend token':
        return { authorization: FRONTEND_TOKEN };
      case 'admin token':
        return admin;
      case 'service account (Editor, PAT)': {
        const account = await asAdmin('POST', '/api/admin/service-account', {
          username: 'm-caller-robot',
          name: 'Robot',
          rootRole: ROLE.EDITOR,
        });
        const token = await asAdmin('POST', `/api/admin/service-account/${account.id}/token`, { description: 'matrix', expiresAt });
        return { authorization: token.secret };
      }
      default: {
        if (caller.credential !== 'user') throw new Error(`no credentials for ${caller.name}`);
        const user = await seedUser(t, `m-caller-${caller.name.replace(/\W+/g, '-').toLowerCase()}`, caller.rootRole);
        for (const { project, role } of caller.projectRoles) {
          await asAdmin('POST', `/api/admin/projects/${project}/access`, { roles: [role], users: [user.id] });
        }
        return { cookie: user.cookie };
      }
    }
  }

  /** Reads before writes, DELETEs after them, `/logout` last: a caller's allowed calls do not end its own cells early. */
  const rank = (route: RoutePermission) => (route.path === '/logout' ? 3 : route.method === 'DELETE' ? 2 : route.method === 'GET' ? 0 : 1);
  const ordered = [...routes].sort((a, b) => rank(a) - rank(b));

  it('answers every route as the permission model says, and refusals change nothing', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const [index, caller] of MATRIX_CALLERS.entries()) {
      const urlOf = await fixturesFor(index);
      const headers = await credentialsOf(caller);
      for (const route of ordered) {
        const expected = expectedOutcome(route, caller);
        const url = urlOf(route);
        const before = await eventsDigest();
        const res = await call(route.method, url, headers, ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined);
        const outcome: Outcome = res.status === 401 || res.status === 403 ? res.status : 'allowed';
        cells++;
        if (outcome !== expected)
          mismatches.push(
            `${caller.name}: ${route.method} ${url} answered ${res.status} ${JSON.stringify(res.body)}, expected ${expected}`,
          );
        if (outcome !== 'allowed' && (await eventsDigest()) !== before)
          mismatches.push(`${caller.name}: ${route.method} ${url} was refused but wrote an event`);
        if (res.status >= 500) mismatches.push(`${caller.name}: ${route.method} ${url} answered ${res.status}`);
      }
    }
    console.log(`access matrix: ${routes.length} routes × ${MATRIX_CALLERS.length} callers = ${cells} cells checked`);
    expect(mismatches).toEqual([]);
    expect(cells).toBe(routes.length * MATRIX_CALLERS.length);
  });
});
