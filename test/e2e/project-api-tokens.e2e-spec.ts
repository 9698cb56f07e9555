import { createHash } from 'node:crypto';
import { seedPerson, seedProject } from '../helpers/seeds.js';
import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const MEMBER = 5;
const VIEWER = 3;

describe('project API tokens', () => {
  let t: TestApp;
  let memberCookie: string;
  let viewerCookie: string;

  const as = (auth: { token?: string; cookie?: string }) => (request: ReturnType<ReturnType<TestApp['http']>['get']>) => {
    if (auth.token) request.set('Authorization', auth.token);
    if (auth.cookie) request.set('Cookie', auth.cookie);
    return request;
  };
  const admin = as({ token: ADMIN_TOKEN });
  const create = (project: string, body: object, auth = admin) =>
    auth(t.http().post(`/api/admin/projects/${project}/api-tokens`)).send(body);
  const list = (project: string, auth = admin) => auth(t.http().get(`/api/admin/projects/${project}/api-tokens`));
  const remove = (project: string, token: string | number, auth = admin) =>
    auth(t.http().delete(`/api/admin/projects/${project}/api-tokens/${token}`));
  const events = (type: string) =>
    t.db.query<{ created_by: string; environment: string | null; project: string | null; data: string | null; pre_data: string | null }>(
      'SELECT created_by, environment, project, data, pre_data FROM flagwright_events WHERE type = :type ORDER BY id',
      { type },
    );
  const parsed = (value: string | null) => (value === null ? null : JSON.parse(value));

  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'checkout');
    await seedProject(t, 'search');
    // A Viewer who is a Member of checkout only.
    const member = await seedPerson(t, { username: 'checkout-member', name: 'checkout-member', rootRole: VIEWER });
    await admin(t.http().post('/api/admin/projects/checkout/access'))
      .send({ roles: [MEMBER], users: [member] })
      .expect(200);
    memberCookie = await sessionCookieFor(t, member);
    viewerCookie = await sessionCookieFor(t, await seedPerson(t, { username: 'plain-viewer', name: 'plain-viewer', rootRole: VIEWER }));
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/admin/projects/{projectId}/api-tokens', () => {
    it('creates a token for the project: 201 with the secret once, stored as a digest, recorded as an event', async () => {
      const res = await create('checkout', { tokenName: ' web-backend ', type: 'Backend', environment: 'production' }).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        secret: expect.stringMatching(/^checkout:production\.[0-9a-f]{64}$/),
        tokenName: 'web-backend',
        type: 'backend',
        environment: 'production',
        project: 'checkout',
        projects: ['checkout'],
        expiresAt: null,
        createdAt: expect.stringMatching(ISO),
        seenAt: null,
        alias: null,
      });
      const [row] = await t.db.query<{ secret_hash: string; secret_prefix: string }>(
        'SELECT secret_hash, secret_prefix FROM flagwright_api_tokens WHERE id = :id',
        { id: res.body.id },
      );
      expect(row).toEqual({
        secret_hash: createHash('sha256').update(res.body.secret).digest('hex'),
        secret_prefix: 'checkout:production.',
      });
      const created = (await events('api-token-created')).at(-1)!;
      expect({ ...created, data: parsed(created.data) }).toEqual({
        created_by: 'init-admin-token',
        environment: 'production',
        project: 'checkout',
        data: {
          id: res.body.id,
          tokenName: 'web-backend',
          type: 'backend',
          environment: 'production',
          projects: ['checkout'],
          expiresAt: null,
        },
        pre_data: null,
      });
      // The secret reads the project's flags from the client API.
      await t.http().get('/api/client/features').set('Authorization', res.body.secret).expect(200);
    });

    it('gives a token without an environment the development environment, and keeps its expiry', async () => {
      const expiresAt = new Date(t.clock.now().getTime() + 3600_000).toISOString();
      const res = await create('checkout', { tokenName: 'web-frontend', type: 'frontend', expiresAt }).expect(201);
      expect(res.body).toMatchObject({ type: 'frontend', environment: 'development', projects: ['checkout'], expiresAt });
    });

    it('lets a project Member create one in their project, and no one without the project permission', async () => {
      const mine = await create('checkout', { tokenName: 'member-made', type: 'client' }, as({ cookie: memberCookie })).expect(201);
      expect(mine.body.projects).toEqual(['checkout']);
      for (const [project, cookie] of [
        ['search', memberCookie],
        ['checkout', viewerCookie],
      ]) {
        const refused = await create(project, { tokenName: 'refused', type: 'client' }, as({ cookie })).expect(403);
        expect(refused.body).toEqual({
          id: expect.stringMatching(UUID),
          name: 'NoAccessError',
          message: `You don't have the required permissions to perform this operation. To perform this action, you need the "CREATE_PROJECT_API_TOKEN" permission of the "${project}" project.`,
        });
      }
    });

    it.each([
      [
        'a missing name',
        { type: 'client' },
        '/body/tokenName',
        'The `/body/tokenName` property is required. It was not present on the data you sent.',
      ],
      [
        'an admin token',
        { tokenName: 'x', type: 'admin' },
        '/body/type',
        'The `/body/type` property must be one of "client", "backend", "frontend". You sent "admin".',
      ],
      [
        'an unknown environment',
        { tokenName: 'x', type: 'client', environment: 'staging' },
        '/body/environment',
        'The `/body/environment` property must name an existing environment. There is no environment named "staging".',
      ],
      [
        'a project in the body',
        { tokenName: 'x', type: 'client', projects: ['search'] },
        '/body/projects',
        'The `/body` object of the request does not allow additional properties. Your request included the `/body/projects` property.',
      ],
    ])('answers 400 to %s, naming the property, and creates nothing', async (_, body, path, message) => {
      const before = await t.db.query('SELECT id FROM flagwright_api_tokens ORDER BY id');
      const res = await create('checkout', body).expect(400);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'ValidationError', message, details: [{ path, message }] });
      expect(await t.db.query('SELECT id FROM flagwright_api_tokens ORDER BY id')).toEqual(before);
    });

    it('answers 404 for an unknown project', async () => {
      const res = await create('nope', { tokenName: 'x', type: 'client' }).expect(404);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find project nope' });
    });
  });

  describe('GET /api/admin/projects/{projectId}/api-tokens', () => {
    it("lists the project's client and frontend tokens, those of several projects included, without secrets", async () => {
      await admin(t.http().post('/api/admin/api-tokens'))
        .send({ tokenName: 'both', type: 'client', environment: 'development', projects: ['checkout', 'search'] })
        .expect(201);
      await admin(t.http().post('/api/admin/api-tokens'))
        .send({ tokenName: 'search-only', type: 'client', environment: 'development', projects: ['search'] })
        .expect(201);
      const res = await list('checkout', as({ cookie: memberCookie })).expect(200);
      expect(res.body.tokens.map((token: { tokenName: string; secretPrefix: string }) => [token.tokenName, token.secretPrefix])).toEqual([
        ['web-backend', 'checkout:production.'],
        ['web-frontend', 'checkout:development.'],
        ['member-made', 'checkout:development.'],
        ['both', '[]:development.'],
      ]);
      expect(res.body.tokens.some((token: object) => 'secret' in token)).toBe(false);
      await list('checkout', as({ cookie: viewerCookie })).expect(403);
      await list('nope').expect(404);
    });
  });

  describe('DELETE /api/admin/projects/{projectId}/api-tokens/{token}', () => {
    const idOf = async (tokenName: string) =>
      Number((await t.db.query<{ id: number }>('SELECT id FROM flagwright_api_tokens WHERE token_name = :tokenName', { tokenName }))[0].id);

    it('deletes a token of the project by id or by secret; it stops working at once', async () => {
      const made = await create('checkout', { tokenName: 'short-lived', type: 'client' }).expect(201);
      await remove('checkout', made.body.secret, as({ cookie: memberCookie })).expect(200);
      await t.http().get('/api/client/features').set('Authorization', made.body.secret).expect(401);
      await remove('checkout', await idOf('web-frontend')).expect(200);
      const tokens = (await list('checkout').expect(200)).body.tokens.map((token: { tokenName: string }) => token.tokenName);
      expect(tokens).toEqual(['web-backend', 'member-made', 'both']);
      const deleted = (await events('api-token-deleted')).at(-1)!;
      expect({ ...deleted, pre_data: parsed(deleted.pre_data) }).toEqual({
        created_by: 'init-admin-token',
        environment: 'development',
        project: 'checkout',
        data: null,
        pre_data: expect.objectContaining({ tokenName: 'web-frontend', projects: ['checkout'] }),
      });
    });

    it("answers 400 for a token of several projects, 404 for another project's or an unknown token", async () => {
      const several = await remove('checkout', await idOf('both')).expect(400);
      const message = `API token ${await idOf('both')} is not checkout's alone: it reaches checkout, search. Delete it through /api/admin/api-tokens/${await idOf('both')}.`;
      expect(several.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message,
        details: [{ path: '/params/token', message }],
      });
      for (const token of [await idOf('search-only'), 999999]) {
        const missing = await remove('checkout', token).expect(404);
        expect(missing.body).toEqual({
          id: expect.stringMatching(UUID),
          name: 'NotFoundError',
          message: `Could not find API token with id ${token}.`,
        });
      }
      const bad = await remove('checkout', 'not-a-token').expect(400);
      expect(bad.body.details).toEqual([
        {
          path: '/params/token',
          message: 'The `/params/token` property must be a token id (a whole number) or a token secret (<project>:<environment>.<random>).',
        },
      ]);
      await remove('checkout', await idOf('web-backend'), as({ cookie: viewerCookie })).expect(403);
      expect(await idOf('both')).toBeGreaterThan(0);
    });
  });
});
