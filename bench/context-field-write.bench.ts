import { randomUUID } from 'node:crypto';
import type { Database } from '../src/core/database/database.js';
import {
  BENCH_ADMIN_TOKEN,
  type BenchContext,
  type BenchResult,
  type BenchServer,
  figures,
  inTurns,
  type LoadOptions,
  withServer,
} from './lib/harness.js';
import { seedFeatures, updateLoad } from './strategy-update.bench.js';

const FEATURES = 10_000;
const FIELDS = 50;
/** Issue 35's target: a write added there costs at most 1.5x the strategy update's. */
const MAXIMUM_COST_RATIO = 1.5;
const SECONDS = Number(process.env.BENCH_ROUTE_SECONDS ?? 8);
const ROUNDS = 4;
const WARM_UP_SECONDS = 2;

/**
 * Issue 35's context field writes against the strategy update, on one server holding 10,000 features with one
 * strategy each (the strategy-update seed) and 50 context fields: `PUT /api/admin/context/{name}` (a real change of
 * description and legal values each time) and `POST …/legal-values`, loaded in turns with the strategy update
 * (`inTurns`), so the ratio of their costs is taken under the same conditions. Cost: the event loop's CPU time a
 * request.
 */
export async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const strategyIds: string[] = Array.from({ length: FEATURES }, () => randomUUID());
  return withServer(
    ctx,
    async (db) => {
      await seedFeatures(db, strategyIds);
      await seedFields(db);
    },
    async (server) => {
      const [strategy, field, legalValue] = await inTurns(
        [
          { server, options: await updateLoad(server, strategyIds) },
          { server, options: await fieldLoad(server) },
          { server, options: await legalValueLoad(server) },
        ],
        { rounds: ROUNDS, seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS },
      );
      const strategyFigures = figures(strategy);
      const against = (scenario: string, load: typeof field): BenchResult => {
        const own = figures(load);
        const ratio = (own.cpuUsPerRequest ?? 0) / (strategyFigures.cpuUsPerRequest ?? 1);
        return {
          scenario,
          database: ctx.database,
          features: FEATURES,
          ...own,
          errors: load.errors + load.non2xx,
          target: `<= ${MAXIMUM_COST_RATIO}x the strategy update's cost`,
          met: ratio <= MAXIMUM_COST_RATIO && load.errors + load.non2xx === 0,
          note: `${ratio.toFixed(2)}x the strategy update's event loop CPU a request (${strategyFigures.cpuUsPerRequest} µs), in turns with it`,
        };
      };
      return [
        {
          scenario: 'strategy update (PUT, in turns with the context field writes)',
          database: ctx.database,
          features: FEATURES,
          ...strategyFigures,
          errors: strategy.errors + strategy.non2xx,
        },
        against('context field update (PUT /api/admin/context/{name})', field),
        against('context field legal value (POST …/legal-values)', legalValue),
      ];
    },
  );
}

/** Each request a different field and a real change (the description and the legal values move with the sequence). */
async function fieldLoad(server: BenchServer): Promise<LoadOptions> {
  const requestFor = (sequence: number) => ({
    path: `/api/admin/context/bench-field-${sequence % FIELDS}`,
    body: JSON.stringify({
      description: `Step ${sequence}`,
      stickiness: sequence % 2 === 0,
      sortOrder: sequence % 10,
      legalValues: Array.from({ length: 5 }, (_, i) => ({ value: `v${(sequence + i) % 50}`, description: `Value ${i}` })),
    }),
  });
  return checked(server, { method: 'PUT', path: requestFor(0).path, requestFor, connections: 10 });
}

async function legalValueLoad(server: BenchServer): Promise<LoadOptions> {
  const requestFor = (sequence: number) => ({
    path: `/api/admin/context/bench-field-${sequence % FIELDS}/legal-values`,
    body: JSON.stringify({ value: `lv-${sequence % 200}`, description: `Seen at ${sequence}` }),
  });
  return checked(server, { method: 'POST', path: requestFor(0).path, requestFor, connections: 10 });
}

/** The load, once its first request answered 200. */
async function checked(server: BenchServer, options: LoadOptions): Promise<LoadOptions> {
  const first = options.requestFor!(1_000_000);
  const res = await fetch(`${server.baseUrl}${first.path}`, {
    method: options.method,
    headers: { authorization: BENCH_ADMIN_TOKEN, 'content-type': 'application/json' },
    body: first.body,
  });
  if (res.status !== 200) throw new Error(`context field write: expected 200, got ${res.status}: ${await res.text()}`);
  return options;
}

async function seedFields(db: Database): Promise<void> {
  const now = db.toTimestamp(new Date());
  for (let i = 0; i < FIELDS; i++) {
    await db.execute(
      `INSERT INTO flagwright_context_fields (name, description, legal_values, created_at) VALUES (:name, 'Bench', :legalValues, :now)`,
      { name: `bench-field-${i}`, legalValues: JSON.stringify([{ value: 'v0' }]), now },
    );
  }
}
