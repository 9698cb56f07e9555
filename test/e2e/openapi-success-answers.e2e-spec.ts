import type { AddressInfo } from 'node:net';
import { startTestProvider } from '../helpers/oidc-provider.js';
import { OpenApiChecker, type OpenApiDocument, type OpenApiOperation } from '../helpers/openapi-checker.js';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { ADMIN, type Answer, type Http, listen } from './access.fixtures.js';
import { ROLE } from './rbac.fixtures.js';

/**
 * Every operation of the OpenAPI document, called with valid inputs until it succeeds, and each successful answer
 * (status, body, declared headers) held to the document. The list of operations comes from the document, so a new
 * route without a successful call here fails the test.
 */
describe('the OpenAPI document describes a successful answer of every operation', () => {
  let t: TestApp;
  let http: Http;
  let document: OpenApiDocument;
  let checker: OpenApiChecker;
  const problems: string[] = [];
  const succeeded = new Set<string>();
  /** A created group's answer, kept for showing that the checker refuses a wrong one. */
  let createdGroup: Answer;

  beforeAll(async () => {
    t = await createTestApp({ metricsFlushIntervalSeconds: 3600 });
    http = await listen(t);
    document = (await http.call('GET', '/docs/openapi.json', {})).body as OpenApiDocument;
    checker = new OpenApiChecker(document);
  });
  afterAll(() => t.close());

  /** A 2xx, or the 302 of the browser routes of single sign-on, whose answer is a redirect. */
  const successStatuses = (operation: OpenApiOperation) =>
    Object.keys(operation.responses).filter((status) => status.startsWith('2') || status === '302');
  /** The operations of the document no call has succeeded on. */
  const neverSucceeded = (of: OpenApiChecker) => of.routes.map((route) => route.operation.operationId).filter((id) => !succeeded.has(id));

  /** Sends the request; it must answer the operation's success status, as the document describes it. */
  async function ok(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
    const res = await http.call(method, url, headers, body);
    const operation = checker.routeOf(method, url)?.operation;
    if (operation && successStatuses(operation).includes(String(res.status))) succeeded.add(operation.operationId);
    else problems.push(`${method} ${url} answered ${res.status} ${res.text}`);
    problems.push(...checker.problemsOf(method, url, res));
    return res;
  }
  const asAdmin = (method: string, url: string, body?: unknown) => ok(method, url, ADMIN, body);

  /** An SDK's repeated poll: 304, with the headers the document declares for it. */
  async function unchanged(url: string, token: string, first: Answer): Promise<void> {
    const res = await http.call('GET', url, { authorization: token, 'if-none-match': first.headers.etag });
    if (res.status !== 304) problems.push(`GET ${url} with If-None-Match answered ${res.status}`);
    problems.push(...checker.problemsOf('get', url, res));
  }

  it('declares one success status for every operation', () => {
    expect(
      checker.routes.filter((route) => successStatuses(route.operation).length !== 1).map((route) => route.operation.operationId),
    ).toEqual([]);
  });

  // About 200 operations, each called at least once: longer than the default 30 s on a loaded machine.
  it('answers every documented operation with a success it describes', async () => {
    const user = { cookie: await sessionCookieFor(t, 1) };
    const project = '/api/admin/projects/docs';
    const features = `${project}/features`;
    const feature = `${features}/docs-flag`;
    const inEnvironment = `${feature}/environments/development`;
    const expiresAt = new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();

    // Health.
    await ok('GET', '/health', {});
    await ok('GET', '/ready', {});

    // Projects, environments, features.
    await asAdmin('POST', '/api/admin/projects', { id: 'docs', name: 'Docs' });
    await asAdmin('GET', '/api/admin/projects');
    await asAdmin('GET', project);
    await asAdmin('PUT', project, { name: 'Documentation' });
    await asAdmin('POST', '/api/admin/environments', { name: 'docs-env', type: 'test' });
    await asAdmin('GET', '/api/admin/environments');
    await asAdmin('GET', '/api/admin/environments/docs-env');
    await asAdmin('GET', '/api/admin/environments/project/docs');
    await asAdmin('POST', '/api/admin/environments/validate', { name: 'docs-env-2' });
    await asAdmin('PUT', '/api/admin/environments/update/docs-env', { sortOrder: 7 });
    await asAdmin('PUT', '/api/admin/environments/sort-order', { 'docs-env': 8 });
    await asAdmin('POST', '/api/admin/environments/docs-env/off');
    await asAdmin('POST', '/api/admin/environments/docs-env/on');
    await asAdmin('POST', `${project}/environments`, { environment: 'docs-env' });
    await asAdmin('POST', features, { name: 'docs-flag', description: 'Described' });
    await asAdmin('POST', features, { name: 'docs-parent' });
    await asAdmin('GET', features);
    await asAdmin('GET', feature);
    await asAdmin('PUT', feature, { description: 'Described again' });
    await asAdmin('PATCH', feature, [{ op: 'replace', path: '/description', value: 'Patched' }]);
    await asAdmin('POST', `${project}/stale`, { features: ['docs-flag'], stale: false });
    await asAdmin('POST', `${project}/bulk_features/environments/development/on`, { features: ['docs-parent'] });
    await asAdmin('POST', `${project}/bulk_features/environments/development/off`, { features: ['docs-parent'] });
    await asAdmin('GET', inEnvironment);
    await asAdmin('POST', `${inEnvironment}/strategies`, { name: 'default' });
    await asAdmin('POST', `${inEnvironment}/on`);
    await asAdmin('POST', `${inEnvironment}/off`);
    await asAdmin('PUT', `${inEnvironment}/variants`, [{ name: 'blue', weightType: 'variable', weight: 1000, stickiness: 'default' }]);
    await asAdmin('PATCH', `${inEnvironment}/variants`, [
      { op: 'add', path: '/1', value: { name: 'red', weightType: 'variable', weight: 0 } },
    ]);
    await asAdmin('GET', `${inEnvironment}/variants`);
    await asAdmin('PUT', `${feature}/variants-batch`, {
      variants: [
        { name: 'blue', weight: 0 },
        { name: 'red', weight: 0 },
      ],
      environments: ['development', 'production'],
    });
    await asAdmin('GET', `${feature}/lifecycle`);
    await asAdmin('POST', `${feature}/lifecycle/complete`, { status: 'kept' });
    await asAdmin('POST', `${feature}/lifecycle/uncomplete`);
    await asAdmin('GET', '/api/admin/lifecycle/count');
    await asAdmin('POST', `${feature}/dependencies`, { feature: 'docs-parent' });
    await asAdmin('GET', `${feature}/dependencies`);
    await asAdmin('GET', `${feature}/parents`);
    await asAdmin('GET', `${features}/docs-parent/parent-variants`);
    await asAdmin('GET', `${project}/dependencies`);
    await ok('POST', `${feature}/favorites`, user);
    await asAdmin('GET', '/api/admin/events');
    await asAdmin('GET', '/api/admin/events/docs-flag');
    await asAdmin('GET', '/api/admin/search/features?query=docs');

    // Strategies of the feature, strategy types, segments.
    const strategies = await asAdmin('GET', `${inEnvironment}/strategies`);
    const strategy = `${inEnvironment}/strategies/${(strategies.body as { id: string }[])[0].id}`;
    await asAdmin('GET', strategy);
    await asAdmin('PUT', strategy, { name: 'flexibleRollout', parameters: { rollout: '50', stickiness: 'default', groupId: 'docs-flag' } });
    await asAdmin('PATCH', strategy, [{ op: 'replace', path: '/title', value: 'Half' }]);
    await asAdmin('POST', `${inEnvironment}/strategies/set-sort-order`, [
      { id: (strategies.body as { id: string }[])[0].id, sortOrder: 1 },
    ]);
    await asAdmin('POST', '/api/admin/strategies', { name: 'docs-strategy', parameters: [] });
    await asAdmin('GET', '/api/admin/strategies');
    await asAdmin('GET', '/api/admin/strategies/docs-strategy');
    await asAdmin('PUT', '/api/admin/strategies/docs-strategy', { name: 'docs-strategy', description: 'Documented', parameters: [] });
    await asAdmin('POST', '/api/admin/strategies/docs-strategy/deprecate');
    await asAdmin('POST', '/api/admin/strategies/docs-strategy/reactivate');
    const segment = await asAdmin('POST', '/api/admin/segments', { name: 'docs-segment', constraints: [] });
    const segmentUrl = `/api/admin/segments/${(segment.body as { id: number }).id}`;
    await asAdmin('GET', '/api/admin/segments');
    await asAdmin('GET', segmentUrl);
    await asAdmin('PUT', segmentUrl, { name: 'docs-segment', description: 'Documented', constraints: [] });
    await asAdmin('GET', `${segmentUrl}/strategies`);
    const strategyId = (strategies.body as { id: string }[])[0].id;
    await asAdmin('POST', '/api/admin/segments/strategies', {
      projectId: 'docs',
      environmentId: 'development',
      strategyId,
      segmentIds: [(segment.body as { id: number }).id],
    });
    await asAdmin('GET', `/api/admin/segments/strategies/${strategyId}`);
    await asAdmin('POST', '/api/admin/segments/strategies', {
      projectId: 'docs',
      environmentId: 'development',
      strategyId,
      segmentIds: [],
    });
    await asAdmin('POST', '/api/admin/segments/validate', { name: 'docs-segment-2' });
    await asAdmin('POST', '/api/admin/features/validate', { name: 'docs-flag-2' });
    await asAdmin('POST', '/api/admin/constraints/validate', { contextName: 'userId', operator: 'IN', values: ['1'] });

    // Context fields, root and project ones.
    await asAdmin('POST', '/api/admin/context/validate', { name: 'docs-field' });
    await asAdmin('POST', '/api/admin/context', { name: 'docs-field', legalValues: [{ value: 'a', description: 'A' }] });
    await asAdmin('GET', '/api/admin/context');
    await asAdmin('GET', '/api/admin/context/docs-field');
    await asAdmin('PUT', '/api/admin/context/docs-field', { description: 'Documented', stickiness: true });
    await asAdmin('POST', '/api/admin/context/docs-field/legal-values', { value: 'b' });
    await asAdmin('DELETE', '/api/admin/context/docs-field/legal-values/b');
    await asAdmin('GET', '/api/admin/context/docs-field/strategies');
    await asAdmin('DELETE', '/api/admin/context/docs-field');
    await asAdmin('POST', `${project}/context/validate`, { name: 'docs-project-field' });
    await asAdmin('POST', `${project}/context`, { name: 'docs-project-field' });
    await asAdmin('GET', `${project}/context`);
    await asAdmin('GET', `${project}/context/docs-project-field`);
    await asAdmin('PUT', `${project}/context/docs-project-field`, { description: 'Documented' });
    await asAdmin('POST', `${project}/context/docs-project-field/legal-values`, { value: 'b' });
    await asAdmin('DELETE', `${project}/context/docs-project-field/legal-values/b`);
    await asAdmin('GET', `${project}/context/docs-project-field/strategies`);
    await asAdmin('DELETE', `${project}/context/docs-project-field`);
    await asAdmin('GET', '/api/admin/ui-config');
    await asAdmin('POST', '/api/admin/ui-config/cors', { frontendApiOrigins: ['*'] });
    for (const path of ['/api/frontend', '/api/frontend/client/metrics', '/api/frontend/client/register'])
      await ok('OPTIONS', path, { origin: 'https://app.example.com', 'access-control-request-method': 'POST' });
    await asAdmin('POST', '/api/admin/environments/docs-env/clone', { name: 'docs-env-copy', type: 'test' });
    await asAdmin('POST', `${feature}/clone`, { name: 'docs-copy' });

    // Tags.
    await asAdmin('POST', '/api/admin/tag-types/validate', { name: 'docs-tag' });
    await asAdmin('POST', '/api/admin/tag-types', { name: 'docs-tag' });
    await asAdmin('GET', '/api/admin/tag-types');
    await asAdmin('GET', '/api/admin/tag-types/docs-tag');
    await asAdmin('PUT', '/api/admin/tag-types/docs-tag', { description: 'Documented' });
    await asAdmin('POST', '/api/admin/features/docs-flag/tags', { type: 'docs-tag', value: 'one' });
    await asAdmin('PUT', '/api/admin/features/docs-flag/tags', { addedTags: [{ type: 'docs-tag', value: 'two' }], removedTags: [] });
    await asAdmin('GET', '/api/admin/features/docs-flag/tags');
    await asAdmin('POST', '/api/admin/tags', { type: 'docs-tag', value: 'three' });
    await asAdmin('GET', '/api/admin/tags');
    await asAdmin('GET', '/api/admin/tags/docs-tag');
    await asAdmin('GET', '/api/admin/tags/docs-tag/three');
    await asAdmin('PUT', `${project}/tags`, {
      features: ['docs-flag'],
      tags: { addedTags: [{ type: 'docs-tag', value: 'four' }], removedTags: [] },
    });

    // Feature types.
    await asAdmin('GET', '/api/admin/feature-types');
    await asAdmin('PUT', '/api/admin/feature-types/operational/lifetime', { lifetimeDays: 14 });

    // The playground, over the flag, strategy and variants above.
    await asAdmin('POST', '/api/admin/playground', {
      environment: 'development',
      projects: ['docs'],
      context: { appName: 'docs', userId: 'u1' },
    });
    await asAdmin('POST', '/api/admin/playground/advanced', {
      environments: ['development', 'docs-env'],
      context: { appName: 'docs', userId: 'u1,u2', properties: { tier: 'gold' } },
    });

    // The SDK APIs, now that there is something to serve.
    await unchanged('/api/client/features', CLIENT_TOKEN, await ok('GET', '/api/client/features', { authorization: CLIENT_TOKEN }));
    await unchanged('/api/client/delta', CLIENT_TOKEN, await ok('GET', '/api/client/delta', { authorization: CLIENT_TOKEN }));
    await ok('GET', '/api/client/streaming', { authorization: CLIENT_TOKEN });
    await asAdmin('POST', '/api/admin/projects/default/features', { name: 'docs-client-flag' });
    await ok('GET', '/api/client/features/docs-client-flag', { authorization: CLIENT_TOKEN });
    const bucket = { start: t.clock.now().toISOString(), stop: new Date(t.clock.now().getTime() + 60_000).toISOString() };
    const registration = { appName: 'docs-app', instanceId: 'docs-1', strategies: ['default'], started: bucket.start, interval: 10_000 };
    await ok('POST', '/api/client/register', { authorization: CLIENT_TOKEN }, registration);
    await ok(
      'POST',
      '/api/client/metrics',
      { authorization: CLIENT_TOKEN },
      {
        appName: 'docs-app',
        instanceId: 'docs-1',
        bucket: { ...bucket, toggles: { 'docs-flag': { yes: 1, no: 0 } } },
      },
    );
    await ok(
      'POST',
      '/api/client/metrics/bulk',
      { authorization: CLIENT_TOKEN },
      {
        applications: [{ ...registration, environment: 'development' }],
        metrics: [{ featureName: 'docs-flag', appName: 'docs-app', environment: 'development', timestamp: bucket.start, yes: 1, no: 0 }],
      },
    );
    await unchanged('/api/frontend', FRONTEND_TOKEN, await ok('GET', '/api/frontend', { authorization: FRONTEND_TOKEN }));
    await ok('POST', '/api/frontend', { authorization: FRONTEND_TOKEN }, { context: { userId: '7' } });
    await ok('POST', '/api/frontend/client/register', { authorization: FRONTEND_TOKEN }, registration);
    await ok(
      'POST',
      '/api/frontend/client/metrics',
      { authorization: FRONTEND_TOKEN },
      {
        appName: 'docs-app',
        instanceId: 'docs-1',
        bucket: { ...bucket, toggles: { 'docs-flag': { yes: 1, no: 0 }, 'docs-unknown': { yes: 1, no: 0 } } },
      },
    );
    await ok('POST', '/edge/validate', { authorization: CLIENT_TOKEN }, { tokens: [CLIENT_TOKEN] });

    // What the SDKs reported, read back; the history of every change above.
    await asAdmin('GET', '/api/admin/client-metrics/features/docs-flag');
    await asAdmin('GET', '/api/admin/client-metrics/features/docs-flag/raw');
    await asAdmin('GET', '/api/admin/metrics/applications');
    await asAdmin('GET', '/api/admin/metrics/applications/docs-app');
    await asAdmin('GET', '/api/admin/metrics/applications/docs-app/overview');
    await asAdmin('POST', '/api/admin/metrics/applications/docs-made', { url: 'https://example.com', color: 'red', icon: 'app' });
    await asAdmin('GET', '/api/admin/metrics/applications/docs-made');
    await asAdmin('DELETE', '/api/admin/metrics/applications/docs-made');
    await asAdmin('GET', '/api/admin/metrics/instances/docs-app/environment/development');
    await asAdmin('GET', '/api/admin/metrics/sdks/outdated');
    await asAdmin('GET', '/api/admin/metrics/unknown-flags');
    await asAdmin('GET', `${project}/applications`);
    await asAdmin('GET', `${project}/sdks/outdated`);
    await asAdmin('GET', '/api/admin/search/events?feature=IS:docs-flag');
    await asAdmin('GET', '/api/admin/event-creators');

    // People: users, roles, groups, project access, service accounts, tokens.
    const person = await asAdmin('POST', '/api/admin/user-admin', {
      username: 'docs-person',
      password: 'Sup3r-secret-pw',
      rootRole: ROLE.VIEWER,
    });
    const personId = (person.body as { id: number }).id;
    const personUrl = `/api/admin/user-admin/${personId}`;
    await asAdmin('GET', '/api/admin/user-admin');
    await asAdmin('GET', '/api/admin/user-admin/search?q=docs');
    await asAdmin('GET', '/api/admin/user-admin/access');
    await asAdmin('GET', '/api/admin/user-admin/admin-count');
    await asAdmin('GET', '/api/admin/user-admin/inactive');
    await asAdmin('POST', '/api/admin/user-admin/inactive/delete', { ids: [] });
    await asAdmin('POST', '/api/admin/user-admin/validate-password', { password: 'Sup3r-secret-pw' });
    await asAdmin('GET', personUrl);
    await asAdmin('PUT', personUrl, { name: 'Docs Person' });
    await asAdmin('POST', `${personUrl}/change-password`, { password: 'An0ther-secret-pw' });
    await asAdmin('POST', `${personUrl}/unlock`);
    const signedIn = await ok('POST', '/auth/simple/login', {}, { username: 'docs-person', password: 'An0ther-secret-pw' });
    const personSession = { cookie: String(signedIn.headers['set-cookie']).split(';')[0] };
    const sessions = await ok('GET', '/api/admin/user/sessions', personSession);
    await ok('DELETE', `/api/admin/user/sessions/${(sessions.body as { sessions: { id: string }[] }).sessions[0].id}`, personSession);
    await asAdmin('DELETE', `${personUrl}/sessions`);
    const link = await asAdmin('POST', '/api/admin/user-admin/reset-password', { id: String(personId) });
    const resetToken = new URL((link.body as { resetPasswordUrl: string }).resetPasswordUrl, 'http://docs').searchParams.get('token')!;
    await ok('GET', `/auth/reset/validate?token=${resetToken}`, {});
    await ok('POST', '/auth/reset/validate-password', {}, { password: 'Third-secret-pw1' });
    await ok('POST', '/auth/reset/password', {}, { token: resetToken, password: 'Third-secret-pw1' });
    await ok('POST', '/auth/reset/password-email', {}, { email: 'forgot@example.com' });
    const invite = await asAdmin('POST', '/api/admin/invite-link/tokens', { name: 'docs-invite', expiresAt });
    const inviteSecret = (invite.body as { secret: string }).secret;
    await asAdmin('GET', '/api/admin/invite-link/tokens');
    await asAdmin('GET', `/api/admin/invite-link/tokens/${inviteSecret}`);
    await asAdmin('PUT', `/api/admin/invite-link/tokens/${inviteSecret}`, { enabled: true });
    await ok('GET', `/invite/${inviteSecret}/validate`, {});
    await ok('POST', `/invite/${inviteSecret}/signup`, {}, { email: 'docs-invitee@example.com', password: 'Invited-secret-1' });
    await ok('GET', '/api/admin/user', user);
    await ok('GET', '/api/admin/user/profile', user);
    await ok('GET', '/api/admin/user/roles?projectId=docs', user);
    const pat = await ok('POST', '/api/admin/user/tokens', user, { description: 'docs', expiresAt });
    await ok('GET', '/api/admin/user/tokens', user);
    await ok('DELETE', `/api/admin/user/tokens/${(pat.body as { id: number }).id}`, user);
    const role = await asAdmin('POST', '/api/admin/roles', { name: 'docs-role', type: 'custom', permissions: [] });
    const roleUrl = `/api/admin/roles/${(role.body as { id: number }).id}`;
    await asAdmin('GET', '/api/admin/roles');
    await asAdmin('GET', roleUrl);
    await asAdmin('PUT', roleUrl, { name: 'docs-role', type: 'custom', description: 'Documented', permissions: [] });
    await asAdmin('GET', '/api/admin/permissions');
    createdGroup = await asAdmin('POST', '/api/admin/groups', { name: 'docs-group', users: [] });
    const groupId = (createdGroup.body as { id: number }).id;
    const groupUrl = `/api/admin/groups/${groupId}`;
    await asAdmin('GET', '/api/admin/groups');
    await asAdmin('GET', groupUrl);
    await asAdmin('PUT', groupUrl, { name: 'docs-group', description: 'Documented', users: [] });
    await asAdmin('POST', `${groupUrl}/users`, { users: [{ user: { id: personId } }] });
    // The admin stays the project's owner while the person's and the group's roles go.
    await asAdmin('POST', `${project}/access`, { roles: [ROLE.OWNER], users: [1], groups: [] });
    await asAdmin('POST', `${project}/access`, { roles: [ROLE.MEMBER], users: [personId], groups: [groupId] });
    await asAdmin('GET', `${project}/access`);
    await asAdmin('PUT', `${project}/users/${personId}/roles`, { roles: [ROLE.MEMBER, ROLE.OWNER] });
    await asAdmin('PUT', `${project}/groups/${groupId}/roles`, { roles: [ROLE.MEMBER, ROLE.OWNER] });
    await asAdmin('DELETE', `${project}/users/${personId}/roles/${ROLE.OWNER}`);
    await asAdmin('DELETE', `${project}/groups/${groupId}/roles/${ROLE.OWNER}`);
    await asAdmin('DELETE', `${project}/users/${personId}/roles`);
    await asAdmin('DELETE', `${project}/groups/${groupId}/roles`);
    await asAdmin('DELETE', `${groupUrl}/users/${personId}`);
    const account = await asAdmin('POST', '/api/admin/service-account', { username: 'docs-robot', name: 'Robot', rootRole: ROLE.VIEWER });
    const accountUrl = `/api/admin/service-account/${(account.body as { id: number }).id}`;
    await asAdmin('GET', '/api/admin/service-account');
    await asAdmin('GET', accountUrl);
    await asAdmin('PUT', accountUrl, { name: 'Robot Two', rootRole: ROLE.EDITOR });
    const accountToken = await asAdmin('POST', `${accountUrl}/token`, { description: 'docs', expiresAt });
    const accountTokenUrl = `${accountUrl}/token/${(accountToken.body as { id: number }).id}`;
    await asAdmin('GET', `${accountUrl}/token`);
    await asAdmin('GET', accountTokenUrl);
    const apiToken = await asAdmin('POST', '/api/admin/api-tokens', { tokenName: 'docs-sdk', type: 'client', environment: 'development' });
    const apiTokenUrl = `/api/admin/api-tokens/${(apiToken.body as { id: number }).id}`;
    await asAdmin('GET', '/api/admin/api-tokens');
    await asAdmin('GET', '/api/admin/api-tokens/docs-sdk');
    await asAdmin('PUT', apiTokenUrl, { expiresAt });
    const projectToken = await asAdmin('POST', `${project}/api-tokens`, { tokenName: 'docs-frontend', type: 'frontend' });
    const projectTokenUrl = `${project}/api-tokens/${(projectToken.body as { id: number }).id}`;
    await asAdmin('GET', `${project}/api-tokens`);
    await ok('DELETE', `${feature}/favorites`, user);
    await ok('POST', '/api/admin/user/change-password', user, {
      password: 'Brand-new-pass1',
      confirmPassword: 'Brand-new-pass1',
      oldPassword: 'unleash4all',
    });

    // Removals, each of something made above.
    await asAdmin('DELETE', apiTokenUrl);
    await asAdmin('DELETE', projectTokenUrl);
    await asAdmin('DELETE', accountTokenUrl);
    await asAdmin('DELETE', accountUrl);
    await asAdmin('DELETE', groupUrl);
    await asAdmin('DELETE', roleUrl);
    await asAdmin('DELETE', personUrl);
    await asAdmin('DELETE', '/api/admin/features/docs-flag/tags/docs-tag/one');
    await asAdmin('DELETE', '/api/admin/tags/docs-tag/three');
    await asAdmin('DELETE', '/api/admin/tag-types/docs-tag');
    await asAdmin('DELETE', strategy);
    await asAdmin('DELETE', '/api/admin/strategies/docs-strategy');
    await asAdmin('DELETE', segmentUrl);
    await asAdmin('DELETE', `${feature}/dependencies/docs-parent`);
    await asAdmin('POST', `${feature}/dependencies`, { feature: 'docs-parent' });
    await asAdmin('DELETE', `${feature}/dependencies`);
    // Export and import: the flag (its variants and tags) exported and imported back into its project.
    const exported = await asAdmin('POST', '/api/admin/features-batch/export', { features: ['docs-flag'], environment: 'development' });
    const imported = { project: 'docs', environment: 'development', data: exported.body };
    const importer = { cookie: await sessionCookieFor(t, 1) };
    await ok('POST', '/api/admin/features-batch/validate', importer, imported);
    await ok('POST', '/api/admin/features-batch/import', importer, imported);
    await asAdmin('DELETE', '/api/admin/environments/docs-env-copy');
    await asAdmin('POST', `${project}/archive/validate`, { features: ['docs-copy'] });
    await asAdmin('POST', `${project}/archive`, { features: ['docs-copy'] });
    await asAdmin('DELETE', '/api/admin/archive/docs-copy');
    await asAdmin('POST', `${project}/archive`, { features: ['docs-parent'] });
    await asAdmin('POST', `${project}/revive`, { features: ['docs-parent'] });
    await asAdmin('DELETE', `${project}/environments/docs-env`);
    await asAdmin('DELETE', feature);
    await asAdmin('GET', '/api/admin/archive/features');
    await asAdmin('GET', '/api/admin/archive/features/docs');
    await asAdmin('POST', '/api/admin/archive/revive/docs-flag');
    await asAdmin('DELETE', feature);
    await asAdmin('DELETE', '/api/admin/archive/docs-flag');
    await asAdmin('DELETE', `${features}/docs-parent`);
    await asAdmin('POST', `${project}/delete`, { features: ['docs-parent'] });
    await asAdmin('GET', `${project}/overview`);
    await asAdmin('GET', `${project}/status`);
    await asAdmin('GET', `${project}/flag-creators`);
    await asAdmin('GET', `${project}/dora`);
    await asAdmin('GET', `${project}/insights`);
    await asAdmin('GET', `${project}/health-report`);
    await asAdmin('GET', '/api/admin/flag-creators?q=a&limit=10');
    await asAdmin('DELETE', project);
    await ok('POST', '/logout', { cookie: await sessionCookieFor(t, 1) });

    // Single sign-on, against a real provider, and the switch of password login.
    const origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const provider = await startTestProvider(`${origin}/auth/oidc/callback`, `${origin}/`);
    try {
      provider.accounts.set('sso', { email: 'sso@example.com', name: 'Signed On' });
      provider.signInAs('sso');
      await asAdmin('GET', '/api/admin/auth/oidc/settings');
      await asAdmin('POST', '/api/admin/auth/oidc/settings', {
        enabled: true,
        discoverUrl: provider.issuer,
        clientId: provider.clientId,
        secret: provider.clientSecret,
        autoCreate: true,
      });
      const started = await ok('GET', '/auth/oidc/login?redirect=/projects', {});
      const transaction = String(started.headers['set-cookie']).split(';')[0];
      const back = await provider.authorize(String(started.headers.location));
      const signedIn = await ok('GET', `${back.pathname}${back.search}`, { cookie: transaction });
      await ok('GET', '/auth/oidc/logout', { cookie: /unleash-session=[^;]+/.exec(String(signedIn.headers['set-cookie']))![0] });
      await asAdmin('GET', '/api/admin/auth/simple/settings');
      await asAdmin('POST', '/api/admin/auth/simple/settings', { disabled: false });
    } finally {
      await provider.stop();
    }

    expect(problems).toEqual([]);
    expect(neverSucceeded(checker)).toEqual([]);
  }, 120_000);

  it('fails when an operation of the document has no successful call', () => {
    const grown = structuredClone(document);
    grown.paths['/api/admin/not-yet-called'] = { get: { operationId: 'notYetCalled', responses: { 200: { description: 'OK' } } } };
    expect(neverSucceeded(new OpenApiChecker(grown))).toEqual(['notYetCalled']);
  });

  it('fails an answer without a declared header, with an undeclared Location, or with a property the schema lacks', () => {
    const url = '/api/admin/groups';
    const { location, ...withoutLocation } = createdGroup.headers;
    expect(location).toMatch(/^\/api\/admin\/groups\/\d+$/);
    expect(checker.problemsOf('post', url, { ...createdGroup, headers: withoutLocation })).toEqual([
      'createGroup (post /api/admin/groups) answered 201 without the location header it declares',
    ]);
    const undeclared = structuredClone(document);
    delete undeclared.paths[url].post.responses['201'].headers;
    expect(new OpenApiChecker(undeclared).problemsOf('post', url, createdGroup)).toEqual([
      'createGroup (post /api/admin/groups) answered 201 with a location header it does not declare',
    ]);
    expect(checker.problemsOf('post', url, { ...createdGroup, body: { ...(createdGroup.body as object), colour: 'blue' } })).toEqual([
      'createGroup (post /api/admin/groups) answered 201: (body) must NOT have additional properties: colour',
    ]);
  });
});
