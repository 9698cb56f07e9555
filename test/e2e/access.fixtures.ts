import type { AddressInfo } from 'node:net';
import type { RoutePermission } from '../../src/core/access/permission-table.js';
import { ADMIN_TOKEN, type TestApp } from '../helpers/test-app.js';
import { ROLE } from './rbac.fixtures.js';

/**
 * Fixtures of the access matrix and advisory suites: requests over a real socket (so a streaming answer can be cut
 * off once its headers arrive), and a set of objects in the `default` project that every route parameter can name.
 */

/** What the fixtures read from an answer of the admin API: the new object's id (a number, or a strategy's UUID) and a token's secret. */
export interface Created {
  id: number;
  secret: string;
}

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Record<string, string>;
}

export interface Http {
  call: (method: string, url: string, headers: Record<string, string>, body?: unknown) => Promise<Answer>;
  /** The request as the admin API token; throws unless it answers one of `expected`. */
  asAdmin: (method: string, url: string, body?: unknown, expected?: number[]) => Promise<Created>;
}

export const ADMIN = { authorization: ADMIN_TOKEN };

/** Starts the app's server on a free port and answers a client for it. */
export async function listen(t: TestApp): Promise<Http> {
  const server = t.app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call: Http['call'] = async (method, url, headers, body) => {
    const sent: Record<string, string> = { ...headers };
    if (body !== undefined) sent['content-type'] = 'application/json';
    const controller = new AbortController();
    const res = await fetch(`${base}${url}`, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      // A redirect is the route's answer (single sign-on's routes answer 302); following it would ask another route.
      redirect: 'manual',
    });
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      controller.abort();
      return { status: res.status, body: undefined, text: '', headers: Object.fromEntries(res.headers) };
    }
    const text = await res.text();
    const json = text && res.headers.get('content-type')?.includes('json');
    return { status: res.status, body: json ? JSON.parse(text) : text, text, headers: Object.fromEntries(res.headers) };
  };
  const asAdmin: Http['asAdmin'] = async (method, url, body, expected = [200, 201, 202]) => {
    const res = await call(method, url, ADMIN, body);
    if (!expected.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
    return res.body as Created;
  };
  return { call, asAdmin };
}

/** The audit log's size and newest id: what a refused request must not move. */
export const eventsDigest = async (t: TestApp) =>
  JSON.stringify(await t.db.query('SELECT COUNT(*) AS count, MAX(id) AS newest FROM flagwright_events'));

export const FIXTURE_PASSWORD = 'Sup3r-secret-pw';

/**
 * Objects named with `suffix` that the route parameters point at: a feature with a strategy, a dependency and a tag
 * in an environment of its own, an archived feature, a segment, a strategy type, a user in a group with a role in
 * the project, a service account with a token, a client API token. Answers the URL of a route with its parameters
 * set to them (`{id}` and `{name}` by the collection they follow), and the secrets they were created with.
 */
export async function routeFixtures(t: TestApp, { asAdmin }: Http, suffix: string) {
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
  await asAdmin('POST', '/api/admin/context', { name: `${suffix}-field`, legalValues: [{ value: 'lv' }] });
  const user = await asAdmin('POST', '/api/admin/user-admin', {
    username: `${suffix}-user`,
    password: FIXTURE_PASSWORD,
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
    'feature-types': 'release',
  };
  // By the segment before `{name}`: `/environments/update/{name}` names an environment too.
  const names: Record<string, string> = {
    'api-tokens': `${suffix}-sdk`,
    environments: environment,
    update: environment,
    strategies: `${suffix}-strategy`,
    'tag-types': `${suffix}-tag`,
    features: feature,
  };
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
    contextField: `${suffix}-field`,
    legalValue: 'lv',
    appName: `${suffix}-app`,
    // No caller has a session with this id: the route answers 404 wherever it lets the caller in.
    sessionId: '0'.repeat(32),
    // No invite link has this secret: its routes answer 404 wherever they let the caller in.
    token: '0'.repeat(64),
  };
  const urlOf = (route: RoutePermission) => {
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
  return { urlOf, secrets: [apiToken.secret, accountToken.secret, FIXTURE_PASSWORD] };
}
