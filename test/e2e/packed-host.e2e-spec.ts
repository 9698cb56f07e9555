import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { flagwrightMigrations } from '../../src/index.js';
import { CONSOLE_BUILD_TIMEOUT_MS } from '../helpers/console-build.js';
import { buildPackedHost, PACKED_HOST_DIR, PACKED_HOST_MAIN } from '../helpers/packed-host.js';
import { call, readDatabase, ServiceProcess, type HttpAnswer } from '../helpers/service-process.js';
import { createTestDatabase } from '../helpers/test-app.js';

/**
 * The package as a host installs it (`npm pack`), embedded in the NestJS application of test/packed-host the way
 * docs/embedding.md says: the host has its own global guard, a global ValidationPipe (whitelist, forbid, transform),
 * a `users` table made by a migration of its own and its own Swagger document, and runs in its own process.
 */
const ADMIN_TOKEN = '*:*.packed-host-admin-secret-0123456789';
const CLIENT_TOKEN = 'default:development.packed-host-client-secret-0123456789';
const ADMIN_PASSWORD = 'host admin password 1';
const HOST_ENV = {
  SESSION_SECRET: 'a-host-session-secret-of-some-length',
  FLAGS_ADMIN_PASSWORD: ADMIN_PASSWORD,
  FLAGS_ADMIN_TOKEN: ADMIN_TOKEN,
  FLAGS_CLIENT_TOKEN: CLIENT_TOKEN,
};
const HOST = { program: PACKED_HOST_MAIN, health: '/flags/health' };
const JEST = resolve('node_modules/jest/bin/jest.js');

describe('the packed package in a NestJS host on Express', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let host: ServiceProcess;
  const flags = (method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: ADMIN_TOKEN }) =>
    call(host.base, method, `/flags${path}`, { headers, body });
  const hosts = (method: string, path: string, body?: unknown) =>
    call(host.base, method, path, { headers: { 'x-host-key': 'host-key' }, body });

  beforeAll(async () => {
    await buildPackedHost();
    database = await createTestDatabase({ empty: true });
    host = await ServiceProcess.start(database, HOST_ENV, HOST);
  }, CONSOLE_BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await host?.stop('SIGTERM');
    await database?.drop();
  });

  it("leaves the host's routes to the host's guard and ValidationPipe", async () => {
    expect(await call(host.base, 'GET', '/users')).toMatchObject({ status: 401, body: { message: 'The host wants its key' } });
    expect(await hosts('GET', '/users')).toMatchObject({ status: 200, body: [{ id: 1, email: 'first@host.example' }] });
    const extra = await hosts('POST', '/users', { email: 'second@host.example', role: 'admin' });
    expect(extra).toMatchObject({ status: 400, body: { message: ['property role should not exist'] } });
    expect(await hosts('POST', '/users', { email: 'second@host.example' })).toMatchObject({ status: 201, body: { id: 2 } });
  });

  it("keeps its tables beside the host's users table and runs only its own migrations", async () => {
    const tables = await readDatabase(database, async (query) => ({
      users: await query('SELECT email FROM users ORDER BY id'),
      hostMigrations: await query('SELECT name FROM migrations'),
      ours: await query('SELECT count(*) AS count FROM flagwright_migrations'),
    }));
    expect(tables.users).toEqual([{ email: 'first@host.example' }, { email: 'second@host.example' }]);
    expect(tables.hostMigrations).toEqual([{ name: 'CreateUsers1690000000000' }]);
    expect(Number(tables.ours[0].count)).toBeGreaterThan(5);
  });

  it('serves the admin, client and login APIs under the prefix, with its own answers', async () => {
    const created = await flags('POST', '/api/admin/projects/default/features', { name: 'packed-flag', description: 'from the host' });
    expect(created).toMatchObject({ status: 201, body: { name: 'packed-flag', description: 'from the host', project: 'default' } });
    const segment = await flags('POST', '/api/admin/segments', { name: 'packed-segment', constraints: [] });
    expect(segment).toMatchObject({ status: 201, body: { name: 'packed-segment' } });
    expect(segment.headers.location).toBe(`/flags/api/admin/segments/${segment.body.id}`);
    expect(
      await flags('POST', '/api/admin/projects/default/features/packed-flag/environments/development/strategies', { name: 'default' }),
    ).toMatchObject({
      status: 200,
    });
    expect(await flags('POST', '/api/admin/projects/default/features/packed-flag/environments/development/on')).toMatchObject({
      status: 200,
    });

    const client = await flags('GET', '/api/client/features', undefined, { authorization: CLIENT_TOKEN });
    expect(client.status).toBe(200);
    expect(client.body.features).toEqual([expect.objectContaining({ name: 'packed-flag', enabled: true })]);

    const login = await flags('POST', '/auth/simple/login', { username: 'host-admin', password: ADMIN_PASSWORD }, {});
    expect(login).toMatchObject({ status: 200, body: { username: 'host-admin' } });
    expect(String(login.headers['set-cookie'])).toContain('Path=/flags');
  });

  it("answers its own errors, whatever the host's global enhancers do", async () => {
    const search = await flags('GET', '/api/admin/search/features?limit=abc');
    expect(search.status).toBe(400);
    expect(search.body).toMatchObject({
      name: 'ValidationError',
      details: [expect.objectContaining({ message: expect.stringContaining('limit') })],
    });
    const unknown = await flags('GET', '/api/admin/projects/default/features/missing');
    expect(unknown).toMatchObject({ status: 404, body: { name: 'NotFoundError' } });
    const anonymous = await flags('GET', '/api/admin/projects', undefined, {});
    expect(anonymous).toMatchObject({ status: 401, body: { name: 'AuthenticationRequired' } });
    expect(anonymous.body.message).toMatch(/^You must log in to use Flagwright\. /);
    // What never reaches one of our routes: the host's JSON parser refusing the body, a path no route serves.
    const malformed = await call(host.base, 'POST', '/flags/api/admin/segments', {
      headers: { authorization: ADMIN_TOKEN, 'content-type': 'application/json' },
      rawBody: '{"name": ',
    });
    expect(malformed).toMatchObject({
      status: 400,
      body: { name: 'ValidationError', message: expect.stringMatching(/^The request body is not valid JSON/) },
    });
    expect(await flags('GET', '/api/admin/no-such-thing')).toMatchObject({
      status: 404,
      body: { name: 'NotFoundError', message: 'The path you were looking for (/flags/api/admin/no-such-thing) is not available.' },
    });
    // The host's guard refusing one of our requests keeps its status, in our error body.
    const blocked: HttpAnswer = await flags('GET', '/api/admin/projects', undefined, { authorization: ADMIN_TOKEN, 'x-blocked': 'yes' });
    expect(blocked).toMatchObject({ status: 403, body: { name: 'NoAccessError', message: 'Blocked by the host' } });
  });

  it('reaches a host module that does not import it with FeatureFlags (isGlobal), and sees a change within a second', async () => {
    const pricing = () => hosts('GET', '/pricing');
    expect(await pricing()).toMatchObject({ status: 200, body: { price: 100 } });
    expect(await flags('POST', '/api/admin/projects/default/features', { name: 'discount' })).toMatchObject({ status: 201 });
    expect(await flags('POST', '/api/admin/projects/default/features/discount/environments/development/on')).toMatchObject({ status: 200 });
    await vi.waitFor(async () => expect(await pricing()).toMatchObject({ status: 200, body: { price: 90 } }), { timeout: 2_000 });
  });

  it("keeps its OpenAPI document apart from the host's", async () => {
    const ours = await call(host.base, 'GET', '/flags/docs/openapi.json');
    expect(ours.status).toBe(200);
    expect(Object.keys(ours.body.paths)).toContain('/flags/api/admin/search/features');
    expect(Object.keys(ours.body.paths).filter((path) => !path.startsWith('/flags/'))).toEqual([]);
    const theirs = await call(host.base, 'GET', '/api-docs-json', { headers: { 'x-host-key': 'host-key' } });
    expect(theirs.status).toBe(200);
    expect(Object.keys(theirs.body.paths).sort()).toEqual(['/users']);
  });
});

describe('the packed package in a NestJS host on Fastify', () => {
  it('stops start-up, before migrating, with a message saying what to do', async () => {
    await buildPackedHost();
    const database = await createTestDatabase({ empty: true });
    try {
      const failure = await ServiceProcess.start(database, { ...HOST_ENV, HOST_PLATFORM: 'fastify' }, HOST).then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(failure).toContain('Flagwright: this application runs on the "fastify" HTTP platform');
      expect(failure).toContain('Create the application that imports FlagwrightModule with the Express adapter');
      // Refused before migrating: the host's own migration ran, none of ours did.
      const tables = await readDatabase(database, (query) =>
        query(
          database.url
            ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1"
            : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1",
        ),
      );
      expect(tables).toEqual([{ name: 'migrations' }, { name: 'users' }]);
    } finally {
      await database.drop();
    }
  }, 300_000);
});

describe('the packed package in a host whose first migration is named like Flagwright’s', () => {
  it('migrates beside it, leaving the host’s tables, rows, index and migration record as its migration made them', async () => {
    await buildPackedHost();
    const database = await createTestDatabase({ empty: true });
    const host = await ServiceProcess.start(database, { ...HOST_ENV, HOST_MIGRATIONS: 'named-like-flagwright' }, HOST);
    try {
      const login = await call(host.base, 'POST', '/flags/auth/simple/login', {
        body: { username: 'host-admin', password: ADMIN_PASSWORD },
      });
      expect(login).toMatchObject({ status: 200, body: { username: 'host-admin' } });
      const state = await readDatabase(database, async (query) => ({
        users: await query('SELECT id, email FROM users ORDER BY id'),
        roles: await query('SELECT id, name FROM roles ORDER BY id'),
        events: await query('SELECT id, kind, user_id FROM events ORDER BY id'),
        hostMigrations: await query('SELECT name FROM migrations ORDER BY id'),
        ourMigrations: await query('SELECT count(*) AS count FROM flagwright_migrations'),
        ourUsers: await query('SELECT username FROM flagwright_users ORDER BY id'),
        hostIndex: await query(
          database.url
            ? "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'events' ORDER BY 1"
            : "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' ORDER BY 1",
        ),
      }));
      expect(state).toEqual({
        users: [{ id: 1, email: 'first@host.example' }],
        roles: [{ id: 1, name: 'host-admin' }],
        events: [{ id: 1, kind: 'signup', user_id: 1 }],
        hostMigrations: [{ name: 'InitialSchema1700000000000' }],
        ourMigrations: [{ count: database.url ? String(flagwrightMigrations.length) : flagwrightMigrations.length }],
        ourUsers: [{ username: 'host-admin' }],
        hostIndex: database.url ? [{ name: 'events_kind_idx' }, { name: 'events_pkey' }] : [{ name: 'events_kind_idx' }],
      });
    } finally {
      await host.stop('SIGTERM');
      await database.drop();
    }
  }, 300_000);
});

describe('the packed package in a host with a global prefix and URI versioning', () => {
  it('keeps its routes, cookie path and links where clients call them, while the host’s move to /api/v1', async () => {
    await buildPackedHost();
    const database = await createTestDatabase({ empty: true });
    const host = await ServiceProcess.start(database, { ...HOST_ENV, HOST_VERSIONING: 'uri' }, { ...HOST, health: '/api/flags/health' });
    try {
      expect(await call(host.base, 'GET', '/api/v1/users', { headers: { 'x-host-key': 'host-key' } })).toMatchObject({
        status: 200,
        body: [{ id: 1, email: 'first@host.example' }],
      });
      const login = await call(host.base, 'POST', '/api/flags/auth/simple/login', {
        body: { username: 'host-admin', password: ADMIN_PASSWORD },
      });
      expect(login.status).toBe(200);
      const cookie = String(login.headers['set-cookie']);
      expect(cookie).toContain('Path=/api/flags;');
      const segment = await call(host.base, 'POST', '/api/flags/api/admin/segments', {
        headers: { cookie: cookie.split(';')[0] },
        body: { name: 'versioned', constraints: [] },
      });
      expect(segment).toMatchObject({ status: 201, headers: { location: `/api/flags/api/admin/segments/${segment.body.id}` } });
      const anonymous = await call(host.base, 'GET', '/api/flags/api/admin/segments');
      expect(anonymous.body.message).toContain('Try logging in at /api/flags/auth/simple/login');
      expect((await call(host.base, 'GET', '/api/v1/flags/api/admin/segments', { headers: { authorization: ADMIN_TOKEN } })).status).toBe(
        404,
      );
    } finally {
      await host.stop('SIGTERM');
      await database.drop();
    }
  }, 300_000);
});

describe('the packed package in a host whose tests run on Jest', () => {
  it('loads under Jest’s ESM mode on Node 20, where the host boots it and seeds flags with flagwright/testing', async () => {
    await buildPackedHost();
    const database = await createTestDatabase({ empty: true });
    try {
      const run = spawnSync(process.execPath, ['--experimental-vm-modules', JEST, '--config', 'jest/jest.config.mjs', '--ci'], {
        cwd: PACKED_HOST_DIR,
        encoding: 'utf8',
        env: { ...process.env, ...HOST_ENV, DATABASE_URL: database.url ?? '', DATABASE_FILE: database.file, NODE_OPTIONS: '' },
        timeout: 240_000,
      });
      const output = `${run.stdout}${run.stderr}`;
      expect(output, output).toMatch(/Tests:\s+2 passed, 2 total/);
      expect(run.status, output).toBe(0);
    } finally {
      await database.drop();
    }
  }, 300_000);
});

describe('the packed package in a host whose data source has synchronize: true', () => {
  it('refuses to start having written nothing of its own, and starts once synchronize is off', async () => {
    await buildPackedHost();
    const database = await createTestDatabase({ empty: true });
    try {
      const failure = await ServiceProcess.start(database, { ...HOST_ENV, HOST_SYNCHRONIZE: 'true' }, HOST).then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(failure).toContain('Flagwright: the data source has `synchronize: true`.');
      const ours = () =>
        readDatabase(database, (query) =>
          query(
            database.url
              ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE 'flagwright%'"
              : "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'flagwright%'",
          ),
        );
      expect(await ours()).toEqual([]);
      const host = await ServiceProcess.start(database, HOST_ENV, HOST);
      try {
        expect(await call(host.base, 'GET', '/flags/api/admin/projects', { headers: { authorization: ADMIN_TOKEN } })).toMatchObject({
          status: 200,
        });
      } finally {
        await host.stop('SIGTERM');
      }
    } finally {
      await database.drop();
    }
  }, 300_000);
});
