import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildService, ServiceProcess } from '../helpers/service-process.js';
import { createTestDatabase } from '../helpers/test-app.js';

const ADMIN = '*:*.process-admin-secret-0123456789abcdef';
const CLIENT = 'default:development.process-client-secret-0123456789';

/** `npm start` as a newcomer runs it: the built service in its own process, configured by environment variables. */
describe('the standalone service process', () => {
  let service: ServiceProcess;
  let base = '';
  let drop: () => Promise<void>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    await buildService();
    database = await createTestDatabase();
    drop = database.drop;
    service = await ServiceProcess.start(database, { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT });
    base = service.base;
    // The build (tsc and the bundle) takes a minute on a quiet machine, more beside the rest of the suite.
  }, 300_000);

  afterAll(async () => {
    await service?.stop('SIGKILL');
    await drop();
  });

  it('starts quietly: at the default level, where it listens and the first admin, no route lines', async () => {
    // Log lines leave in batches at least every 100 ms: the last may follow the first answer.
    for (let waited = 0; !service.output.includes('listens on') && waited < 2_000; waited += 20) {
      await new Promise((done) => setTimeout(done, 20));
    }
    const messages = service.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual([
      'SESSION_SECRET is not set: sessions are signed with a random secret and end when this process stops.',
      'Created the first admin user "admin" with the password given at start. Log in and change it.',
      `Flagwright listens on ${base}`,
    ]);
  });

  it('fails on a busy port without claiming to have started, naming the setting to change', async () => {
    const port = new URL(base).port;
    const second = spawnSync(process.execPath, ['dist/flagwright.mjs'], {
      env: {
        ...process.env,
        PORT: port,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DATABASE_URL: database.url ?? '',
        DATABASE_FILE: database.file,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr.trim()).toBe(
      `Cannot listen on 127.0.0.1:${port}: another process uses that port. Stop it, or set PORT to a free one.`,
    );
    expect(second.stdout).not.toMatch(/successfully started|listens on/);
  }, 60_000);

  it('serves the admin API to the admin token only', async () => {
    expect((await fetch(`${base}/api/admin/events`, { headers: { authorization: ADMIN } })).status).toBe(200);
    const anonymous = await fetch(`${base}/api/admin/events`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ name: 'AuthenticationRequired' });
    expect((await fetch(`${base}/api/admin/events`, { headers: { authorization: CLIENT } })).status).toBe(403);
  });

  it('logs JSON lines with request ids and never a secret', async () => {
    const response = await fetch(`${base}/api/admin/events`, {
      headers: { authorization: ADMIN, cookie: 'unleash-session=s:abc.def', 'x-request-id': 'req-42' },
    });
    expect(response.headers.get('x-request-id')).toBe('req-42');
    await new Promise((done) => setTimeout(done, 200));
    const lines = service.output.split('\n').filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged.some((entry) => entry.req?.id === 'req-42')).toBe(true);
    expect(logged.some((entry) => entry.msg?.startsWith('Created the first admin user "admin"'))).toBe(true);
    expect(service.output).not.toContain('process-admin-secret');
    expect(service.output).not.toContain('s:abc.def');
  });

  it('shuts down cleanly on SIGTERM, answering the logins it was still checking', async () => {
    let answered = 0;
    const logins = Array.from({ length: 8 }, () =>
      fetch(`${base}/auth/simple/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'unleash4all' }),
      }).then((response) => {
        answered += 1;
        return response.status;
      }),
    );
    // The first answer means the checks are under way; the others wait for their turn on the hashing threads.
    while (answered === 0) await new Promise((done) => setTimeout(done, 2));
    // Nest re-raises the signal after its shutdown hooks ran, so the process ends by SIGTERM, not with a code.
    const stopped = service.stop('SIGTERM');
    expect(answered).toBeLessThan(8);
    expect(await Promise.all(logins)).toEqual(Array(8).fill(200));
    expect(await stopped).toEqual({ code: null, signal: 'SIGTERM' });
    expect(service.output).toContain('Stopped on SIGTERM: in-flight requests finished');
  });
});

/** The launcher runs the service through V8's code cache (src/standalone/performance/compile-cache.ts). */
describe('the standalone service process, started again', () => {
  let folder: string;
  let drop: () => Promise<void>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    await buildService();
    database = await createTestDatabase();
    drop = database.drop;
    folder = mkdtempSync(join(tmpdir(), 'flagwright-compile-cache-'));
  }, 300_000);

  afterAll(async () => {
    await drop();
    rmSync(folder, { recursive: true, force: true });
  });

  const startAndStop = async (env: Record<string, string>) => {
    const service = await ServiceProcess.start(database, env);
    expect((await fetch(`${service.base}/api/admin/strategies`)).status).toBe(401);
    expect(await service.stop('SIGTERM')).toEqual({ code: null, signal: 'SIGTERM' });
    return service;
  };

  it('keeps the code V8 compiled at the first start, and takes all of it at the next', async () => {
    const cacheFile = join(folder, 'compile-cache.bin');
    await startAndStop({ COMPILE_CACHE_FILE: cacheFile });
    const content = readFileSync(cacheFile);
    const index = JSON.parse(content.toString('utf8', 4, 4 + content.readUInt32LE(0))) as [string, string, number][];
    const files = index.map(([file]) => relative(process.cwd(), file));
    expect(files).toContain('dist/flagwright-service.cjs');
    expect(files).toContain('node_modules/typeorm/index.js');
    expect(files).toContain('node_modules/class-validator/cjs/index.js');
    expect(files.length).toBeGreaterThan(500);

    // Rewritten only when some code was missing or refused: an untouched file means V8 took every entry.
    const past = new Date('2020-01-01T00:00:00Z');
    utimesSync(cacheFile, past, past);
    const again = await startAndStop({ COMPILE_CACHE_FILE: cacheFile });
    expect(statSync(cacheFile).mtime).toEqual(past);
    expect(again.errorLines()).toEqual([]);
  }, 120_000);

  it('starts without a cache when COMPILE_CACHE_FILE is off', async () => {
    const service = await startAndStop({ COMPILE_CACHE_FILE: 'off' });
    expect(service.errorLines()).toEqual([]);
  }, 120_000);
});
