import {
  BENCH_ADMIN_TOKEN,
  type BenchContext,
  type BenchDatabase,
  type BenchResult,
  type BenchServer,
  figures,
  inTurns,
  withServers,
} from './lib/harness.js';
import { COMMON_TERM, seedSearchData } from './search.seed.js';

/**
 * GET /api/admin/search/features at 10,000 and 100,000 features (realistic data, see search.seed.ts), 10 connections
 * over loopback. Issue 13's targets: the default page at 10,000 features >= 2,500 req/s with p99 <= 15 ms; its
 * `query=checkout&tag=INCLUDE:simple:foo` (241 matches in its seed) >= 1,500 req/s with p99 <= 20 ms (PostgreSQL
 * >= 1,000); every filtered scenario within 1.5x of the default page measured in the same run, at both sizes; and
 * PostgreSQL within 1.5x of SQLite (`compare`). Issue 4's: at 100,000 the default page within 3x of its 10,000 figure.
 * The anchor (Unleash 8.2, PostgreSQL) serves the default page at ~6.7 req/s and the query+tag search at ~36.
 *
 * Searches asked again are answered from what the service keeps per generation, which is what the rates measure;
 * the first answer after a change (the generation moved, so counts, page and items are read again) is measured
 * apart, as its median over a few changes.
 */
interface SearchScenario {
  name: string;
  query: string;
  /** Rate and p99 targets at 10,000 features, on SQLite (and on PostgreSQL when `postgresRate` says so). */
  rate?: number;
  p99?: number;
  postgresRate?: number;
}

const DEFAULT_PAGE: SearchScenario = { name: 'default page', query: '', rate: 2500, p99: 15 };
const SCENARIOS: SearchScenario[] = [
  DEFAULT_PAGE,
  { name: `query=${COMMON_TERM} (common term)`, query: `?query=${COMMON_TERM}` },
  // Issue 13's filtered search: this seed's simple tag with the most matches together with `checkout` (168 at 10,000).
  {
    name: 'query=checkout&tag=INCLUDE:simple:beta',
    query: '?query=checkout&tag=INCLUDE:simple:beta',
    rate: 1500,
    p99: 20,
    postgresRate: 1000,
  },
  { name: 'tag + project + state filter', query: '?tag=INCLUDE:team:payments&project=IS:payments&state=IS:active' },
  { name: 'sortBy=name desc at offset 5000', query: '?sortBy=name&sortOrder=desc&offset=5000' },
  { name: 'sortBy=environment:production', query: '?sortBy=environment:production' },
];

const PATH = '/api/admin/search/features';
/** Measured seconds of each scenario on each server, over ROUNDS turns. */
const DURATION_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 8);
const ROUNDS = 2;
/** Changes before each timed first answer; the median is reported. */
const CHANGES = 5;

/**
 * At each size, every database's server is up at once, and every scenario on every server is loaded in turns
 * (`inTurns`: each round loads them all, one after another), so each filtered figure against the default page, and
 * PostgreSQL against SQLite, compare loads taken under the same conditions. With each scenario in a window of its
 * own, the machine's drift alone moved the environment sort from 0.69x to 1.57x the default page's cost between runs.
 */
export async function runTogether(ctxs: BenchContext[]): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const features of ctxs[0].sizes) {
    await withServers(
      ctxs,
      async (db, ctx) => {
        const seedStarted = performance.now();
        await seedSearchData(db, { features, favoritesOf: 1 });
        console.log(
          `  [${ctx.database}] seeded ${features.toLocaleString('en')} features in ${Math.round((performance.now() - seedStarted) / 1000)} s`,
        );
      },
      async (servers, databases) => {
        for (const [index, server] of servers.entries()) await checkScenarios(server, ctxs[index].database);
        // Warm-up: each server's code gets compiled, and each search is read once (then kept per generation).
        for (const scenario of SCENARIOS)
          for (const server of servers) await server.load({ path: `${PATH}${scenario.query}`, durationSeconds: 2 });
        const loads = await inTurns(
          SCENARIOS.flatMap((scenario) => servers.map((server) => ({ server, options: { path: `${PATH}${scenario.query}` } }))),
          { rounds: ROUNDS, seconds: DURATION_SECONDS, warmUpSeconds: 0 },
        );
        const defaultRates: number[] = [];
        for (const [scenarioIndex, scenario] of SCENARIOS.entries()) {
          for (const [index, ctx] of ctxs.entries()) {
            const load = loads[scenarioIndex * servers.length + index];
            if (load.non2xx) throw new Error(`${scenario.name} on ${ctx.database}: ${load.non2xx} responses were not 2xx`);
            if (scenario === DEFAULT_PAGE) defaultRates[index] = load.requestsPerSecond;
            const defaultRate = defaultRates[index];
            const ten = results.find(
              (r) => r.scenario === `search: ${scenario.name}` && r.database === ctx.database && r.features === 10_000,
            );
            const { target, met } = targetOf(scenario, ctx, features, defaultRate, ten?.requestsPerSecond);
            results.push({
              scenario: `search: ${scenario.name}`,
              database: ctx.database,
              features,
              ...figures(load),
              target,
              met: met(load.requestsPerSecond, load.p99Ms),
              ...(scenario === DEFAULT_PAGE
                ? {}
                : { note: `${(defaultRate / load.requestsPerSecond).toFixed(2)}x the default page's cost` }),
            });
          }
        }
        for (const [index, ctx] of ctxs.entries()) {
          results.push({
            scenario: 'search: peak server memory (RSS)',
            database: ctx.database,
            features,
            value: Math.round(servers[index].memory().peakRssMb),
            unit: 'MB',
          });
          for (const scenario of SCENARIOS)
            results.push(await firstAnswerAfterChange(servers[index], databases[index], scenario, ctx, features));
        }
      },
    );
  }
  return results;
}

/** Issue 13's rate and p99 at 10,000 features; otherwise within 1.5x of the default page (3x of 10,000 for it). */
function targetOf(
  scenario: SearchScenario,
  ctx: BenchContext,
  features: number,
  defaultRate: number,
  rateAtTen: number | undefined,
): { target?: string; met: (rate: number, p99: number) => boolean | undefined } {
  const atTen = features === 10_000;
  const rate = ctx.database === 'postgres' ? scenario.postgresRate : scenario.rate;
  if (atTen && rate !== undefined && scenario.p99 !== undefined) {
    return { target: `>= ${rate} req/s, p99 <= ${scenario.p99} ms`, met: (r, p99) => r >= rate && p99 <= scenario.p99! };
  }
  if (scenario !== DEFAULT_PAGE) {
    const floor = Math.ceil(defaultRate / 1.5);
    return { target: `>= ${floor} req/s (within 1.5x of the default page)`, met: (r) => r >= floor };
  }
  if (!atTen && rateAtTen) {
    const floor = Math.ceil(rateAtTen / 3);
    return { target: `>= ${floor} req/s (a third of the 10,000-feature figure)`, met: (r) => r >= floor };
  }
  return { target: ctx.database === 'postgres' ? 'within 1.5x of SQLite (below)' : undefined, met: () => undefined };
}

/**
 * The latency of the first answer after a change that every search can see (a feature's description is set to
 * itself, which moves `flagwright_search_generation`): the median of CHANGES tries, each alone on the server.
 */
async function firstAnswerAfterChange(
  server: BenchServer,
  database: BenchDatabase,
  scenario: SearchScenario,
  ctx: BenchContext,
  features: number,
): Promise<BenchResult> {
  const { db, close } = await database.open();
  const times: number[] = [];
  try {
    for (let i = 0; i < CHANGES; i++) {
      await db.execute('UPDATE flagwright_features SET description = description WHERE name = (SELECT MIN(name) FROM flagwright_features)');
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}${PATH}${scenario.query}`, { headers: { authorization: BENCH_ADMIN_TOKEN } });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
  } finally {
    await close();
  }
  times.sort((a, b) => a - b);
  return {
    scenario: `search: ${scenario.name}, first answer after a change`,
    database: ctx.database,
    features,
    value: Math.round(times[Math.floor(CHANGES / 2)] * 10) / 10,
    unit: 'ms (median)',
  };
}

/** Every scenario must answer a full page before it is measured: a fast empty answer would prove nothing. */
async function checkScenarios(server: BenchServer, database: string): Promise<void> {
  for (const scenario of SCENARIOS) {
    const response = await fetch(`${server.baseUrl}${PATH}${scenario.query}`, { headers: { authorization: BENCH_ADMIN_TOKEN } });
    const body = (await response.json()) as { features?: unknown[]; total?: number };
    if (response.status !== 200 || body.features?.length !== 50) {
      throw new Error(
        `${scenario.name} on ${database}: expected a page of 50 features, got ${response.status} with ${body.features?.length} of ${body.total}`,
      );
    }
    console.log(`  [${database}] ${scenario.name}: ${body.total} matching features`);
  }
}
