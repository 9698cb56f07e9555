import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BenchDatabase,
  BenchServer,
  type BenchContext,
  type BenchResult,
  combined,
  figures,
  inTurns,
  type LoadResult,
  withServer,
} from './lib/harness.js';
import { loginBody, seedLoginUsers } from './login.bench.js';
import { seedSearchData } from './search.seed.js';
import { seedFeatures, updateLoad } from './strategy-update.bench.js';

/**
 * Issue 34: each performance mechanism measured on and off in one run, both servers up and loaded in turns, so that
 * a ratio compares figures taken under the same conditions (src/core/performance/README.md,
 * src/standalone/performance/README.md). The own route pipeline has no off switch (it is what keeps a host's
 * global pipes and interceptors off our routes): its cost is the trivial route's share of the bare Nest route, in
 * the trivial-route scenario. The route index was measured here too and removed (bench/README.md).
 */
const SECONDS = Number(process.env.BENCH_MECHANISM_SECONDS ?? 6);
const ROUNDS = 3;
const WARM_UP_SECONDS = 1;
const STARTS = 3;
const SEARCH = '/api/admin/search/features';

export async function runTogether(ctxs: BenchContext[]): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const sqlite = ctxs.find((ctx) => ctx.database === 'sqlite');
  const postgres = ctxs.find((ctx) => ctx.database === 'postgres');
  if (sqlite) {
    results.push(...(await compileCache(sqlite)));
    results.push(...(await lowPriorityHashing(sqlite)));
  }
  if (postgres) results.push(...(await pipelinedTransactions(postgres)));
  return results;
}

/** On and off as two results and the ratio of `value` between them in the second's note. */
function onAndOff(
  scenario: string,
  ctx: BenchContext,
  on: Omit<BenchResult, 'scenario' | 'database'>,
  off: Omit<BenchResult, 'scenario' | 'database'>,
  ratioNote: string,
): BenchResult[] {
  return [
    { scenario: `${scenario}: on`, database: ctx.database, ...on },
    { scenario: `${scenario}: off`, database: ctx.database, ...off, note: [off.note, ratioNote].filter(Boolean).join('; ') },
  ];
}

/** Cold start to /health with V8's code cache (warmed by a first start) and without (COMPILE_CACHE_FILE=off). */
async function compileCache(ctx: BenchContext): Promise<BenchResult[]> {
  const database = await BenchDatabase.create(ctx);
  const folder = mkdtempSync(join(tmpdir(), 'flagwright-bench-cache-'));
  const cached = { COMPILE_CACHE_FILE: join(folder, 'compile-cache.bin') };
  const startedIn = async (env: NodeJS.ProcessEnv) => {
    const server = await BenchServer.start(database, env);
    await server.stop();
    return server.startupMs;
  };
  try {
    // The first start runs the migrations and writes the cache.
    await startedIn(cached);
    const on: number[] = [];
    const off: number[] = [];
    for (let start = 0; start < STARTS; start++) {
      on.push(await startedIn(cached));
      off.push(await startedIn({ COMPILE_CACHE_FILE: 'off' }));
    }
    const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
    const note = (values: number[]) => `median of ${STARTS} starts, alternated (${values.map(Math.round).join(', ')} ms)`;
    return onAndOff(
      'compile cache (cold start to /health)',
      ctx,
      { value: median(on), unit: 'ms', note: note(on) },
      { value: median(off), unit: 'ms', note: note(off) },
      `off starts ${median(off) - median(on)} ms later`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await database.drop();
  }
}

/**
 * The default search page's p99 while logins run flat out, against its p99 alone, with the hashing threads at low
 * priority (nice 10 and SCHED_IDLE) and at the process's own (LOW_PRIORITY_HASHING=false).
 */
async function lowPriorityHashing(ctx: BenchContext): Promise<BenchResult[]> {
  const seed = async (db: Parameters<typeof seedLoginUsers>[0]) => {
    await seedSearchData(db, { features: 10_000 });
    await seedLoginUsers(db);
  };
  const loginLimits = { SIMPLE_LOGIN_LIMIT_PER_MINUTE: '100000', LOGIN_LOCKOUT_THRESHOLD: '1000' };
  return withServer(
    ctx,
    seed,
    (on) =>
      withServer(
        ctx,
        seed,
        async (off) => {
          const login = {
            method: 'POST' as const,
            path: '/auth/simple/login',
            headers: { authorization: '' },
            body: loginBody(0),
            requestFor: (sequence: number) => ({ body: loginBody(sequence) }),
            connections: 10,
          };
          const search = { path: SEARCH, connections: 2 };
          const seconds = SECONDS / ROUNDS;
          const rounds = new Map<BenchServer, { alone: LoadResult[]; beside: LoadResult[]; logins: LoadResult[] }>([
            [on, { alone: [], beside: [], logins: [] }],
            [off, { alone: [], beside: [], logins: [] }],
          ]);
          for (const server of [on, off]) await server.load({ ...login, durationSeconds: WARM_UP_SECONDS });
          for (let round = 0; round < ROUNDS; round++) {
            for (const server of [on, off]) {
              const figures = rounds.get(server)!;
              figures.alone.push(await server.load({ ...search, durationSeconds: seconds }));
              const [logins, beside] = await Promise.all([
                server.load({ ...login, durationSeconds: seconds }),
                server.load({ ...search, durationSeconds: seconds }),
              ]);
              figures.logins.push(logins);
              figures.beside.push(beside);
            }
          }
          const [withLow, without] = [on, off].map((server) => {
            const { alone, beside, logins } = rounds.get(server)!;
            const [searchAlone, searchBeside] = [combined(alone), combined(beside)];
            // Per second of the whole time: a round may answer no login at all (then `combined` has no rate).
            const loginRate = logins.reduce((sum, round) => sum + round.total, 0) / (seconds * ROUNDS);
            const ratio = searchBeside.p99Ms / searchAlone.p99Ms;
            return {
              ratio,
              result: {
                ...figures(searchBeside),
                cpuUsPerRequest: undefined,
                value: Number(ratio.toFixed(2)),
                unit: 'x p99 alone',
                note: `search p99 ${searchBeside.p99Ms} ms beside logins, ${searchAlone.p99Ms} ms alone; logins ${loginRate.toFixed(1)} req/s`,
              },
            };
          });
          return onAndOff(
            'low-priority hashing (search page p99 beside logins / alone)',
            ctx,
            withLow.result,
            without.result,
            `${without.ratio.toFixed(2)}x off against ${withLow.ratio.toFixed(2)}x on`,
          );
        },
        { ...loginLimits, LOW_PRIORITY_HASHING: 'false' },
      ),
    loginLimits,
  );
}

/** The strategy update at 10,000 features on PostgreSQL with pipelined transactions and without (PIPELINED_TRANSACTIONS=false). */
async function pipelinedTransactions(ctx: BenchContext): Promise<BenchResult[]> {
  const strategyIds = Array.from({ length: 10_000 }, () => randomUUID());
  const seed = (db: Parameters<typeof seedFeatures>[0]) => seedFeatures(db, strategyIds);
  return withServer(ctx, seed, (on) =>
    withServer(
      ctx,
      seed,
      async (off) => {
        const loads = [
          { server: on, options: await updateLoad(on, strategyIds) },
          { server: off, options: await updateLoad(off, strategyIds) },
        ];
        const [pipelined, plain] = await inTurns(loads, { rounds: ROUNDS, seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS });
        return onAndOff(
          'pipelined transactions (strategy update PUT, 10,000 features)',
          ctx,
          { ...figures(pipelined), errors: pipelined.errors + pipelined.non2xx },
          { ...figures(plain), errors: plain.errors + plain.non2xx },
          `on answers ${(pipelined.requestsPerSecond / plain.requestsPerSecond).toFixed(2)}x the rate of off`,
        );
      },
      { PIPELINED_TRANSACTIONS: 'false' },
    ),
  );
}
