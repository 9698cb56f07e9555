import { routePermissions, type RoutePermission } from '../../src/core/access/permission-table.js';
import { seedProject } from '../helpers/seeds.js';
import { FLAGWRIGHT_CONTROLLERS } from '../../src/feature-flags.module.js';
import {
  adminUserToken,
  ADMIN_TOKEN,
  CLIENT_TOKEN,
  createTestApp,
  FRONTEND_TOKEN,
  sessionCookieFor,
  type TestApp,
} from '../helpers/test-app.js';
import { ADMIN, type Answer, eventsDigest, FIXTURE_PASSWORD, type Http, listen, routeFixtures } from './access.fixtures.js';
import { ROLE, seedUser, type SeededUser } from './rbac.fixtures.js';

/**
 * The classes of access bugs real feature-flag services have had advisories for: another project's flag reached
 * through a path or body naming a project the caller holds a role in; granting yourself or a group a role above your
 * own; a Viewer or a project-scoped token changing anything; a secret read back after its creation.
 */
describe('access advisories', () => {
  let t: TestApp;
  let http: Http;
  const routes = routePermissions(FLAGWRIGHT_CONTROLLERS);
  /** Strategy ids of `a-flag` (project alpha) and `b-flag` (project beta) in development. */
  const strategy: Record<'a' | 'b', string> = { a: '', b: '' };
  let member: SeededUser;
  let owner: SeededUser;
  let editor: SeededUser;

  const as = (user: SeededUser) => ({ cookie: user.cookie });
  const featureOf = async (project: string, name: string) =>
    (await http.call('GET', `/api/admin/projects/${project}/features/${name}`, ADMIN)).text;
  /** Sends the request, asserts the refusal's status and that the audit log did not move; answers the response. */
  const refused = async (status: number, method: string, url: string, headers: Record<string, string>, body?: unknown) => {
    const before = await eventsDigest(t);
    const res = await http.call(method, url, headers, body);
    expect(res.status, `${method} ${url}: ${res.text}`).toBe(status);
    expect(await eventsDigest(t), `${method} ${url} wrote an event`).toBe(before);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    http = await listen(t);
    for (const project of ['alpha', 'beta']) {
      await seedProject(t, project);
      const flag = `${project[0]}-flag`;
      const features = `/api/admin/projects/${project}/features`;
      await http.asAdmin('POST', features, { name: flag });
      await http.asAdmin('POST', features, { name: `${project[0]}-parent` });
      const created = await http.asAdmin('POST', `${features}/${flag}/environments/development/strategies`, { name: 'default' });
      strategy[project[0] as 'a' | 'b'] = String(created.id);
      await http.asAdmin('POST', `${features}/${flag}/environments/development/on`);
    }
    member = await seedUser(t, 'alpha-member');
    owner = await seedUser(t, 'alpha-owner');
    editor = await seedUser(t, 'editor', ROLE.EDITOR);
    await http.asAdmin('POST', '/api/admin/projects/alpha/access', { roles: [ROLE.MEMBER], users: [member.id] });
    await http.asAdmin('POST', '/api/admin/projects/alpha/access', { roles: [ROLE.OWNER], users: [owner.id] });
  });
  afterAll(() => t.close());

  describe("another project's flag, named by a path or a body", () => {
    /** Writes a Member of alpha may make on alpha's own flag; each is tried on beta's flag first. */
    const bodies: Record<string, unknown> = {
      'PUT {featureName}': { description: 'changed' },
      'PATCH {featureName}': [{ op: 'replace', path: '/description', value: 'changed' }],
      'POST dependencies': { feature: 'a-parent' },
      'POST strategies': { name: 'default' },
      'PUT {strategyId}': { name: 'default', title: 'changed' },
      'PATCH {strategyId}': [{ op: 'replace', path: '/title', value: 'changed' }],
      'PUT variants': [{ name: 'v1', weight: 1000, weightType: 'variable', stickiness: 'default' }],
      'PATCH variants': [{ op: 'add', path: '/0', value: { name: 'v2', weight: 1000, weightType: 'variable', stickiness: 'default' } }],
      'POST complete': { status: 'kept' },
      'PUT variants-batch': { variants: [{ name: 'v3', weight: 0 }], environments: ['development'] },
    };
    const bodyOf = (route: RoutePermission) => {
      const key = `${route.method} ${route.path.split('/').at(-1)}`;
      return key in bodies
        ? bodies[key]
        : ['POST', 'PUT', 'PATCH'].includes(route.method) && !/\/(on|off|favorites)$/.test(route.path)
          ? {}
          : undefined;
    };
    const urlOf = (route: RoutePermission, feature: string, strategyId: string) =>
      route.path
        .replace('{projectId}', 'alpha')
        .replace('{featureName}', feature)
        .replace('{environment}', 'development')
        .replace('{strategyId}', strategyId)
        .replace('{parent}', 'a-parent');
    /** Every route under a project's feature, writes before deletions (which archive the flag). */
    const featureRoutes = routes
      .filter((route) => route.path.includes('{projectId}/features/{featureName}'))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

    it("never reaches beta's flag or strategy through alpha's path, for any route under a feature", async () => {
      const beta = await featureOf('beta', 'b-flag');
      let workedOnOwnFlag = 0;
      for (const route of featureRoutes) {
        const body = bodyOf(route);
        const attempts = [urlOf(route, 'b-flag', strategy.b)];
        if (route.path.includes('{strategyId}')) attempts.push(urlOf(route, 'a-flag', strategy.b));
        for (const url of attempts) {
          const before = await eventsDigest(t);
          const res = await http.call(route.method, url, as(member), body);
          expect(res.status, `${route.method} ${url}: ${res.text}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${route.method} ${url}: ${res.text}`).toBeLessThan(500);
          expect(await eventsDigest(t), `${route.method} ${url} wrote an event`).toBe(before);
        }
        const own = await http.call(route.method, urlOf(route, 'a-flag', strategy.a), as(member), body);
        if (own.status < 300) workedOnOwnFlag++;
      }
      expect(await featureOf('beta', 'b-flag')).toBe(beta);
      // The same bodies did work on alpha's own flag, so the refusals above were about the project, not the body.
      expect(workedOnOwnFlag).toBeGreaterThanOrEqual(15);
    });

    it("refuses beta's flag through the routes that find the project from the feature, and marks nothing stale there", async () => {
      await refused(403, 'POST', '/api/admin/features/b-flag/tags', as(member), { type: 'simple', value: 'mine' });
      await refused(403, 'PUT', '/api/admin/features/b-flag/tags', as(member), { addedTags: [], removedTags: [] });
      const beta = await featureOf('beta', 'b-flag');
      const stale = await refused(400, 'POST', '/api/admin/projects/alpha/stale', as(member), { features: ['b-flag'], stale: true });
      expect((stale.body as { message: string }).message).toBe('The feature b-flag belongs to project beta, not alpha.');
      expect(await featureOf('beta', 'b-flag')).toBe(beta);
      await http.asAdmin('POST', '/api/admin/projects/beta/features', { name: 'b-archived' });
      await http.asAdmin('DELETE', '/api/admin/projects/beta/features/b-archived');
      await refused(403, 'POST', '/api/admin/archive/revive/b-archived', as(member));
      await refused(403, 'DELETE', '/api/admin/archive/b-archived', as(member));
    });

    it('keeps a flag in its project whatever project a body names', async () => {
      await refused(400, 'POST', '/api/admin/projects/alpha/features', as(member), { name: 'sneaky', project: 'beta' });
      const created = await http.call('POST', '/api/admin/projects/alpha/features', as(member), { name: 'sneaky' });
      expect(created.status, created.text).toBe(201);
      await http.call('PUT', '/api/admin/projects/alpha/features/sneaky', as(member), { project: 'beta', description: 'moved?' });
      await http.call('PATCH', '/api/admin/projects/alpha/features/sneaky', as(member), [
        { op: 'replace', path: '/project', value: 'beta' },
      ]);
      const rows = await t.db.query<{ project: string }>("SELECT project FROM flagwright_features WHERE name = 'sneaky'");
      expect(rows).toEqual([{ project: 'alpha' }]);
      expect((await http.call('GET', '/api/admin/projects/beta/features/sneaky', ADMIN)).status).toBe(404);
    });

    it("links and orders nothing of beta's through a body sent to alpha's flag", async () => {
      const linker = '/api/admin/projects/alpha/features/a-linker';
      await http.asAdmin('POST', '/api/admin/projects/alpha/features', { name: 'a-linker' });
      await http.asAdmin('POST', `${linker}/environments/development/strategies`, { name: 'default' });
      const beta = await featureOf('beta', 'b-flag');
      await refused(400, 'POST', `${linker}/dependencies`, as(member), { feature: 'b-parent' });
      await refused(400, 'POST', `${linker}/environments/development/strategies/set-sort-order`, as(member), [
        { id: strategy.b, sortOrder: 7 },
      ]);
      expect(await featureOf('beta', 'b-flag')).toBe(beta);
    });

    it("lets every signed-in caller read other projects' flags, in search as in the project listing (reads are NONE)", async () => {
      const listed = await http.call('GET', '/api/admin/projects/beta/features', as(member));
      const searched = await http.call('GET', '/api/admin/search/features?project=IS:beta', as(member));
      const names = (body: unknown) => ((body as { features: { name: string }[] }).features ?? []).map((feature) => feature.name).sort();
      expect(names(listed.body)).toEqual(['b-flag', 'b-parent']);
      expect(names(searched.body)).toEqual(names(listed.body));
    });

    it('keeps a project-scoped SDK token to its project, whatever project its query names', async () => {
      for (const project of ['alpha', 'beta']) {
        const features = `/api/admin/projects/${project}/features`;
        await http.asAdmin('POST', features, { name: `${project[0]}-sdk` });
        await http.asAdmin('POST', `${features}/${project[0]}-sdk/environments/development/strategies`, { name: 'default' });
        await http.asAdmin('POST', `${features}/${project[0]}-sdk/environments/development/on`);
      }
      const client = await http.asAdmin('POST', '/api/admin/api-tokens', {
        tokenName: 'alpha-sdk',
        type: 'client',
        environment: 'development',
        projects: ['alpha'],
      });
      const frontend = await http.asAdmin('POST', '/api/admin/api-tokens', {
        tokenName: 'alpha-fe',
        type: 'frontend',
        environment: 'development',
        projects: ['alpha'],
      });
      const flags = (body: unknown, key: 'features' | 'toggles') =>
        ((body as Record<string, { name: string }[]>)[key] ?? []).map((flag) => flag.name);
      for (const query of ['', '?project=beta', '?project=alpha&project=beta', '?namePrefix=b-']) {
        const res = await http.call('GET', `/api/client/features${query}`, { authorization: client.secret });
        expect(res.status).toBe(200);
        expect(flags(res.body, 'features')).not.toContain('b-sdk');
      }
      const evaluated = await http.call('GET', '/api/frontend', { authorization: frontend.secret });
      expect(flags(evaluated.body, 'toggles'), evaluated.text).toEqual(['a-sdk']);
    });
  });

  describe('granting a role above your own', () => {
    it('an Owner of a project cannot give root roles, or project roles elsewhere, to itself or a group', async () => {
      const group = await http.asAdmin('POST', '/api/admin/groups', { name: 'owners-friends', users: [{ user: { id: owner.id } }] });
      for (const role of [ROLE.ADMIN, ROLE.EDITOR, ROLE.VIEWER]) {
        await refused(400, 'PUT', `/api/admin/projects/alpha/users/${owner.id}/roles`, as(owner), { roles: [role] });
        await refused(400, 'PUT', `/api/admin/projects/alpha/groups/${group.id}/roles`, as(owner), { roles: [role] });
        await refused(400, 'POST', '/api/admin/projects/alpha/access', as(owner), { roles: [role], users: [owner.id], groups: [group.id] });
      }
      await refused(403, 'POST', '/api/admin/projects/beta/access', as(owner), { roles: [ROLE.OWNER], users: [owner.id] });
      await refused(403, 'PUT', `/api/admin/projects/beta/users/${owner.id}/roles`, as(owner), { roles: [ROLE.OWNER] });
      await refused(403, 'PUT', `/api/admin/groups/${group.id}`, as(owner), { name: 'owners-friends', rootRole: ROLE.ADMIN });
      await refused(403, 'POST', '/api/admin/roles', as(owner), { name: 'mine', type: 'root-custom', permissions: [{ name: 'ADMIN' }] });
      const me = await http.call('GET', '/api/admin/user', as(owner));
      const { user, permissions } = me.body as { user: { rootRole: number }; permissions: { permission: string; project?: string }[] };
      expect(user.rootRole).toBe(ROLE.VIEWER);
      expect(
        permissions.filter((grant) => grant.permission === 'ADMIN' || (grant.project !== undefined && grant.project !== 'alpha')),
      ).toEqual([]);
    });

    it('an Editor cannot make itself, a group or a service account Admin', async () => {
      await refused(403, 'PUT', `/api/admin/user-admin/${editor.id}`, as(editor), { rootRole: ROLE.ADMIN });
      await refused(403, 'POST', '/api/admin/groups', as(editor), {
        name: 'admins',
        rootRole: ROLE.ADMIN,
        users: [{ user: { id: editor.id } }],
      });
      await refused(403, 'POST', '/api/admin/service-account', as(editor), { username: 'root-robot', name: 'Root', rootRole: ROLE.ADMIN });
      await refused(403, 'POST', '/api/admin/api-tokens', as(editor), { tokenName: 'mine', type: 'admin' });
    });

    it('no custom role carries ADMIN, even when an Admin asks', async () => {
      for (const type of ['root-custom', 'custom']) {
        await refused(400, 'POST', '/api/admin/roles', ADMIN, { name: `super-${type}`, type, permissions: [{ name: 'ADMIN' }] });
      }
    });

    it('the permission to manage client tokens reaches client tokens only: no admin or frontend token is made, changed, removed or listed', async () => {
      const role = await http.asAdmin('POST', '/api/admin/roles', {
        name: 'client token keeper',
        type: 'root-custom',
        permissions: ['CREATE', 'READ', 'UPDATE', 'DELETE'].map((verb) => ({ name: `${verb}_CLIENT_API_TOKEN` })),
      });
      const keeper = await seedUser(t, 'token-keeper');
      await http.asAdmin('PUT', `/api/admin/user-admin/${keeper.id}`, { rootRole: role.id });
      const adminToken = await http.asAdmin('POST', '/api/admin/api-tokens', { tokenName: 'ops', type: 'admin' });
      await refused(403, 'POST', '/api/admin/api-tokens', as(keeper), { tokenName: 'mine', type: 'admin' });
      await refused(403, 'POST', '/api/admin/api-tokens', as(keeper), { tokenName: 'mine', type: 'frontend', environment: 'development' });
      const future = new Date(t.clock.now().getTime() + 3600_000).toISOString();
      await refused(403, 'PUT', `/api/admin/api-tokens/${adminToken.id}`, as(keeper), { expiresAt: future });
      await refused(403, 'DELETE', `/api/admin/api-tokens/${adminToken.id}`, as(keeper));
      const made = await http.call('POST', '/api/admin/api-tokens', as(keeper), {
        tokenName: 'mine',
        type: 'client',
        environment: 'development',
      });
      expect(made.status).toBe(201);
      const listed = await http.call('GET', '/api/admin/api-tokens', as(keeper));
      const types = new Set((listed.body as { tokens: { type: string }[] }).tokens.map((token) => token.type));
      expect([...types]).toEqual(['client']);
    });
  });

  describe('Viewers and project-scoped tokens', () => {
    it('change nothing through any route of the admin API', async () => {
      const { urlOf } = await routeFixtures(t, http, 'ro');
      const alphaClient = await http.asAdmin('POST', '/api/admin/api-tokens', {
        tokenName: 'alpha-ro',
        type: 'client',
        environment: 'development',
        projects: ['alpha'],
      });
      const viewer = await seedUser(t, 'read-only');
      const callers = [
        as(viewer),
        { authorization: alphaClient.secret },
        { authorization: CLIENT_TOKEN },
        { authorization: FRONTEND_TOKEN },
      ];
      const writes = routes.filter((route) => route.api === 'admin' && route.method !== 'GET' && !route.permissions?.includes('NONE'));
      for (const headers of callers) {
        for (const route of writes) {
          const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
          await refused(403, route.method, urlOf(route), headers, body);
        }
      }
      expect(writes.length).toBeGreaterThan(60);
    });
  });

  describe('secrets after creation', () => {
    it('no GET answer, login answer or event holds a token secret, a password, its hash or a session id', async () => {
      const { urlOf, secrets } = await routeFixtures(t, http, 'sec');
      const adminPat = await adminUserToken(t);
      const cookie = await sessionCookieFor(t, member.id);
      const sessionId = /^[^=]+=s:([^.]+)\./.exec(decodeURIComponent(cookie))![1];
      const login = await http.call('POST', '/auth/simple/login', {}, { username: 'sec-user', password: FIXTURE_PASSWORD });
      expect(login.status).toBe(200);
      const hashes = await t.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM flagwright_users WHERE password_hash IS NOT NULL',
      );
      const apiSecrets = [ADMIN_TOKEN, CLIENT_TOKEN, FRONTEND_TOKEN, ...secrets, adminPat];
      const forbidden = [
        ...apiSecrets,
        // The random part alone, in case a prefix is shown and the rest leaks elsewhere.
        ...apiSecrets.map((secret) => secret.replace(/^user:|^[^.]*\./, '')),
        sessionId,
        ...hashes.map((row) => row.password_hash).filter((hash) => hash.length > 20),
      ];
      expect(forbidden.filter((secret) => typeof secret !== 'string' || secret.length < 12)).toEqual([]);
      const leaks: string[] = [];
      const scan = (what: string, answer: Answer) => {
        for (const secret of forbidden) if (answer.text.includes(secret)) leaks.push(`${what} holds ${secret.slice(0, 12)}…`);
      };
      scan('POST /auth/simple/login', login);
      let scanned = 0;
      for (const route of routes.filter((r) => r.method === 'GET' && r.path !== '/api/client/streaming')) {
        for (const headers of [ADMIN, { authorization: adminPat }]) {
          const answer = await http.call('GET', urlOf(route), headers);
          if (answer.status === 200) scanned++;
          scan(`GET ${urlOf(route)}`, answer);
        }
      }
      const events = await http.call('GET', '/api/admin/events?limit=1000', ADMIN);
      scan('GET /api/admin/events', events);
      expect(leaks).toEqual([]);
      expect(scanned).toBeGreaterThan(80);
    });
  });
});
