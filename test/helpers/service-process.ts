import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

// The built service in its own process, as `npm start` runs it, for black-box tests: start it on a database, call it
// over HTTP, stop it by signal, read its log.

const BUNDLE = 'dist/flagwright.mjs';
/** The node flags of `npm start` (its script is `node <flags> dist/flagwright.mjs`), so tests run what users run. */
const NODE_FLAGS: string[] = JSON.parse(readFileSync('package.json', 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((arg: string) => arg.startsWith('--'));
const BUILD_INPUTS = ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/bundle.mjs'];
const BUILD_LOCK = '.vitest-tmp/build.lock';

export const newestChange = (path: string): number =>
  statSync(path).isDirectory()
    ? Math.max(0, ...readdirSync(path).map((entry) => newestChange(`${path}/${entry}`)))
    : statSync(path).mtimeMs;

/**
 * Runs `build` unless `output` is newer than every one of `inputs`. Test files run in parallel processes: one builds
 * while the others wait for the lock and then find the output fresh, so none starts something being rewritten.
 */
export async function buildOnce(output: string, inputs: string[], build: () => void): Promise<void> {
  mkdirSync('.vitest-tmp', { recursive: true });
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      // A lock older than any build is left by a run that was killed.
      const lock = statSync(BUILD_LOCK, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > 300_000) rmSync(BUILD_LOCK, { recursive: true, force: true });
      await new Promise((done) => setTimeout(done, 200));
    }
  }
  try {
    const built = statSync(output, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (built <= Math.max(...inputs.map(newestChange))) build();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/** Builds the service (`npm run build:service`) unless its bundle is newer than every source. */
export const buildService = (): Promise<void> =>
  buildOnce(BUNDLE, BUILD_INPUTS, () => execFileSync('npm', ['run', 'build:service'], { stdio: 'inherit' }));

export interface ServiceDatabase {
  url?: string;
  file: string;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON when the answer is JSON, else the text (read as tests read supertest's `body`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of every shape, checked by the tests' expectations
  body: any;
}

/** One HTTP request on a connection of its own (no keep-alive), so a stopping server never meets a reused socket. */
export function call(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; rawBody?: string } = {},
): Promise<HttpAnswer> {
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent: false,
        timeout: 15_000,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const json = String(res.headers['content-type'] ?? '').includes('json') && text;
          resolve({ status: res.statusCode!, headers: res.headers, body: json ? JSON.parse(text) : text });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 15 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** One running service process; `output` collects its log (stdout and stderr) for as long as it lives. */
export class ServiceProcess {
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly base: string,
    private readonly child: ChildProcess,
  ) {
    child.stdout!.on('data', (chunk) => (this.output += chunk));
    child.stderr!.on('data', (chunk) => (this.output += chunk));
    this.exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  }

  /**
   * Starts the service on the database and resolves once `/health` answers 200 (fails with its log if it never does).
   * `program` runs another Node program the same way (a host application that embeds Flagwright), `health` its probe.
   */
  static async start(
    database: ServiceDatabase,
    env: Record<string, string> = {},
    { program = BUNDLE, health = '/health' }: { program?: string; health?: string } = {},
  ): Promise<ServiceProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [...NODE_FLAGS, program], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url ?? '',
        DATABASE_FILE: database.file,
        LOG_LEVEL: 'info',
        ...env,
      },
    });
    const service = new ServiceProcess(`http://127.0.0.1:${port}`, child);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && child.exitCode === null) {
      if ((await call(service.base, 'GET', health).catch(() => undefined))?.status === 200) return service;
      await new Promise((done) => setTimeout(done, 50));
    }
    child.kill('SIGKILL');
    await service.exited;
    throw new Error(`The service did not start:\n${service.output}`);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends the signal and waits for the process to end. */
  async stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }

  /** Sends the signal without waiting. */
  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Log lines at level error or fatal, and any line that is not a JSON log line (a crash, a stack trace). */
  errorLines(): string[] {
    return this.output
      .split('\n')
      .filter((line) => line.trim() !== '')
      .filter((line) => {
        try {
          return (JSON.parse(line) as { level: number }).level >= 50;
        } catch {
          return true;
        }
      });
  }
}

/** Reads the database behind the service directly (SQLite opened read-only), for checks the API cannot make. */
export async function readDatabase<T>(
  database: ServiceDatabase,
  read: (query: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  if (!database.url) {
    const sqlite = new BetterSqlite3(database.file, { readonly: true, fileMustExist: true });
    try {
      return await read(async (sql) => sqlite.prepare(sql).all() as Record<string, unknown>[]);
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await read(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}
