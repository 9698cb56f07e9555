import { expectedOutcome, MATRIX_CALLERS, OTHER_PROJECT, type MatrixCaller, type Outcome } from '../../src/core/access/access-matrix.js';
import { seedProject } from '../helpers/seeds.js';
import { routePermissions, type RoutePermission } from '../../src/core/access/permission-table.js';
import { FLAGWRIGHT_CONTROLLERS } from '../../src/feature-flags.module.js';
import { OpenApiChecker, type OpenApiDocument } from '../helpers/openapi-checker.js';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';
import { ADMIN, eventsDigest, type Http, listen, routeFixtures } from './access.fixtures.js';
import { ROLE, seedUser } from './rbac.fixtures.js';

/**
 * Every route × every kind of caller, each answer held to what `expectedOutcome` derives from the permission model
 * (`docs/permissions.md`): 401, 403, or allowed (anything else). A refused request must leave the audit log as it was.
 * Each caller works on objects of its own (a feature, strategy, segment, group, user...), so what an allowed DELETE
 * removes is never what another caller's cells need; within a caller, DELETEs run last and `/logout` after them.
 */
describe('access matrix: every route × every kind of caller', () => {
  let t: TestApp;
  let http: Http;
  let openApi: OpenApiChecker;
  const routes = routePermissions(FLAGWRIGHT_CONTROLLERS);

  beforeAll(async () => {
    t = await createTestApp();
    http = await listen(t);
    openApi = new OpenApiChecker((await http.call('GET', '/docs/openapi.json', {})).body as OpenApiDocument);
    await seedProject(t, OTHER_PROJECT);
  });
  afterAll(() => t.close());

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
        const token = await http.asAdmin('POST', '/api/admin/api-tokens', { tokenName: 'm-expired', type: 'admin', expiresAt });
        await http.asAdmin('PUT', `/api/admin/api-tokens/${token.id}`, {
          expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
        });
        return { authorization: token.secret };
      }
      case 'session after logout': {
        const { cookie } = await seedUser(t, 'm-logged-out', ROLE.ADMIN);
        expect((await http.call('POST', '/logout', { cookie })).status).toBe(200);
        return { cookie };
      }
      case 'client token':
        return { authorization: CLIENT_TOKEN };
      case 'frontend token':
        return { authorization: FRONTEND_TOKEN };
      case 'admin token':
        return ADMIN;
      case 'service account (Editor, PAT)': {
        const account = await http.asAdmin('POST', '/api/admin/service-account', {
          username: 'm-caller-robot',
          name: 'Robot',
          rootRole: ROLE.EDITOR,
        });
        const token = await http.asAdmin('POST', `/api/admin/service-account/${account.id}/token`, { description: 'matrix', expiresAt });
        return { authorization: token.secret };
      }
      default: {
        if (caller.credential !== 'user') throw new Error(`no credentials for ${caller.name}`);
        const user = await seedUser(t, `m-caller-${caller.name.replace(/\W+/g, '-').toLowerCase()}`, caller.rootRole);
        for (const { project, role } of caller.projectRoles) {
          await http.asAdmin('POST', `/api/admin/projects/${project}/access`, { roles: [role], users: [user.id] });
        }
        return { cookie: user.cookie };
      }
    }
  }

  /** Reads before writes, DELETEs after them, `/logout` last: a caller's allowed calls do not end its own cells early. */
  const rank = (route: RoutePermission) => (route.path === '/logout' ? 3 : route.method === 'DELETE' ? 2 : route.method === 'GET' ? 0 : 1);
  const ordered = [...routes].sort((a, b) => rank(a) - rank(b));

  let cells = 0;
  for (const [index, caller] of MATRIX_CALLERS.entries()) {
    it(
      `answers ${caller.name} on every route as the permission model says, and its refusals change nothing`,
      { timeout: 120_000 },
      async () => {
        const mismatches: string[] = [];
        const { urlOf } = await routeFixtures(t, http, `m${index}`);
        const headers = await credentialsOf(caller);
        for (const route of ordered) {
          const expected = expectedOutcome(route, caller);
          const url = urlOf(route);
          const before = await eventsDigest(t);
          const res = await http.call(route.method, url, headers, ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined);
          const outcome: Outcome = res.status === 401 || res.status === 403 ? res.status : 'allowed';
          cells++;
          if (outcome !== expected) mismatches.push(`${route.method} ${url} answered ${res.status} ${res.text}, expected ${expected}`);
          if (outcome !== 'allowed' && (await eventsDigest(t)) !== before)
            mismatches.push(`${route.method} ${url} was refused but wrote an event`);
          if (res.status >= 500) mismatches.push(`${route.method} ${url} answered ${res.status}`);
          // Every answer, whoever asks, is one the OpenAPI document declares, with the body it describes.
          mismatches.push(...openApi.problemsOf(route.method.toLowerCase(), url, res));
        }
        expect(mismatches).toEqual([]);
      },
    );
  }

  it('checked every cell', () => {
    console.log(`access matrix: ${routes.length} routes × ${MATRIX_CALLERS.length} callers = ${cells} cells checked`);
    expect(cells).toBe(routes.length * MATRIX_CALLERS.length);
  });
});
