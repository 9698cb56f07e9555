import { type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { apiTokenPrefix } from '../src/core/access/api-token-format.js';
import type { ApiTokenType } from '../src/core/access/principal.js';
import { hashSecret } from '../src/core/access/secrets.js';
import type { Database } from '../src/core/database/database.js';
import { SqlApiTokenStore } from '../src/modules/api-tokens/api-token.store.js';
import {
  besideBareNest,
  type BenchContext,
  type BenchDatabase,
  type BenchResult,
  type BenchServer,
  figures,
  floorResult,
  type LoadOptions,
  postgresAgainstSqlite,
  shareOfFloor,
  withServer,
} from './lib/harness.js';
import { SEED_PROJECTS, seedSearchData } from './search.seed.js';

/**
 * Issue 10's SDK family: what every application instance and browser sends, on the benchmark seed (10,000 flags over
 * ten projects) plus a 350-flag project, 10 connections over loopback, each beside a bare NestJS-on-Express route
 * measured in the same run. Targets are the issue's, for SQLite; PostgreSQL's is to stay within 1.5x of SQLite
 * (`postgresAgainstSqlite`). The anchor (Unleash 8.2 on PostgreSQL) answers the 304 poll at 2,104 req/s and the gzip full
 * answer at 10,000 flags at 17.7 req/s on this machine kind.
 */
const FEATURES = 10_000;
const SMALL_PROJECT = 'sdk-350';
const SMALL_FEATURES = 350;
const ENVIRONMENT = 'production';
const SECONDS = Number(process.env.BENCH_SDK_SECONDS ?? 8);
const WARM_UP_SECONDS = 2;
/** Turns of the floor and the 304 poll, each SECONDS / ROUNDS long. */
const ROUNDS = 4;
const IDLE_SECONDS = 2;

/** Backend tokens: one for the seed's ten projects (its 10,000 flags, no more), one for the 350-flag project. */
const SEED_CLIENT_TOKEN = '[]:production.bench-sdk-client-seed-projects-00000000000000000000';
const SMALL_CLIENT_TOKEN = `${SMALL_PROJECT}:production.bench-sdk-client-small-project-000000000000000`;
const SMALL_FRONTEND_TOKEN = `${SMALL_PROJECT}:production.bench-sdk-frontend-small-project-0000000000000`;

const CLIENT_FEATURES = '/api/client/features';
const FRONTEND = '/api/frontend';
const CLIENT_METRICS = '/api/client/metrics';
const METRICS_FLAGS = 50;

/** What the official Node SDK (unleash-client 6.12) sends with every request, gzip accepted as its fetch does. */
const NODE_SDK_HEADERS = {
  'unleash-appname': 'bench-sdk',
  'unleash-instanceid': 'bench-sdk-instance',
  'unleash-sdk': 'unleash-node-sdk:6.12.1',
  'unleash-connection-id': '0e3f3f3a-6f1e-4a43-9d55-3a3c3e6f7a10',
  'unleash-interval': '15000',
  'accept-encoding': 'gzip,deflate',
};
/** A poll also names the client specification it speaks; Node's fetch adds `no-cache` to a conditional request. */
const POLL_HEADERS = { ...NODE_SDK_HEADERS, 'unleash-client-spec': '5.2.0', 'cache-control': 'no-cache' };

interface SeededNames {
  /** Active flags of the seed's projects: the first 50 warm the metrics route up, the next 50 are counted. */
  metricsFlags: string[];
}

export async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const seeded: SeededNames = { metricsFlags: [] };
  const seedStarted = performance.now();
  return withServer(
    ctx,
    async (db) => {
      await seedSearchData(db, { features: FEATURES });
      await seedSearchData(db, { features: SMALL_FEATURES, projects: [SMALL_PROJECT], namePrefix: `${SMALL_PROJECT}-`, randomSeed: 350 });
      await seedTokens(db);
      seeded.metricsFlags = await activeFlags(db, SEED_PROJECTS, 2 * METRICS_FLAGS);
      console.log(
        `  seeded ${FEATURES.toLocaleString('en')} + ${SMALL_FEATURES} features and SDK tokens in ${Math.round((performance.now() - seedStarted) / 1000)} s`,
      );
    },
    (server, database) => new SdkRun(ctx, server, database, seeded).all(),
  );
}

/** PostgreSQL against SQLite on each figure (`postgresAgainstSqlite`). */
export const compare = postgresAgainstSqlite;

/** One database's pass: every scenario in order, on one server (the metrics scenario stops it, so it runs last). */
class SdkRun {
  private readonly results: BenchResult[] = [];

  constructor(
    private readonly ctx: BenchContext,
    private readonly server: BenchServer,
    private readonly database: BenchDatabase,
    private readonly seeded: SeededNames,
  ) {}

  async all(): Promise<BenchResult[]> {
    await this.idleMemory();
    await this.notModifiedPollBesideTheFloor();
    // One load-generator thread reading 0.32 MB answers was the bottleneck (it ran at 100 % of a core, the server at
    // about 15 %): the large answer is read by two.
    await this.fullAnswer(SEED_CLIENT_TOKEN, FEATURES, 200, { peakMemory: true, loadThreads: 2 });
    await this.fullAnswer(SMALL_CLIENT_TOKEN, SMALL_FEATURES, 3000, { peakMemory: false, loadThreads: 1 });
    await this.frontend('GET');
    await this.frontend('POST');
    await this.metrics();
    return this.results;
  }

  private async idleMemory(): Promise<void> {
    await new Promise((done) => setTimeout(done, IDLE_SECONDS * 1000));
    const rssMb = Math.round(this.server.memory().rssMb);
    this.add({
      scenario: `sdk: idle memory (RSS, ${IDLE_SECONDS} s after start)`,
      features: FEATURES,
      value: rssMb,
      unit: 'MB',
      target: '<= 120 MB',
      met: rssMb <= 120,
    });
  }

  /**
   * What a polling SDK sends every 15 s when nothing changed (the ETag of its last answer), and the floor it is
   * compared with: a bare NestJS route, sent the same headers, loaded in turns with the poll (`besideBareNest`).
   */
  private async notModifiedPollBesideTheFloor(): Promise<void> {
    const scenario = 'sdk: If-None-Match poll (304)';
    const headers = { authorization: SEED_CLIENT_TOKEN, ...POLL_HEADERS };
    const full = await probe(this.server, CLIENT_FEATURES, { headers });
    const etag = full.headers.etag;
    if (full.status !== 200 || !etag)
      return this.unmeasured(scenario, FEATURES, full.status !== 200 ? `the full answer is ${full.status}` : 'the answer carries no ETag');
    const poll = await probe(this.server, CLIENT_FEATURES, { headers: { ...headers, 'if-none-match': etag } });
    if (poll.status !== 304)
      return this.unmeasured(
        scenario,
        FEATURES,
        `a poll with If-None-Match of the current ETag (and Cache-Control: no-cache, as Node's fetch sends) is ${poll.status}, not 304`,
      );
    const options: LoadOptions = { path: CLIENT_FEATURES, headers: { ...headers, 'if-none-match': etag } };
    const {
      loads: [load],
      floor,
    } = await besideBareNest([{ server: this.server, options }], {
      floorHeaders: POLL_HEADERS,
      rounds: ROUNDS,
      seconds: SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
    });
    this.add({ scenario: 'sdk: bare NestJS-on-Express route (floor)', ...floorResult(floor, "the poll's headers", 'the poll') });
    const notModified = load.statusCounts['304'] ?? 0;
    const ofFloor = shareOfFloor(load, floor);
    this.add({
      scenario,
      features: FEATURES,
      ...figures(load),
      target: this.sqliteTarget('>= 5,000 req/s, p99 <= 10 ms, >= 75 % of the bare Nest route'),
      met: this.onSqlite(load.requestsPerSecond >= 5000 && load.p99Ms <= 10 && ofFloor.share >= 0.75 && notModified === load.total),
      note: [ofFloor.note, notModified === load.total ? undefined : `only ${notModified} of ${load.total} answers were 304`]
        .filter(Boolean)
        .join('; '),
    });
  }

  /** The whole configuration with gzip accepted, as an SDK fetches it at start and after every change. */
  private async fullAnswer(
    token: string,
    features: number,
    minimum: number,
    options: { peakMemory: boolean; loadThreads: number },
  ): Promise<void> {
    const scenario = 'sdk: full answer, gzip accepted';
    const headers = { authorization: token, ...POLL_HEADERS };
    const answer = await probe(this.server, CLIENT_FEATURES, { headers });
    if (answer.status !== 200) return this.unmeasured(scenario, features, `GET ${CLIENT_FEATURES} is ${answer.status}`);
    const served = (JSON.parse(answer.body) as { features: unknown[] }).features.length;
    const encoding = answer.headers['content-encoding'] ?? 'identity';
    const shape = `${served.toLocaleString('en')} active flags, ${megabytes(Buffer.byteLength(answer.body))} MB, sent as ${encoding} in ${megabytes(answer.wireBytes)} MB`;
    console.log(`  full answer at ${features.toLocaleString('en')} flags: ${shape}`);
    const load: LoadOptions = { path: CLIENT_FEATURES, headers, workers: options.loadThreads > 1 ? options.loadThreads : undefined };
    await this.server.load({ ...load, durationSeconds: WARM_UP_SECONDS });
    if (options.peakMemory) this.server.resetPeakMemory();
    const result = await this.server.load({ ...load, durationSeconds: SECONDS });
    this.add({
      scenario,
      features,
      ...figures(result),
      target: this.sqliteTarget(`>= ${minimum.toLocaleString('en')} req/s`),
      met: this.onSqlite(result.requestsPerSecond >= minimum && result.non2xx === 0),
      note: `${shape}${encoding === 'gzip' ? '' : ' (gzip was accepted but not used)'}${result.non2xx ? `; ${result.non2xx} answers were not 2xx` : ''}`,
    });
    if (options.peakMemory) {
      const peakMb = Math.round(this.server.memory().peakRssMb);
      this.add({
        scenario: 'sdk: peak memory (RSS) serving the full answer',
        features,
        value: peakMb,
        unit: 'MB',
        target: '<= 300 MB',
        met: peakMb <= 300,
      });
    }
  }

  /** A browser's frontend SDK: the 350-flag project evaluated for a different user on every request. */
  private async frontend(method: 'GET' | 'POST'): Promise<void> {
    const scenario = `sdk: ${method} ${FRONTEND}, a different userId per request`;
    const query = (user: number) => `appName=bench-web&sessionId=${user}&userId=user-${user}`;
    const body = (user: number) => JSON.stringify({ context: { appName: 'bench-web', sessionId: String(user), userId: `user-${user}` } });
    const headers = {
      authorization: SMALL_FRONTEND_TOKEN,
      'accept-encoding': 'gzip,deflate',
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    };
    const request = (user: number) => (method === 'GET' ? { path: `${FRONTEND}?${query(user)}` } : { path: FRONTEND, body: body(user) });
    const answer = await probe(this.server, request(1).path, { method, headers, body: request(1).body });
    if (answer.status !== 200) return this.unmeasured(scenario, SMALL_FEATURES, `${method} ${FRONTEND} is ${answer.status}`);
    const toggles = (JSON.parse(answer.body) as { toggles: unknown[] }).toggles.length;
    const options: LoadOptions = { method, path: request(0).path, body: request(0).body, headers, requestFor: request };
    await this.server.load({ ...options, durationSeconds: WARM_UP_SECONDS });
    const result = await this.server.load({ ...options, durationSeconds: SECONDS });
    this.add({
      scenario,
      features: SMALL_FEATURES,
      ...figures(result),
      // The issue sets a target for the GET; the POST (unleash-proxy-client's usePOSTrequests) is shown beside it.
      ...(method === 'GET'
        ? { target: this.sqliteTarget('>= 3,000 req/s'), met: this.onSqlite(result.requestsPerSecond >= 3000 && result.non2xx === 0) }
        : {}),
      note: `${toggles} flags on for user-1${result.non2xx ? `; ${result.non2xx} answers were not 2xx` : ''}`,
    });
  }

  /**
   * Metrics reports of 50 flags each. A fixed number of reports is sent, the server is stopped gracefully (so it
   * writes what it holds in memory), and the database's counts of the measured flags must have grown by exactly
   * reports accepted x counts per report. The warm-up reports other flags, so its counts cannot blur the sum.
   */
  private async metrics(): Promise<void> {
    const scenario = `sdk: POST ${CLIENT_METRICS}, ${METRICS_FLAGS} flags each`;
    const warmFlags = this.seeded.metricsFlags.slice(0, METRICS_FLAGS);
    const countedFlags = this.seeded.metricsFlags.slice(METRICS_FLAGS, 2 * METRICS_FLAGS);
    const headers = { authorization: SEED_CLIENT_TOKEN, ...NODE_SDK_HEADERS, 'content-type': 'application/json' };
    const first = await probe(this.server, CLIENT_METRICS, { method: 'POST', headers, body: metricsReport(warmFlags).body });
    if (first.status !== 202) return this.unmeasured(scenario, FEATURES, `POST ${CLIENT_METRICS} is ${first.status}`);
    const before = await this.countedEvaluations(countedFlags);
    const warmUp = await this.server.load({
      method: 'POST',
      path: CLIENT_METRICS,
      headers,
      body: metricsReport(warmFlags).body,
      durationSeconds: WARM_UP_SECONDS,
    });
    const counted = metricsReport(countedFlags);
    const amount = Math.max(100, Math.round(warmUp.requestsPerSecond * SECONDS));
    const result = await this.server.load({ method: 'POST', path: CLIENT_METRICS, headers, body: counted.body, amount });
    const stopMs = await this.server.stop();
    const accepted = result.statusCounts['202'] ?? 0;
    const added = (await this.countedEvaluations(countedFlags)) - before;
    const expected = accepted * counted.evaluations;
    const exact = added === expected && accepted === amount;
    this.add({
      scenario,
      features: FEATURES,
      ...figures(result),
      target: this.sqliteTarget('>= 3,000 req/s, counts exact'),
      met: this.onSqlite(result.requestsPerSecond >= 3000 && exact),
      note:
        `counts ${exact ? 'OK' : 'MISMATCH'}: ${accepted.toLocaleString('en')} of ${amount.toLocaleString('en')} reports accepted x ` +
        `${counted.evaluations} evaluations = ${expected.toLocaleString('en')}, the database gained ${added.toLocaleString('en')} ` +
        `(graceful stop took ${Math.round(stopMs)} ms)`,
    });
    console.log(`  metrics counts ${exact ? 'OK' : 'MISMATCH'}`);
  }

  /** yes + no of the flags in the benchmark's environment, over every hour, as the service stored them. */
  private async countedEvaluations(flags: string[]): Promise<number> {
    const { db, close } = await this.database.open();
    try {
      const row = await db.one<{ total: number | string | null }>(
        'SELECT SUM(yes_count + no_count) AS total FROM flagwright_client_metrics_hourly WHERE environment = :environment AND feature_name IN (:...flags)',
        { environment: ENVIRONMENT, flags },
      );
      return Number(row?.total ?? 0);
    } finally {
      await close();
    }
  }

  private unmeasured(scenario: string, features: number, reason: string): void {
    this.add({ scenario, features, met: false, note: `not measured: ${reason}` });
  }

  private add(result: Omit<BenchResult, 'database'>): void {
    this.results.push({ database: this.ctx.database, ...result });
  }

  /** The issue's rate targets are SQLite's; PostgreSQL's is the ratio to SQLite (`compare`). */
  private sqliteTarget(target: string): string {
    return this.ctx.database === 'sqlite' ? target : `${target} (SQLite target)`;
  }

  private onSqlite(met: boolean): boolean | undefined {
    return this.ctx.database === 'sqlite' ? met : undefined;
  }
}

/** A report as the Node SDK sends it, with varied counts per flag, and how many evaluations it carries. */
function metricsReport(flags: string[]): { body: string; evaluations: number } {
  const stop = new Date();
  const start = new Date(stop.getTime() - 60_000);
  const toggles = Object.fromEntries(flags.map((name, i) => [name, { yes: 1 + (i % 4), no: i % 3, variants: { control: 1 + (i % 4) } }]));
  const evaluations = Object.values(toggles).reduce((sum, counts) => sum + counts.yes + counts.no, 0);
  const body = JSON.stringify({
    appName: 'bench-sdk',
    instanceId: 'bench-sdk-instance',
    connectionId: NODE_SDK_HEADERS['unleash-connection-id'],
    platformName: 'node',
    platformVersion: process.versions.node,
    yggdrasilVersion: null,
    specVersion: '5.2.0',
    bucket: { start: start.toISOString(), stop: stop.toISOString(), toggles },
  });
  return { body, evaluations };
}

/** The SDK tokens, written through the service's own token store (scoped to projects, which INIT_* tokens cannot be). */
async function seedTokens(db: Database): Promise<void> {
  const store = new SqlApiTokenStore(db);
  const tokens: [string, ApiTokenType, string[]][] = [
    [SEED_CLIENT_TOKEN, 'client', SEED_PROJECTS],
    [SMALL_CLIENT_TOKEN, 'client', [SMALL_PROJECT]],
    [SMALL_FRONTEND_TOKEN, 'frontend', [SMALL_PROJECT]],
  ];
  for (const [secret, type, projects] of tokens) {
    await store.insert({
      tokenName: `bench-sdk-${type}-${projects.length === 1 ? projects[0] : 'seed'}`,
      secretHash: hashSecret(secret),
      secretPrefix: apiTokenPrefix(type, projects, ENVIRONMENT),
      type,
      environment: ENVIRONMENT,
      projects,
      expiresAt: null,
      createdBy: 'bench',
      createdAt: new Date(),
    });
  }
}

async function activeFlags(db: Database, projects: string[], count: number): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'SELECT name FROM flagwright_features WHERE archived_at IS NULL AND project IN (:...projects) ORDER BY name LIMIT :count',
    { projects, count },
  );
  return rows.map((row) => row.name);
}

interface ProbeAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Bytes on the wire (compressed when the server compressed). */
  wireBytes: number;
  /** The body, decompressed. */
  body: string;
}

const DECODERS: Record<string, ((compressed: Buffer) => Buffer) | undefined> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};

/** One request over node:http, which (unlike fetch) shows the bytes as sent and leaves conditional headers alone. */
function probe(
  server: BenchServer,
  path: string,
  options: { method?: string; headers: Record<string, string>; body?: string },
): Promise<ProbeAnswer> {
  return new Promise((done, fail) => {
    const sent = request(`${server.baseUrl}${path}`, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const decode = DECODERS[response.headers['content-encoding'] ?? ''];
        done({
          status: response.statusCode ?? 0,
          headers: response.headers,
          wireBytes: wire.length,
          body: (decode ? decode(wire) : wire).toString('utf8'),
        });
      });
    });
    sent.on('error', fail);
    sent.end(options.body);
  });
}

function megabytes(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(2);
}
