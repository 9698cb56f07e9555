import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { DataSource } from 'typeorm';
import { Database } from '../../src/core/database/database.js';
import { dataSourceOptions } from '../../src/standalone/data-source-options.js';
import { BARE_NEST_PATH } from './bare-nest.app.js';

export const BENCH_ADMIN_TOKEN = '*:*.bench-admin-secret-000000000000000000000000';
export const BENCH_CLIENT_TOKEN = 'default:production.bench-client-secret-0000000000000000000';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface BenchContext {
  database: DatabaseKind;
  /** PostgreSQL server URL (its database part is ignored); only for database 'postgres'. */
  postgresUrl: string;
  /** Feature counts the scenario should run at, from `--sizes` (default 10000,100000). */
  sizes: number[];
}

export interface BenchResult {
  scenario: string;
  database: DatabaseKind;
  features?: number;
  requestsPerSecond?: number;
  p50Ms?: number;
  p99Ms?: number;
  errors?: number;
  /**
   * The server's event loop CPU time per request, in µs: what a saturated server's rate is the inverse of, and steadier
   * from run to run than the rate (the load generator's share of the two cores moves the rate, not this).
   */
  cpuUsPerRequest?: number;
  /** For measurements that are not request rates (start-up time, memory). */
  value?: number;
  unit?: string;
  target?: string;
  /** Whether the figure meets its target, where the scenario can tell. */
  met?: boolean;
  /** What else the reader needs: a comparison, a check's outcome, or why a scenario could not be measured. */
  note?: string;
  /** A bare framework route measured for comparison, not the service: left out of PostgreSQL against SQLite. */
  floor?: boolean;
}

export interface LoadOptions {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Varies each request (path/body) by its sequence number. */
  requestFor?: (sequence: number) => { path?: string; body?: string };
  connections?: number;
  durationSeconds?: number;
  /** Sends exactly this many requests instead of running for a duration (for checks that count what arrived). */
  amount?: number;
  /**
   * Load-generator threads (autocannon's workers, which share the connections), for answers so large that one
   * thread reading them is slower than the server writing them. Not with `requestFor`.
   */
  workers?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  total: number;
  /** Responses by status code (autocannon counts a 304 as non-2xx). */
  statusCounts: Record<string, number>;
  /** CPU time of the server's event loop thread over the load (`BenchServer.eventLoopCpuMs`). */
  cpuMs: number;
}

/** A server process of the built service (dist/flagwright.mjs, what npm start runs) on its own fresh database. */
export class BenchServer {
  private peakRssKb = 0;
  private sampler?: NodeJS.Timeout;

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
    readonly startupMs: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.sampler = setInterval(() => this.sample(), 200);
  }

  static async start(database: BenchDatabase, extraEnv: NodeJS.ProcessEnv = {}): Promise<BenchServer> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The default level of npm start: one line per request.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-0123456789',
      INIT_ADMIN_API_TOKENS: BENCH_ADMIN_TOKEN,
      INIT_CLIENT_API_TOKENS: BENCH_CLIENT_TOKEN,
      SIMPLE_LOGIN_LIMIT_PER_MINUTE: '100000',
      ...database.env,
      ...extraEnv,
    };
    return BenchServer.spawn(startCommand(), env, port, '/health');
  }

  /**
   * The floor: a bare NestJS-on-Express application with one GET route answering a small JSON (bench/lib/bare-nest.app.ts),
   * started with the same node flags as `npm start`. What Flagwright's fastest routes are compared with.
   */
  static async startBareNest(): Promise<BenchServer> {
    const port = await freePort();
    const command = startCommand();
    // The last one: a flag of BENCH_SERVER_NODE_FLAGS may name a .js file too (`--require probe.js`).
    const entry = command.findLastIndex((arg) => arg.endsWith('.mjs') || arg.endsWith('.js'));
    const args = command.map((arg, i) => (i === entry ? resolve(dirname(arg), 'bench', 'bare-nest.server.js') : arg));
    return BenchServer.spawn(args, { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, port, BARE_NEST_PATH);
  }

  private static async spawn(args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string): Promise<BenchServer> {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForReady(`${baseUrl}${readyPath}`, child);
    return new BenchServer(child, baseUrl, performance.now() - started, env);
  }

  /** Resident memory now, and the highest seen since start (kB from /proc). */
  memory(): { rssMb: number; peakRssMb: number } {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    this.peakRssKb = Math.max(this.peakRssKb, field('VmHWM'));
    return { rssMb: field('VmRSS') / 1024, peakRssMb: this.peakRssKb / 1024 };
  }

  /** Starts the peak over: the kernel forgets the process's high-water mark (VmHWM), and so does the sampler. */
  resetPeakMemory(): void {
    writeFileSync(`/proc/${this.child.pid}/clear_refs`, '5');
    this.peakRssKb = 0;
    this.memory();
  }

  async load(options: LoadOptions): Promise<LoadResult> {
    // autocannon's workers cannot be handed a function: each would need a module to require instead.
    if (options.workers && options.requestFor) throw new Error('A load with workers cannot vary its requests (requestFor)');
    const sendsBody = (options.method ?? 'GET') !== 'GET' && (options.body !== undefined || options.requestFor !== undefined);
    const headers = { authorization: BENCH_ADMIN_TOKEN, ...(sendsBody ? { 'content-type': 'application/json' } : {}), ...options.headers };
    let sequence = 0;
    const cpuBefore = this.eventLoopCpuMs();
    const startedAt = performance.now();
    let lastResponseAt = startedAt;
    // Every response's time, to the microsecond: autocannon's histogram keeps whole milliseconds, and a p99 of
    // "1 ms" against "2 ms" could be anything from 1x to 3x. Its workers report only their histograms.
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((done, fail) => {
      const instance = autocannon(
        {
          url: `${this.baseUrl}${options.path}`,
          method: options.method ?? 'GET',
          headers,
          body: options.body,
          connections: options.connections ?? 10,
          duration: options.durationSeconds ?? 8,
          amount: options.amount,
          workers: options.workers,
          requests: options.requestFor
            ? [
                {
                  setupRequest: (request: autocannon.Request) => {
                    const varied = options.requestFor!(sequence++);
                    return { ...request, ...(varied.path ? { path: varied.path } : {}), ...(varied.body ? { body: varied.body } : {}) };
                  },
                },
              ]
            : undefined,
        },
        (error, finished) => (error ? fail(error) : done(finished)),
      );
      if (!options.workers) instance.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
      if (options.amount) instance.on('response', () => (lastResponseAt = performance.now()));
    });
    const cpuMs = this.eventLoopCpuMs() - cpuBefore;
    const statusCounts = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]),
    );
    // autocannon ends a fixed-amount run only at its next one-second tick, so its per-second average would count
    // that idle tail: the rate is taken up to the last response instead.
    const amountRate = options.amount && result.requests.total ? result.requests.total / ((lastResponseAt - startedAt) / 1000) : undefined;
    return {
      requestsPerSecond: Math.round(amountRate ?? result.requests.average),
      p50Ms: latencies.length ? percentile(latencies, 0.5) : result.latency.p50,
      p99Ms: latencies.length ? percentile(latencies, 0.99) : result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      total: result.requests.total,
      statusCounts,
      cpuMs,
    };
  }

  /**
   * CPU time the server's main thread (its event loop) has used, in ms: user and system time from /proc, in ticks of
   * USER_HZ (100 a second on Linux). Worker threads (SQLite checkpoints, password hashing) are not counted.
   */
  private eventLoopCpuMs(): number {
    const stat = readFileSync(`/proc/${this.child.pid}/task/${this.child.pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) in parentheses: utime and stime are the 12th and 13th.
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return (utime + stime) * 10;
  }

  /** A graceful stop (SIGTERM, as a deployment stops it); answers how long the process took to exit, in ms. */
  async stop(): Promise<number> {
    clearInterval(this.sampler);
    // Nest re-raises SIGTERM once its shutdown hooks ran, so a stopped server has a signal rather than an exit code.
    if (this.child.exitCode !== null || this.child.signalCode !== null) return 0;
    const started = performance.now();
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.kill('SIGTERM');
    await exited;
    return performance.now() - started;
  }

  /** Environment the server ran with, to start another on the same database. */
  get environment(): NodeJS.ProcessEnv {
    return this.env;
  }

  private sample(): void {
    try {
      this.memory();
    } catch {
      // The process may be gone between two samples.
    }
  }
}

/** A fresh database for one scenario: a SQLite file in a temp folder, or a new PostgreSQL database. */
export class BenchDatabase {
  private constructor(
    readonly kind: DatabaseKind,
    readonly env: NodeJS.ProcessEnv,
    private readonly cleanup: () => Promise<void>,
  ) {}

  static async create(ctx: BenchContext): Promise<BenchDatabase> {
    const name = `flagwright_bench_${randomBytes(4).toString('hex')}`;
    if (ctx.database === 'sqlite') {
      const file = join('.bench-tmp', `${name}.sqlite`);
      return new BenchDatabase('sqlite', { DATABASE_FILE: file, DATABASE_URL: '' }, async () =>
        ['', '-wal', '-shm'].forEach((suffix) => rmSync(`${file}${suffix}`, { force: true })),
      );
    }
    const admin = new DataSource({ type: 'postgres', url: withDatabase(ctx.postgresUrl, 'postgres') });
    await admin.initialize();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.destroy();
    return new BenchDatabase('postgres', { DATABASE_URL: withDatabase(ctx.postgresUrl, name) }, async () => {
      const again = new DataSource({ type: 'postgres', url: withDatabase(ctx.postgresUrl, 'postgres') });
      await again.initialize();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.destroy();
    });
  }

  /** Direct access through the service's own Database layer, for seeding (the schema must exist: start a server first). */
  async open(): Promise<{ db: Database; close: () => Promise<void> }> {
    const dataSource = new DataSource(
      dataSourceOptions({ databaseUrl: this.env.DATABASE_URL || undefined, databaseFile: this.env.DATABASE_FILE ?? '' }),
    );
    await dataSource.initialize();
    return { db: new Database(dataSource), close: () => dataSource.destroy() };
  }

  drop(): Promise<void> {
    return this.cleanup();
  }
}

/**
 * Runs `work` with a server on a fresh database, seeded by `seed` (after the server created the schema). `work` also
 * gets the database, to read back what the server wrote.
 */
export async function withServer<T>(
  ctx: BenchContext,
  seed: ((db: Database) => Promise<void>) | undefined,
  work: (server: BenchServer, database: BenchDatabase) => Promise<T>,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<T> {
  const database = await BenchDatabase.create(ctx);
  let server = await BenchServer.start(database, extraEnv);
  try {
    if (seed) {
      const { db, close } = await database.open();
      try {
        await seed(db);
      } finally {
        await close();
      }
      // Restart so the measured server starts on the seeded database, as a deployment would.
      await server.stop();
      server = await BenchServer.start(database, extraEnv);
    }
    return await work(server, database);
  } finally {
    await server.stop();
    await database.drop();
  }
}

/**
 * `withServer` for each of `ctxs` (one database each, seeded by `seed`), every server up at once: for figures of
 * the databases measured in turns (`inTurns`). `work` gets the servers and databases in the order of `ctxs`.
 */
export async function withServers<T>(
  ctxs: BenchContext[],
  seed: ((db: Database, ctx: BenchContext) => Promise<void>) | undefined,
  work: (servers: BenchServer[], databases: BenchDatabase[]) => Promise<T>,
): Promise<T> {
  const next = (index: number, servers: BenchServer[], databases: BenchDatabase[]): Promise<T> =>
    index === ctxs.length
      ? work(servers, databases)
      : withServer(ctxs[index], seed && ((db) => seed(db, ctxs[index])), (server, database) =>
          next(index + 1, [...servers, server], [...databases, database]),
        );
  return next(0, [], []);
}

/** The databases of `ctxs` as a reader says them: "sqlite and postgres". */
export function databasesOf(ctxs: BenchContext[]): string {
  return ctxs.map((ctx) => ctx.database).join(' and ');
}

/** How loads are measured in turns (`inTurns`, `besideBareNest`). */
export interface Turns {
  /** Turns of each load, every server up. */
  rounds: number;
  /** Measured seconds of each load, over all its turns. */
  seconds: number;
  /** Seconds of each load before the first turn (0: none). */
  warmUpSeconds: number;
}

/** How a load is measured beside the bare NestJS route (`besideBareNest`). */
export interface FloorTurns extends Turns {
  /** Headers the floor is sent, so that both servers parse the same request. */
  floorHeaders?: Record<string, string>;
  /** What the floor is sent besides (a PUT with the same bodies as the load); a GET of the floor path by default. */
  floorRequest?: Pick<LoadOptions, 'method' | 'body' | 'requestFor'>;
}

/** A server and what it is sent. */
export interface ServerLoad {
  server: BenchServer;
  options: LoadOptions;
}

/**
 * Loads each server in turn, `rounds` times each, with every server up, so that the machine's drifts, which move
 * one 8-second run by ±15 % here, touch every figure alike: what two figures of one run are compared with (a
 * route and its floor, PostgreSQL and SQLite) is measured under the same conditions. Answers each load's rounds
 * as one, in the order given.
 */
export async function inTurns(loads: ServerLoad[], turns: Turns): Promise<LoadResult[]> {
  if (turns.warmUpSeconds > 0)
    for (const { server, options } of loads) await server.load({ ...options, durationSeconds: turns.warmUpSeconds });
  const rounds: LoadResult[][] = loads.map(() => []);
  for (let round = 0; round < turns.rounds; round++) {
    for (const [index, { server, options }] of loads.entries())
      rounds[index].push(await server.load({ ...options, durationSeconds: turns.seconds / turns.rounds }));
  }
  return rounds.map(combined);
}

/**
 * Loads a bare NestJS-on-Express route (`BenchServer.startBareNest`) and each of `loads` in turns (`inTurns`), the
 * floor first in every round. Answers each load's figures, in the order given, and the floor's.
 */
export async function besideBareNest(loads: ServerLoad[], turns: FloorTurns): Promise<{ loads: LoadResult[]; floor: LoadResult }> {
  const bare = await BenchServer.startBareNest();
  try {
    const floorOptions: LoadOptions = { path: BARE_NEST_PATH, headers: turns.floorHeaders, ...turns.floorRequest };
    const [floor, ...measured] = await inTurns([{ server: bare, options: floorOptions }, ...loads], turns);
    return { loads: measured, floor };
  } finally {
    await bare.stop();
  }
}

/** The floor's figures as a result, marked as the floor; `headers` and `alternatedWith` say what it was compared with. */
export function floorResult(
  floor: LoadResult,
  headers: string,
  alternatedWith: string,
  handler = 'one GET handler answering {"status":"ok"}',
): Omit<BenchResult, 'scenario' | 'database'> {
  return {
    floor: true,
    ...figures(floor),
    note: `${handler}, sent ${headers}; no guards, pipes or logging; loaded in turns with ${alternatedWith}`,
  };
}

/** A load's rate as a share of the floor's, and the note saying so. */
export function shareOfFloor(load: LoadResult, floor: LoadResult, floorName = 'the bare Nest route'): { share: number; note: string } {
  const share = load.requestsPerSecond / floor.requestsPerSecond;
  return { share, note: `${Math.round(share * 100)} % of ${floorName} (${floor.requestsPerSecond} req/s)` };
}

/** Rounds of one load as one: requests over the whole time, the slowest round's latencies. */
export function combined(rounds: LoadResult[]): LoadResult {
  const total = rounds.reduce((sum, round) => sum + round.total, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.total / round.requestsPerSecond, 0);
  const statusCounts: Record<string, number> = {};
  for (const round of rounds)
    for (const [status, count] of Object.entries(round.statusCounts)) statusCounts[status] = (statusCounts[status] ?? 0) + count;
  return {
    requestsPerSecond: Math.round(total / seconds),
    p50Ms: Math.max(...rounds.map((round) => round.p50Ms)),
    p99Ms: Math.max(...rounds.map((round) => round.p99Ms)),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
    total,
    statusCounts,
    cpuMs: rounds.reduce((sum, round) => sum + round.cpuMs, 0),
  };
}

/** A load's figures as a result shows them. */
export function figures(load: LoadResult): Pick<BenchResult, 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'errors' | 'cpuUsPerRequest'> {
  return {
    requestsPerSecond: load.requestsPerSecond,
    p50Ms: load.p50Ms,
    p99Ms: load.p99Ms,
    errors: load.errors,
    cpuUsPerRequest: load.total ? Math.round((load.cpuMs * 1000) / load.total) : undefined,
  };
}

/**
 * PostgreSQL against SQLite on each figure both databases measured (floors left out): its request rate may be at
 * most 1.5 times lower, its memory at most 1.5 times higher.
 */
export function postgresAgainstSqlite(results: BenchResult[]): BenchResult[] {
  return results.flatMap((sqlite) => {
    const postgres = results.find((r) => r.database === 'postgres' && r.scenario === sqlite.scenario && r.features === sqlite.features);
    if (sqlite.database !== 'sqlite' || !postgres || sqlite.floor) return [];
    const rate =
      sqlite.requestsPerSecond !== undefined && postgres.requestsPerSecond
        ? { sqlite: sqlite.requestsPerSecond, postgres: postgres.requestsPerSecond }
        : undefined;
    const memory =
      sqlite.unit === 'MB' && sqlite.value && postgres.value !== undefined ? { sqlite: sqlite.value, postgres: postgres.value } : undefined;
    if (!rate && !memory) return [];
    const ratio = rate ? rate.sqlite / rate.postgres : memory!.postgres / memory!.sqlite;
    return [
      {
        scenario: `${sqlite.scenario}: PostgreSQL vs SQLite`,
        database: 'postgres' as const,
        features: sqlite.features,
        value: Math.round(ratio * 100) / 100,
        unit: 'x',
        target: '<= 1.5x',
        met: ratio <= 1.5,
        note: rate
          ? `SQLite ${rate.sqlite} req/s / PostgreSQL ${rate.postgres} req/s`
          : `PostgreSQL ${memory!.postgres} MB / SQLite ${memory!.sqlite} MB`,
      },
    ];
  });
}

export function printResults(results: BenchResult[]): void {
  for (const r of results) {
    const size = r.features !== undefined ? ` @${r.features.toLocaleString('en')} features` : '';
    const figures =
      r.requestsPerSecond !== undefined
        ? `${r.requestsPerSecond} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.errors ? `, ${r.errors} errors` : ''}${
            r.cpuUsPerRequest !== undefined ? `, ${r.cpuUsPerRequest} µs of event loop CPU a request` : ''
          }`
        : r.value !== undefined
          ? `${r.value} ${r.unit}`
          : 'not measured';
    const verdict = r.met === undefined ? '' : r.met ? ' [met]' : ' [MISSED]';
    const target = r.target ? `   (target ${r.target})${verdict}` : verdict;
    console.log(`  [${r.database}] ${r.scenario}${size}: ${figures}${target}${r.note ? `\n      ${r.note}` : ''}`);
  }
}

/**
 * The node arguments of `npm start` (flags and entry file), so the benchmark measures what users run; with
 * `BENCH_SERVER_NODE_FLAGS` (say `--cpu-prof --cpu-prof-dir=/tmp/prof`) before them, to profile the servers.
 */
function startCommand(): string[] {
  const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const [command, ...args] = start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start is expected to run node, not: ${start}`);
  const extraFlags = process.env.BENCH_SERVER_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  return [...extraFlags, ...args.map((arg) => (arg.endsWith('.mjs') || arg.endsWith('.js') ? resolve(arg) : arg))];
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) during start-up.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error('The server did not become healthy within 60 s.');
}

/** The nearest-rank percentile (`fraction` of 1) of response times, in ms to two decimals. */
function percentile(latenciesMs: number[], fraction: number): number {
  const sorted = Float64Array.from(latenciesMs).sort();
  const value = sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)];
  return Math.round(value * 100) / 100;
}
