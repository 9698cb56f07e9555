import { connect, type AddressInfo } from 'node:net';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('foundation: errors, authentication and storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const futureDate = () => new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();

  describe('operability', () => {
    it('answers /health and /ready with 200 while the database answers', async () => {
      const health = await t.http().get('/health').expect(200);
      expect(health.body).toMatchObject({ health: 'GOOD', status: 'ok', info: { database: { status: 'up' } } });
      await t.http().get('/ready').expect(200);
    });

    it('serves the OpenAPI document', async () => {
      const res = await t.http().get('/docs/openapi.json').expect(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(Object.keys(res.body.paths)).toContain('/api/admin/events');
    });
  });

  describe('error bodies', () => {
    it('answers an unknown route with 404 NotFoundError', async () => {
      const res = await t.http().get('/api/admin/nothing-here').set('Authorization', ADMIN_TOKEN).expect(404);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'The path you were looking for (/api/admin/nothing-here) is not available.',
      });
    });

    it('gives every error a fresh id', async () => {
      const first = await t.http().get('/api/admin/events').expect(401);
      const second = await t.http().get('/api/admin/events').expect(401);
      expect(first.body.id).toMatch(UUID);
      expect(second.body.id).not.toBe(first.body.id);
    });

    it('answers malformed JSON with 400 ValidationError before authentication', async () => {
      const res = await t
        .http()
        .post('/api/admin/user/tokens')
        .set('Content-Type', 'application/json')
        .send('{"description": ')
        .expect(400);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ValidationError',
        message: expect.stringContaining('not valid JSON'),
        details: [{ message: res.body.message }],
      });
    });

    it('answers a body nested 20,000 levels deep with 400 naming the problem, and stores nothing', async () => {
      const deep = `{"name":"deep","parameters":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
      const message = 'The request body nests objects and arrays deeper than 32 levels.';
      for (const path of ['/api/admin/projects/default/features', '/api/frontend', '/api/client/metrics']) {
        const res = await t
          .http()
          .post(path)
          .set('Authorization', ADMIN_TOKEN)
          .set('Content-Type', 'application/json')
          .send(deep)
          .expect(400);
        expect(res.body).toEqual({
          id: expect.stringMatching(UUID),
          name: 'ValidationError',
          message,
          details: [{ path: '/body', message }],
        });
      }
      expect(await t.db.query("SELECT name FROM flagwright_features WHERE name = 'deep'")).toEqual([]);
      // 32 levels are still a body like any other: refused or accepted for what it says, not for its shape.
      const fine = `{"name":"deep-enough","description":"x","impressionData":false,"tags":${'['.repeat(30)}${']'.repeat(30)}}`;
      const res = await t
        .http()
        .post('/api/admin/projects/default/features')
        .set('Authorization', ADMIN_TOKEN)
        .set('Content-Type', 'application/json')
        .send(fine);
      expect(res.body.message).not.toBe(message);
    });

    it('answers paths outside BASE_URI_PATH, and unknown ones under it, with 404 NotFoundError naming the path', async () => {
      const prefixed = await createTestApp({ baseUriPath: '/unleash' });
      try {
        const outside = await prefixed.http().get('/api/admin/groups?x=1').set('Authorization', ADMIN_TOKEN).expect(404);
        expect(outside.body).toEqual({
          id: expect.stringMatching(UUID),
          name: 'NotFoundError',
          message: 'The path you were looking for (/api/admin/groups) is not available.',
        });
        const under = await prefixed.http().get('/unleash/api/admin/nothing-here').set('Authorization', ADMIN_TOKEN).expect(404);
        expect(under.body.message).toBe('The path you were looking for (/unleash/api/admin/nothing-here) is not available.');
        await prefixed.http().get('/unleash/health').expect(200);
      } finally {
        await prefixed.close();
      }
    });

    it('answers a body over 1 MB with 413 PayloadTooLarge', async () => {
      const res = await t
        .http()
        .post('/api/admin/user/tokens')
        .set('Authorization', ADMIN_TOKEN)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ description: 'x'.repeat(1_100_000) }))
        .expect(413);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'PayloadTooLarge',
        message: 'The request body is larger than the limit of 1 MB.',
      });
    });
  });

  describe('error bodies of requests refused before any route (found by the fuzzer)', () => {
    it('answers a body that is not the gzip its Content-Encoding claims with 400 ValidationError, not 500', async () => {
      const res = await t
        .http()
        .post('/api/admin/projects')
        .set('Authorization', ADMIN_TOKEN)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send('{"id":"gzip-claimed","name":"x"}')
        .expect(400);
      const message = 'The request body could not be read: incorrect header check.';
      expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'ValidationError', message, details: [{ message }] });
      expect(await t.db.query("SELECT id FROM flagwright_projects WHERE id = 'gzip-claimed'")).toEqual([]);
    });

    it('answers a NUL character in a path parameter, the query or the body with 400 naming where, on both databases', async () => {
      const refusal = (where: string) => {
        const message = `\`${where}\` contains a NUL character (\\u0000), which no name or value may hold.`;
        return { id: expect.stringMatching(UUID), name: 'ValidationError', message, details: [{ path: where, message }] };
      };
      const inPath = await t.http().get('/api/admin/projects/a%00b/features/x/lifecycle').set('Authorization', ADMIN_TOKEN).expect(400);
      expect(inPath.body).toEqual(refusal('/params/projectId'));
      const inQuery = await t.http().get('/api/admin/events?project=%00').set('Authorization', ADMIN_TOKEN).expect(400);
      expect(inQuery.body).toEqual(refusal('/query/project'));
      const inBody = await t
        .http()
        .post('/api/admin/projects/default/features')
        .set('Authorization', ADMIN_TOKEN)
        .send({ name: 'nul-flag', tags: [{ type: 'simple', value: 'a\u0000b' }] })
        .expect(400);
      expect(inBody.body).toEqual(refusal('/body/tags/0/value'));
      expect(await t.db.query("SELECT name FROM flagwright_features WHERE name = 'nul-flag'")).toEqual([]);
    });

    it('answers a `constructor` or `__proto__` key anywhere in a body with 400 naming where (a list body gave 500)', async () => {
      const url = '/api/admin/projects/default/features/nul-free/environments/development/strategies/set-sort-order';
      const send = (body: string) =>
        t.http().post(url).set('Authorization', ADMIN_TOKEN).set('Content-Type', 'application/json').send(body).expect(400);
      const refusal = (where: string, key: string) => {
        const message = `\`${where}\` is a property name no body may use (\`${key}\` would reach the prototype of the object it is copied to).`;
        return { id: expect.stringMatching(UUID), name: 'ValidationError', message, details: [{ path: where, message }] };
      };
      expect((await send('{"constructor":{"prototype":{"polluted":true}}}')).body).toEqual(refusal('/body/constructor', 'constructor'));
      expect((await send('[{"id":"x","sortOrder":1,"constructor":1}]')).body).toEqual(refusal('/body/0/constructor', 'constructor'));
      expect((await send('[{"__proto__":{"admin":true}}]')).body).toEqual(refusal('/body/0/__proto__', '__proto__'));
      const created = await t
        .http()
        .post('/api/admin/projects')
        .set('Authorization', ADMIN_TOKEN)
        .set('Content-Type', 'application/json')
        .send('{"id":"proto-project","name":"x","constructor":{"prototype":{"polluted":true}}}')
        .expect(400);
      expect(created.body).toEqual(refusal('/body/constructor', 'constructor'));
      expect(await t.db.query("SELECT id FROM flagwright_projects WHERE id = 'proto-project'")).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('answers an array where a nested object belongs with 400 naming it (class-validator let it through to a 500)', async () => {
      const create = (users: unknown) =>
        t.http().post('/api/admin/groups').set('Authorization', ADMIN_TOKEN).send({ name: 'nested-arrays', users }).expect(400);
      const refusal = (path: string, like: string, sent: string) => {
        const message = `The \`${path}\` property must be an object like ${like}. You sent ${sent}.`;
        return { id: expect.stringMatching(UUID), name: 'ValidationError', message, details: [{ path, message }] };
      };
      expect((await create([[]])).body).toEqual(refusal('/body/users/0', '{"user": {"id": 7}}', '[]'));
      expect((await create([{ user: [] }])).body).toEqual(refusal('/body/users/0/user', '{"id": 7}', '[]'));
      const groups = (await t.http().get('/api/admin/groups').set('Authorization', ADMIN_TOKEN).expect(200)).body.groups;
      expect(groups.map((group: { name: string }) => group.name)).not.toContain('nested-arrays');
    });

    it('answers headers over 16 KB and a request target that is not a path with the error body', async () => {
      const server = t.app.getHttpServer();
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.end(request));
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk));
          socket.on('close', () => resolve(answer));
          socket.on('error', reject);
        });
      const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      const huge = await raw(`GET /api/admin/projects HTTP/1.1\r\nHost: x\r\nX-Huge: ${'h'.repeat(20_000)}\r\n\r\n`);
      expect(huge).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(bodyOf(huge)).toEqual({
        id: expect.stringMatching(UUID),
        name: 'RequestHeaderFieldsTooLarge',
        message: 'The request line and headers are larger than the limit of 16 KB.',
      });
      const notAPath = await raw('GET %2Fapi%2Fadmin HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(notAPath).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      const message = 'The request is not valid HTTP (HPE_INVALID_URL).';
      expect(bodyOf(notAPath)).toEqual({ id: expect.stringMatching(UUID), name: 'ValidationError', message, details: [{ message }] });
    });
  });

  describe('authentication', () => {
    it('answers a request without credentials with 401 AuthenticationRequired, saying how to sign in as Unleash does', async () => {
      const res = await t.http().get('/api/admin/events').expect(401);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'AuthenticationRequired',
        message:
          'You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login',
        path: '/auth/simple/login',
        type: 'password',
        defaultHidden: false,
      });
    });

    it('answers an authorization header that does not authenticate with 401 saying so', async () => {
      const res = await t.http().get('/api/admin/events').set('Authorization', '*:*.not-a-real-token').expect(401);
      expect(res.body.name).toBe('AuthenticationRequired');
      expect(res.body.message).toContain('authorization header you sent is not a valid');
    });

    it('accepts the admin API token, with or without a Bearer prefix', async () => {
      const plain = await t.http().get('/api/admin/events').set('Authorization', ADMIN_TOKEN).expect(200);
      expect(plain.body).toMatchObject({ version: 1, events: expect.any(Array), totalEvents: expect.any(Number) });
      await t.http().get('/api/admin/events').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
      await t.http().get('/api/admin/events').set('Authorization', `bearer   ${ADMIN_TOKEN}`).expect(200);
    });

    it('refuses client and frontend tokens on the admin API with 403 NoAccessError', async () => {
      for (const token of [CLIENT_TOKEN, FRONTEND_TOKEN]) {
        const res = await t.http().get('/api/admin/events').set('Authorization', token).expect(403);
        expect(res.body).toEqual({
          id: expect.stringMatching(UUID),
          name: 'NoAccessError',
          message: expect.stringContaining('expected a different token type'),
        });
      }
    });

    it('stores API tokens only as hashes', async () => {
      const rows = await t.db.query<{ secret_hash: string; secret_prefix: string }>(
        'SELECT secret_hash, secret_prefix FROM flagwright_api_tokens',
      );
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(JSON.stringify(row)).not.toContain('test-admin-secret');
      }
    });
  });

  describe('content type', () => {
    it('answers a form body with 415 naming the sent and accepted types', async () => {
      const res = await t
        .http()
        .post('/api/admin/user/tokens')
        .set('Authorization', ADMIN_TOKEN)
        .type('form')
        .send('description=x')
        .expect(415);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'ContentTypeerror',
        message:
          'We do not accept the content-type you provided (application/x-www-form-urlencoded). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format.',
      });
    });

    it('answers a body without content type with 415', async () => {
      const res = await t.http().post('/api/admin/user/tokens').set('Authorization', ADMIN_TOKEN).send(Buffer.from('{}')).expect(415);
      expect(res.body.message).toContain("(you didn't provide one)");
    });

    it('accepts application/json with parameters and in any case', async () => {
      const res = await t
        .http()
        .post('/api/admin/user/tokens')
        .set('Authorization', ADMIN_TOKEN)
        .set('Content-Type', 'APPLICATION/JSON; charset=utf-8')
        .send(JSON.stringify({}));
      expect(res.status).not.toBe(415);
    });

    it('checks permission (403) before content type (415)', async () => {
      await t.http().post('/api/admin/user/tokens').set('Authorization', CLIENT_TOKEN).type('form').send('a=b').expect(403);
    });
  });

  describe('personal access tokens', () => {
    it('creates a token shown once, stored as a hash, usable until it expires', async () => {
      const cookie = await sessionCookieFor(t, 1);
      expect(cookie).toMatch(/^unleash-session=/);
      const created = await t
        .http()
        .post('/api/admin/user/tokens')
        .set('Cookie', cookie)
        .send({ description: 'ci', expiresAt: futureDate() })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        secret: expect.stringMatching(/^user:[0-9a-f]{64}$/),
        description: 'ci',
        expiresAt: expect.any(String),
        createdAt: expect.any(String),
        seenAt: null,
        userId: 1,
      });
      const stored = await t.db.query('SELECT * FROM flagwright_personal_access_tokens');
      expect(JSON.stringify(stored)).not.toContain(created.body.secret.slice(5));

      await t.http().get('/api/admin/events').set('Authorization', created.body.secret).expect(200);
      const listed = await t.http().get('/api/admin/user/tokens').set('Authorization', created.body.secret).expect(200);
      expect(listed.body.pats).toHaveLength(1);
      expect(listed.body.pats[0]).not.toHaveProperty('secret');
      expect(listed.body.pats[0].seenAt).not.toBeNull();

      t.clock.advance(2 * 24 * 3600_000);
      const expired = await t.http().get('/api/admin/events').set('Authorization', created.body.secret).expect(401);
      expect(expired.body.name).toBe('AuthenticationRequired');
    });

    it('answers concurrent creations with one description with one 201 and 409s, and keeps the limit of 10', async () => {
      const cookie = await sessionCookieFor(t, 1);
      const expiresAt = new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();
      const same = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.http().post('/api/admin/user/tokens').set('Cookie', cookie).send({ description: 'race', expiresAt }),
        ),
      );
      expect(same.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      const before = Number(
        (await t.db.one<{ c: number }>('SELECT COUNT(*) AS c FROM flagwright_personal_access_tokens WHERE user_id = 1'))!.c,
      );
      const many = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t
            .http()
            .post('/api/admin/user/tokens')
            .set('Cookie', cookie)
            .send({ description: `many-${i}`, expiresAt }),
        ),
      );
      const count = Number(
        (await t.db.one<{ c: number }>('SELECT COUNT(*) AS c FROM flagwright_personal_access_tokens WHERE user_id = 1'))!.c,
      );
      expect(count).toBe(10);
      expect(many.filter((r) => r.status === 201)).toHaveLength(10 - before);
      expect(many.filter((r) => r.status === 403)).toHaveLength(12 - (10 - before));
      await t.db.execute('DELETE FROM flagwright_personal_access_tokens');
    });

    it('wants a date-time, not a date, for expiresAt', async () => {
      const res = await t
        .http()
        .post('/api/admin/user/tokens')
        .set('Authorization', ADMIN_TOKEN)
        .send({ description: 'd', expiresAt: '2099-01-01' })
        .expect(400);
      expect(res.body.details).toEqual([
        { path: '/body/expiresAt', message: 'The `/body/expiresAt` property must match format "date-time". You sent "2099-01-01".' },
      ]);
    });

    it('ends a session on logout', async () => {
      const cookie = await sessionCookieFor(t, 1);
      await t.http().get('/api/admin/user/tokens').set('Cookie', cookie).expect(200);
      const out = await t.http().post('/logout').set('Cookie', cookie).expect(200);
      expect(out.headers['set-cookie'][0]).toMatch(/^unleash-session=; Path=\/; Expires=Thu, 01 Jan 1970/);
      const after = await t.http().get('/api/admin/user/tokens').set('Cookie', cookie).expect(401);
      expect(after.body.message).toContain('session has expired or is not valid');
    });

    it('reports every invalid property in details with its path', async () => {
      const res = await t
        .http()
        .post('/api/admin/user/tokens')
        .set('Authorization', ADMIN_TOKEN)
        .send({ description: 5, expiresAt: 'tomorrow', extra: 1 })
        .expect(400);
      expect(res.body.name).toBe('ValidationError');
      expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['/body/description', '/body/expiresAt', '/body/extra']);
      expect(res.body.message).toContain('/body/description');
      expect(res.body.message).toContain('/body/expiresAt');
    });
  });

  describe('storage', () => {
    it('seeds the default project, environments, roles, strategy types and the admin', async () => {
      expect(await t.db.query('SELECT id, name FROM flagwright_projects')).toEqual([{ id: 'default', name: 'Default' }]);
      expect(await t.db.query('SELECT name, type, sort_order FROM flagwright_environments ORDER BY sort_order')).toEqual([
        { name: 'development', type: 'development', sort_order: 2 },
        { name: 'production', type: 'production', sort_order: 3 },
      ]);
      expect(await t.db.query('SELECT id, name FROM flagwright_roles ORDER BY id')).toEqual([
        { id: 1, name: 'Admin' },
        { id: 2, name: 'Editor' },
        { id: 3, name: 'Viewer' },
        { id: 4, name: 'Owner' },
        { id: 5, name: 'Member' },
        { id: 6, name: 'Reader' },
      ]);
      expect(
        (await t.db.query<{ name: string }>('SELECT name FROM flagwright_strategy_types ORDER BY sort_order')).map((r) => r.name),
      ).toEqual(['default', 'flexibleRollout', 'remoteAddress', 'applicationHostname']);
      const [admin] = await t.db.query<{ username: string; password_hash: string }>('SELECT username, password_hash FROM flagwright_users');
      expect(admin.username).toBe('admin');
      expect(admin.password_hash).toMatch(/^\$argon2id\$/);
      expect(admin.password_hash).not.toContain('unleash4all');
    });

    it('seeds idempotently: a second start on the same database changes nothing', async () => {
      const tables = [
        'flagwright_roles',
        'flagwright_role_permissions',
        'flagwright_projects',
        'flagwright_environments',
        'flagwright_project_environments',
        'flagwright_strategy_types',
        'flagwright_tag_types',
        'flagwright_users',
        'flagwright_api_tokens',
      ];
      const count = async (db: TestApp['db']) =>
        Object.fromEntries(
          await Promise.all(
            tables.map(async (table) => [table, Number((await db.one<{ c: number }>(`SELECT COUNT(*) AS c FROM ${table}`))!.c)]),
          ),
        );
      const before = await count(t.db);
      const second = await createTestApp({}, t.database);
      try {
        expect(await count(second.db)).toEqual(before);
      } finally {
        await second.app.close();
      }
    });
  });
});
