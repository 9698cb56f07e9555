import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createTestDatabase } from '../helpers/test-app.js';

const ADMIN = '*:*.process-admin-secret-0123456789abcdef';
const CLIENT = 'default:development.process-client-secret-0123456789';

/** `npm start` as a newcomer runs it: the built service in its own process, configured by environment variables. */
describe('the standalone service process', () => {
  let child: ChildProcess;
  let output = '';
  let base = '';
  let drop: () => Promise<void>;

  beforeAll(async () => {
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
    const database = await createTestDatabase();
    drop = database.drop;
    const port = 20000 + Math.floor(Math.random() * 20000);
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--max-semi-space-size=2', '--v8-pool-size=1', 'dist/flagwright.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url ?? '',
        DATABASE_FILE: database.file,
        LOG_LEVEL: 'info',
        INIT_ADMIN_API_TOKENS: ADMIN,
        INIT_CLIENT_API_TOKENS: CLIENT,
      },
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    for (let i = 0; i < 300; i++) {
      if ((await fetch(`${base}/health`).catch(() => undefined))?.ok) return;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`The service did not start:\n${output}`);
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await drop();
  });

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
    const lines = output.split('\n').filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged.some((entry) => entry.req?.id === 'req-42')).toBe(true);
    expect(logged.some((entry) => entry.msg?.startsWith('Created the first admin user "admin"'))).toBe(true);
    expect(output).not.toContain('process-admin-secret');
    expect(output).not.toContain('s:abc.def');
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const exited = new Promise<{ code: number | null; signal: string | null }>((done) =>
      child.once('exit', (code, signal) => done({ code, signal })),
    );
    child.kill('SIGTERM');
    // Nest re-raises the signal after its shutdown hooks ran, so the process ends by SIGTERM, not with a code.
    expect(await exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(output).toContain('Stopped on SIGTERM: in-flight requests finished');
  });
});
