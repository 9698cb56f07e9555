import { createHash } from 'node:crypto';
import { seedPerson, seedProject, seedRootRole } from '../helpers/seeds.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('API tokens', () => {
  let t: TestApp;
  let editorCookie: string;
  let viewerCookie: string;
  let frontendMakerCookie: string;

  const post = (body: object, auth: { token?: string; cookie?: string } = { token: ADMIN_TOKEN }) => {
    const request = t.http().post('/api/admin/api-tokens');
    if (auth.token) request.set('Authorization', auth.token);
    if (auth.cookie) request.set('Cookie', auth.cookie);
    return request.send(body);
  };
  const list = (auth: { token?: string; cookie?: string } = { token: ADMIN_TOKEN }) => {
    const request = t.http().get('/api/admin/api-tokens');
    if (auth.token) request.set('Authorization', auth.token);
    if (auth.cookie) request.set('Cookie', auth.cookie);
    return request;
  };
  const future = (ms = 24 * 3600_000) => new Date(t.clock.now().getTime() + ms).toISOString();

  const events = (type: string) =>
    t.db.query<{
      created_by: string;
      created_by_user_id: number;
      environment: string | null;
      project: string | null;
      data: string | null;
      pre_data: string | null;
    }>(
      'SELECT created_by, created_by_user_id, environment, project, data, pre_data FROM flagwright_events WHERE type = :type ORDER BY id',
      { type },
    );

  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'other');
    editorCookie = await sessionCookieFor(t, await seedPerson(t, { username: 'token-editor', name: 'token-editor', rootRole: 2 }));
    viewerCookie = await sessionCookieFor(t, await seedPerson(t, { username: 'token-viewer', name: 'token-viewer', rootRole: 3 }));
    // A custom root role that may only create frontend tokens.
    const role = await seedRootRole(t, 'Frontend maker', ['CREATE_FRONTEND_API_TOKEN']);
    frontendMakerCookie = await sessionCookieFor(
      t,
      await seedPerson(t, { username: 'frontend-maker', name: 'frontend-maker', rootRole: role }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/admin/api-tokens', () => {
    it('creates a client token for one project: 201 with the secret, shown once and stored only as a digest', async () => {
      const res = await post({ tokenName: 'web-backend', type: 'client', environment: 'development', project: 'default' }).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        secret: expect.stringMatching(/^default:development\.[0-9a-f]{64}$/),
        tokenName: 'web-backend',
        type: 'client',
        environment: 'development',
        project: 'default',
        projects: ['default'],
        expiresAt: null,
        createdAt: expect.stringMatching(ISO),
        seenAt: null,
        alias: null,
      });
      const secret: string = res.body.secret;
      const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM flagwright_api_tokens WHERE id = :id', { id: res.body.id });
      expect(row).toMatchObject({
        token_name: 'web-backend',
        secret_hash: sha256(secret),
        secret_prefix: 'default:development.',
        type: 'client',
        environment: 'development',
        created_by: 'init-admin-token',
      });
      const stored = JSON.stringify([
        await t.db.query('SELECT * FROM flagwright_api_tokens'),
        await t.db.query('SELECT * FROM flagwright_api_token_projects'),
        await t.db.query('SELECT * FROM flagwright_events'),
      ]);
      expect(stored).not.toContain(secret.split('.')[1]);

      const [event] = (await events('api-token-created')).filter((e) => JSON.parse(e.data!).id === res.body.id);
      expect(event).toMatchObject({
        created_by: 'init-admin-token',
        created_by_user_id: -42,
        environment: 'development',
        project: 'default',
      });
      expect(JSON.parse(event.data!)).toEqual({
        id: res.body.id,
        tokenName: 'web-backend',
        type: 'client',
        environment: 'development',
        projects: ['default'],
        expiresAt: null,
      });
    });

    it('creates an admin token (*:*.), only for an ADMIN, which then reaches the admin API', async () => {
      const res = await post({ tokenName: 'ops-script', type: 'admin' }).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        secret: expect.stringMatching(/^\*:\*\.[0-9a-f]{64}$/),
        tokenName: 'ops-script',
        type: 'admin',
        environment: '*',
        project: '*',
        projects: ['*'],
        expiresAt: null,
        createdAt: expect.stringMatching(ISO),
        seenAt: null,
        alias: null,
      });
      const [row] = await t.db.query<Record<string, unknown>>(
        'SELECT secret_hash, secret_prefix, type FROM flagwright_api_tokens WHERE id = :id',
        {
          id: res.body.id,
        },
      );
      expect(row).toEqual({ secret_hash: sha256(res.body.secret), secret_prefix: '*:*.', type: 'admin' });
      await t.http().get('/api/admin/projects').set('Authorization', res.body.secret).expect(200);
      await post({ tokenName: 'explicit', type: 'admin', environment: '*', projects: ['*'] }).expect(201);
      const refused = await post({ tokenName: 'not-mine', type: 'admin' }, { cookie: frontendMakerCookie }).expect(403);
      expect(refused.body.message).toContain('"ADMIN" permission');
    });

    it('makes [] secrets for several projects, * secrets for every project, and keeps backend as the type', async () => {
      const several = await post({
        tokenName: 'several',
        type: 'FRONTEND',
        environment: 'production',
        projects: ['other', 'default', 'other'],
        expiresAt: future(),
      }).expect(201);
      expect(several.body).toMatchObject({
        type: 'frontend',
        environment: 'production',
        project: '[]',
        projects: ['default', 'other'],
        expiresAt: expect.stringMatching(ISO),
      });
      expect(several.body.secret).toMatch(/^\[\]:production\.[0-9a-f]{64}$/);

      const all = await post({ tokenName: 'all', type: 'backend', environment: 'development' }).expect(201);
      expect(all.body).toMatchObject({ type: 'backend', project: '*', projects: ['*'] });
      expect(all.body.secret).toMatch(/^\*:development\.[0-9a-f]{64}$/);
      const star = await post({ tokenName: 'star', type: 'client', environment: 'development', project: '*' }).expect(201);
      expect(star.body).toMatchObject({ project: '*', projects: ['*'] });
      expect(
        await t.db.query('SELECT project FROM flagwright_api_token_projects WHERE token_id IN (:...ids)', {
          ids: [all.body.id, star.body.id],
        }),
      ).toEqual([]);

      const legacyName = await post({ username: 'legacy-name', type: 'client', environment: 'development' }).expect(201);
      expect(legacyName.body.tokenName).toBe('legacy-name');
    });

    it('names every missing property in one 400', async () => {
      const res = await post({}).expect(400);
      expect(res.body.name).toBe('ValidationError');
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/tokenName', '/body/type', '/body/environment']);
      for (const detail of res.body.details)
        expect(detail.message).toBe(`The \`${detail.path}\` property is required. It was not present on the data you sent.`);
    });

    it.each([
      [
        'unknown type',
        { type: 'root' },
        '/body/type',
        'The `/body/type` property must be one of "client", "backend", "frontend", "admin". You sent "root".',
      ],
      [
        'admin token in one environment',
        { type: 'admin' },
        '/body/environment',
        'The `/body/environment` property must be "*" for an admin token, which reaches every environment. You sent "development".',
      ],
      [
        'admin token in one project',
        { type: 'admin', environment: '*', project: 'default' },
        '/body/project',
        'The `/body/project` property must be "*" for an admin token, which reaches every project. You sent "default".',
      ],
      ['empty name', { tokenName: ' ' }, '/body/tokenName', 'The `/body/tokenName` property must not be empty. You sent "".'],
      [
        'both project and projects',
        { project: 'default', projects: ['default'] },
        '/body/projects',
        'The `/body/projects` property must not be given together with `project`; use one of them. You sent ["default"].',
      ],
      ['no projects', { projects: [] }, '/body/projects', 'The `/body/projects` property must contain at least 1 elements. You sent [].'],
      [
        '* with others',
        { projects: ['*', 'default'] },
        '/body/projects',
        'The `/body/projects` property must not list "*" (every project) together with other projects. You sent ["*","default"].',
      ],
      [
        'malformed expiry',
        { expiresAt: 'tomorrow' },
        '/body/expiresAt',
        'The `/body/expiresAt` property must match format "date-time". You sent "tomorrow".',
      ],
      [
        'past expiry',
        { expiresAt: '2001-01-01T00:00:00.000Z' },
        '/body/expiresAt',
        'The `/body/expiresAt` property must be a date in the future. You sent "2001-01-01T00:00:00.000Z".',
      ],
      [
        'unknown environment',
        { environment: 'staging' },
        '/body/environment',
        'The `/body/environment` property must name an existing environment. There is no environment named "staging".',
      ],
      [
        'unknown project',
        { project: 'nope' },
        '/body/project',
        'The `/body/project` property must name existing projects. There is no project named "nope".',
      ],
      [
        'unknown projects',
        { projects: ['default', 'nope', 'nada'] },
        '/body/projects',
        'The `/body/projects` property must name existing projects. There is no project named "nope", "nada".',
      ],
      [
        'unknown property',
        { secret: 'mine' },
        '/body/secret',
        'The `/body` object of the request does not allow additional properties. Your request included the `/body/secret` property.',
      ],
    ])('refuses %s with 400 naming it, and creates nothing', async (_, change, path, message) => {
      const before = await t.db.query('SELECT id FROM flagwright_api_tokens');
      const res = await post({ tokenName: 'bad', type: 'client', environment: 'development', ...change }).expect(400);
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'ValidationError', message, details: [{ path, message }] });
      expect(await t.db.query('SELECT id FROM flagwright_api_tokens')).toEqual(before);
    });

    it('reports an unknown environment and unknown projects together', async () => {
      const res = await post({ tokenName: 'bad', type: 'client', environment: 'staging', projects: ['nope'] }).expect(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/environment', '/body/projects']);
    });

    it('answers 401 without credentials', async () => {
      const res = await post({ tokenName: 'x', type: 'client', environment: 'development' }, {}).expect(401);
      expect(res.body.name).toBe('AuthenticationRequired');
    });

    it('answers 403 to an Editor and a Viewer, naming the permissions', async () => {
      for (const cookie of [editorCookie, viewerCookie]) {
        const res = await post({ tokenName: 'x', type: 'client', environment: 'development' }, { cookie }).expect(403);
        expect(res.body).toEqual({
          id: expect.stringMatching(UUID),
          name: 'NoAccessError',
          message:
            'You don\'t have the required permissions to perform this operation. To perform this action, you need one of the following permissions: "ADMIN", "CREATE_CLIENT_API_TOKEN", "CREATE_FRONTEND_API_TOKEN".',
        });
      }
      await list({ cookie: viewerCookie }).expect(403);
    });

    it('checks the permission of the token type: CREATE_FRONTEND_API_TOKEN makes frontend tokens only', async () => {
      const frontend = await post(
        { tokenName: 'fe', type: 'frontend', environment: 'development' },
        { cookie: frontendMakerCookie },
      ).expect(201);
      expect(frontend.body.type).toBe('frontend');
      const [event] = (await events('api-token-created')).filter((e) => JSON.parse(e.data!).id === frontend.body.id);
      expect(event.created_by).toBe('frontend-maker');

      const client = await post({ tokenName: 'be', type: 'client', environment: 'development' }, { cookie: frontendMakerCookie }).expect(
        403,
      );
      expect(client.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message:
          'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_CLIENT_API_TOKEN" permission.',
      });
      expect(await t.db.query("SELECT id FROM flagwright_api_tokens WHERE token_name = 'be'")).toEqual([]);
    });
  });

  describe('GET /api/admin/api-tokens', () => {
    it('lists tokens without secrets, with their visible prefix', async () => {
      const created = await post({ tokenName: 'listed', type: 'client', environment: 'production', projects: ['default', 'other'] }).expect(
        201,
      );
      const res = await list().expect(200);
      expect(Object.keys(res.body)).toEqual(['tokens']);
      const ids = res.body.tokens.map((token: { id: number }) => token.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(res.body.tokens.find((token: { id: number }) => token.id === created.body.id)).toEqual({
        id: created.body.id,
        tokenName: 'listed',
        type: 'client',
        environment: 'production',
        project: '[]',
        projects: ['default', 'other'],
        secretPrefix: '[]:production.',
        expiresAt: null,
        createdAt: created.body.createdAt,
        seenAt: null,
        alias: null,
      });
      expect(
        res.body.tokens
          .slice(0, 3)
          .map((token: { tokenName: string; type: string; secretPrefix: string }) => [token.tokenName, token.type, token.secretPrefix]),
      ).toEqual([
        ['init-admin-token', 'admin', '*:*.'],
        ['init-client-token', 'client', 'default:development.'],
        ['init-frontend-token', 'frontend', 'default:development.'],
      ]);
      for (const token of res.body.tokens) expect(token).not.toHaveProperty('secret');
      expect(JSON.stringify(res.body)).not.toContain(created.body.secret.split('.')[1]);
    });

    it('shows each caller only the token types it may see', async () => {
      const editor = await list({ cookie: editorCookie }).expect(200);
      const editorTypes = new Set(editor.body.tokens.map((token: { type: string }) => token.type));
      expect([...editorTypes].sort()).toEqual(['backend', 'client', 'frontend']);

      const maker = await list({ cookie: frontendMakerCookie }).expect(200);
      expect(maker.body.tokens.length).toBeGreaterThan(0);
      expect(new Set(maker.body.tokens.map((token: { type: string }) => token.type))).toEqual(new Set(['frontend']));
    });
  });

  describe('PUT and DELETE /api/admin/api-tokens/{id}', () => {
    it('changes the expiry, records it, and a past expiry ends the token at once', async () => {
      const created = await post({ tokenName: 'expiring', type: 'client', environment: 'development', project: 'default' }).expect(201);
      const later = future(7 * 24 * 3600_000);
      const res = await t
        .http()
        .put(`/api/admin/api-tokens/${created.body.id}`)
        .set('Authorization', ADMIN_TOKEN)
        .send({ expiresAt: later })
        .expect(200);
      expect(res.body).toMatchObject({
        id: created.body.id,
        tokenName: 'expiring',
        expiresAt: later,
        secretPrefix: 'default:development.',
      });
      expect(res.body).not.toHaveProperty('secret');
      const [event] = (await events('api-token-updated')).filter((e) => JSON.parse(e.data!).id === created.body.id);
      expect(JSON.parse(event.data!).expiresAt).toBe(later);
      expect(JSON.parse(event.pre_data!).expiresAt).toBeNull();

      await t.http().get('/api/client/features').set('Authorization', created.body.secret).expect(200);
      const past = new Date(t.clock.now().getTime() - 1000).toISOString();
      await t
        .http()
        .put(`/api/admin/api-tokens/${created.body.id}`)
        .set('Authorization', ADMIN_TOKEN)
        .send({ expiresAt: past })
        .expect(200);
      await t.http().get('/api/client/features').set('Authorization', created.body.secret).expect(401);
    });

    it('refuses bad updates: 400 body, 400 id, 404 unknown, 403 without the type permission', async () => {
      const created = await post({ tokenName: 'guarded', type: 'client', environment: 'development' }).expect(201);
      const missing = await t.http().put(`/api/admin/api-tokens/${created.body.id}`).set('Authorization', ADMIN_TOKEN).send({}).expect(400);
      expect(missing.body.details).toEqual([
        { path: '/body/expiresAt', message: 'The `/body/expiresAt` property is required. It was not present on the data you sent.' },
      ]);
      const malformed = await t
        .http()
        .put('/api/admin/api-tokens/abc')
        .set('Authorization', ADMIN_TOKEN)
        .send({ expiresAt: future() })
        .expect(400);
      expect(malformed.body.details).toEqual([
        {
          path: '/params/id',
          message: 'The `/params/id` property must be a token id (a whole number) or a token secret (<project>:<environment>.<random>).',
        },
      ]);
      const unknownSecret = await t
        .http()
        .delete('/api/admin/api-tokens/default:development.not-a-real-secret')
        .set('Authorization', ADMIN_TOKEN)
        .expect(404);
      expect(unknownSecret.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'Could not find an API token with that secret.',
      });
      const unknown = await t
        .http()
        .put('/api/admin/api-tokens/999999')
        .set('Authorization', ADMIN_TOKEN)
        .send({ expiresAt: future() })
        .expect(404);
      expect(unknown.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'Could not find API token with id 999999.',
      });
      await t.http().put(`/api/admin/api-tokens/${created.body.id}`).set('Cookie', editorCookie).send({ expiresAt: future() }).expect(403);
      await t.http().delete(`/api/admin/api-tokens/${created.body.id}`).set('Cookie', editorCookie).expect(403);
      await t.http().delete('/api/admin/api-tokens/1').set('Cookie', frontendMakerCookie).expect(403);
      expect(await t.db.one('SELECT expires_at FROM flagwright_api_tokens WHERE id = :id', { id: created.body.id })).toEqual({
        expires_at: null,
      });
    });

    it('names a token by its secret too, as Unleash does', async () => {
      const created = await post({ tokenName: 'by-secret', type: 'client', environment: 'development' }).expect(201);
      const later = future(3 * 24 * 3600_000);
      const updated = await t
        .http()
        .put(`/api/admin/api-tokens/${encodeURIComponent(created.body.secret)}`)
        .set('Authorization', ADMIN_TOKEN)
        .send({ expiresAt: later })
        .expect(200);
      expect(updated.body).toMatchObject({ id: created.body.id, expiresAt: later });
      await t.http().delete(`/api/admin/api-tokens/${created.body.secret}`).set('Authorization', ADMIN_TOKEN).expect(200);
      expect(await t.db.query('SELECT id FROM flagwright_api_tokens WHERE id = :id', { id: created.body.id })).toEqual([]);
    });

    it('deletes a token: it stops working at once and the event has no secret', async () => {
      const created = await post({ tokenName: 'doomed', type: 'frontend', environment: 'development', project: 'default' }).expect(201);
      await t.http().get('/api/frontend').set('Authorization', created.body.secret).expect(200);
      await t.http().delete(`/api/admin/api-tokens/${created.body.id}`).set('Authorization', ADMIN_TOKEN).expect(200);
      await t.http().get('/api/frontend').set('Authorization', created.body.secret).expect(401);
      expect(await t.db.query('SELECT id FROM flagwright_api_tokens WHERE id = :id', { id: created.body.id })).toEqual([]);
      const [event] = (await events('api-token-deleted')).filter((e) => JSON.parse(e.pre_data!).id === created.body.id);
      expect(event.data).toBeNull();
      expect(JSON.parse(event.pre_data!)).toEqual({
        id: created.body.id,
        tokenName: 'doomed',
        type: 'frontend',
        environment: 'development',
        projects: ['default'],
        expiresAt: null,
      });
      await t.http().delete(`/api/admin/api-tokens/${created.body.id}`).set('Authorization', ADMIN_TOKEN).expect(404);
    });
  });

  describe('using tokens', () => {
    it('lets each token type reach only its own API', async () => {
      const backend = (await post({ tokenName: 'b', type: 'backend', environment: 'development' }).expect(201)).body.secret;
      const frontend = (await post({ tokenName: 'f', type: 'frontend', environment: 'development' }).expect(201)).body.secret;
      const cases: [string, string, Record<string, number>][] = [
        ['client', CLIENT_TOKEN, { admin: 403, client: 200, frontend: 403 }],
        ['backend', backend, { admin: 403, client: 200, frontend: 403 }],
        ['frontend', FRONTEND_TOKEN, { admin: 403, client: 403, frontend: 200 }],
        ['new frontend', frontend, { admin: 403, client: 403, frontend: 200 }],
        ['admin', ADMIN_TOKEN, { admin: 200, client: 403, frontend: 403 }],
      ];
      const paths = { admin: '/api/admin/api-tokens', client: '/api/client/features', frontend: '/api/frontend' };
      for (const [, token, expected] of cases) {
        for (const [api, status] of Object.entries(expected)) {
          const res = await t
            .http()
            .get(paths[api as keyof typeof paths])
            .set('Authorization', token);
          expect({ api, status: res.status }).toEqual({ api, status });
          if (status === 403)
            expect(res.body).toEqual({
              id: expect.stringMatching(UUID),
              name: 'NoAccessError',
              message: expect.stringContaining('expected a different token type'),
            });
        }
      }
      // Writes are refused the same way.
      await post({ tokenName: 'x', type: 'client', environment: 'development' }, { token: backend }).expect(403);
    });

    it('stops a token when it expires', async () => {
      const created = await post({ tokenName: 'short', type: 'client', environment: 'development', expiresAt: future(3600_000) }).expect(
        201,
      );
      await t.http().get('/api/client/features').set('Authorization', created.body.secret).expect(200);
      t.clock.advance(3600_000 + 1000);
      const res = await t.http().get('/api/client/features').set('Authorization', created.body.secret).expect(401);
      expect(res.body.name).toBe('AuthenticationRequired');
    });

    it('writes seenAt at most once a minute per token', async () => {
      const created = await post({ tokenName: 'seen', type: 'client', environment: 'development' }).expect(201);
      const seenAt = async () =>
        (await list().expect(200)).body.tokens.find((token: { id: number }) => token.id === created.body.id).seenAt;
      expect(await seenAt()).toBeNull();

      await t.http().get('/api/client/features').set('Authorization', created.body.secret).expect(200);
      const first = await seenAt();
      expect(first).toMatch(ISO);
      t.clock.advance(30_000);
      await t.http().get('/api/client/features').set('Authorization', created.body.secret).expect(200);
      expect(await seenAt()).toBe(first);

      t.clock.advance(61_000);
      await t.http().get('/api/client/features').set('Authorization', created.body.secret).expect(200);
      const third = await seenAt();
      expect(Date.parse(third)).toBeGreaterThanOrEqual(Date.parse(first) + 91_000);
    });

    it('never stores a plain secret', async () => {
      const rows = await t.db.query<{ secret_hash: string; secret_prefix: string }>(
        'SELECT secret_hash, secret_prefix FROM flagwright_api_tokens',
      );
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) {
        expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.secret_prefix).toMatch(/^[^.]+:[^.]+\.$/);
      }
      const everything = JSON.stringify([
        await t.db.query('SELECT * FROM flagwright_api_tokens'),
        await t.db.query('SELECT * FROM flagwright_events'),
      ]);
      expect(everything).not.toMatch(/:[a-z*]+\.[0-9a-f]{64}/);
      expect(everything).not.toContain('test-client-secret');
    });
  });
});
