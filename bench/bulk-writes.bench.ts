import { randomUUID } from 'node:crypto';
import {
  BENCH_ADMIN_TOKEN,
  type BenchContext,
  type BenchResult,
  type BenchServer,
  figures,
  inTurns,
  type LoadOptions,
  type LoadResult,
  postgresAgainstSqlite,
  type ServerLoad,
  withServers,
} from './lib/harness.js';
import { seedFeatures, updateLoad } from './strategy-update.bench.js';

const FEATURES = 10_000;
/** Features switched by one bulk request. */
const BULK = 10;
/** Issue 35: the writes it adds cost at most 1.5 times the strategy update's, in the same run. */
const MAXIMUM_RATIO = 1.5;
const SECONDS = Number(process.env.BENCH_ROUTE_SECONDS ?? 8);
const ROUNDS = 2;
const WARM_UP_SECONDS = 1;
const FEATURES_URL = '/api/admin/projects/default/features';
const HEADERS = { authorization: BENCH_ADMIN_TOKEN, 'content-type': 'application/json' };

/**
 * Issue 35's write figures at 10,000 features (the strategy update's seed: one flexibleRollout strategy each in
 * production, on there): cloning a feature (its strategy, variants and tags copied; each request a new name) and
 * switching 10 features off, then on again, in production (each request a real change of 10 rows, 10 events),
 * loaded in turns with the strategy update on the same server, so each is compared with it under the same
 * conditions. Cost is the event loop's CPU time a request (steadier than the rate); the target is at most 1.5x the
 * update's.
 */
export async function runTogether(ctxs: BenchContext[]): Promise<BenchResult[]> {
  const strategyIds: string[] = Array.from({ length: FEATURES }, () => randomUUID());
  return withServers(
    ctxs,
    (db) => seedFeatures(db, strategyIds),
    async (servers) => {
      const loads: ServerLoad[] = [];
      for (const server of servers) {
        loads.push({ server, options: await updateLoad(server, strategyIds) });
        loads.push({ server, options: await cloneLoad(server) });
        loads.push({ server, options: await bulkToggleLoad(server) });
      }
      const results = await inTurns(loads, { rounds: ROUNDS, seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS });
      return ctxs.flatMap(({ database }, index) => {
        const [update, clone, bulk] = results.slice(index * 3, index * 3 + 3);
        const result = (scenario: string, load: LoadResult, compared?: LoadResult): BenchResult => ({
          scenario,
          database,
          features: FEATURES,
          ...figures(load),
          errors: load.errors + load.non2xx,
          ...(compared ? against(load, compared) : {}),
        });
        return [
          result('bulk writes: strategy update (reference)', update),
          result('bulk writes: clone a feature (POST …/clone)', clone, update),
          result(`bulk writes: switch ${BULK} features in one environment (POST …/bulk_features/…/on|off)`, bulk, update),
        ];
      });
    },
  );
}

/** The cost of `load` against the strategy update's, as target and verdict. */
function against(load: LoadResult, update: LoadResult): Pick<BenchResult, 'target' | 'met' | 'note'> {
  const cost = (l: LoadResult) => (l.cpuMs * 1000) / l.total;
  const ratio = cost(load) / cost(update);
  return {
    target: `event loop CPU a request <= ${MAXIMUM_RATIO}x the strategy update's`,
    met: ratio <= MAXIMUM_RATIO && load.errors + load.non2xx === 0,
    note: `${ratio.toFixed(2)}x the update's ${Math.round(cost(update))} µs; rate ${(update.requestsPerSecond / load.requestsPerSecond).toFixed(2)}x lower`,
  };
}

/** Clones of the seeded features, each under a new name (a run's names never repeat: the sequence is shared). */
async function cloneLoad(server: BenchServer): Promise<LoadOptions> {
  const run = randomUUID().slice(0, 8);
  let sent = 0;
  const next = () => {
    const sequence = sent++;
    return {
      path: `${FEATURES_URL}/bench-feature-${(sequence * 7919) % FEATURES}/clone`,
      body: JSON.stringify({ name: `bench-clone-${run}-${sequence}` }),
    };
  };
  await check(server, next(), 201, 'clone');
  return { method: 'POST', path: `${FEATURES_URL}/bench-feature-0/clone`, requestFor: next, connections: 10 };
}

/**
 * Batches of 10 features switched off in production, then on again on the next pass over the 10,000 (all start on),
 * so every request changes its 10 rows. Ten connections never hold the same batch: a batch comes round again 1,000
 * requests later.
 */
async function bulkToggleLoad(server: BenchServer): Promise<LoadOptions> {
  const batches = FEATURES / BULK;
  let sent = 0;
  const next = () => {
    const sequence = sent++;
    const batch = sequence % batches;
    const action = Math.floor(sequence / batches) % 2 === 0 ? 'off' : 'on';
    const features = Array.from({ length: BULK }, (_, i) => `bench-feature-${batch * BULK + i}`);
    return { path: `/api/admin/projects/default/bulk_features/environments/production/${action}`, body: JSON.stringify({ features }) };
  };
  await check(server, next(), 200, 'bulk toggle');
  return {
    method: 'POST',
    path: '/api/admin/projects/default/bulk_features/environments/production/off',
    requestFor: next,
    connections: 10,
  };
}

async function check(server: BenchServer, request: { path: string; body: string }, status: number, name: string): Promise<void> {
  const res = await fetch(`${server.baseUrl}${request.path}`, { method: 'POST', headers: HEADERS, body: request.body });
  if (res.status !== status) throw new Error(`bulk writes, ${name}: expected ${status}, got ${res.status}: ${await res.text()}`);
}

/** PostgreSQL against SQLite (`postgresAgainstSqlite`). */
export const compare = postgresAgainstSqlite;
