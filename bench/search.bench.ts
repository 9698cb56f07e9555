import { BENCH_ADMIN_TOKEN, type BenchContext, type BenchResult, type BenchServer, withServer } from './lib/harness.js';
import { COMMON_TERM, seedSearchData } from './search.seed.js';

/**
 * Issue 4: GET /api/admin/search/features at 10,000 and 100,000 features (realistic data, see search.seed.ts),
 * 10 connections over loopback. Targets at 10,000 features on SQLite: the default page >= 1,500 req/s with p99
 * <= 25 ms, every scenario >= 500 req/s; at 100,000 every scenario within 3x of its 10,000-feature figure.
 * The anchor (Unleash 8.2, PostgreSQL) serves the default page at ~6 req/s (p50 1.4 s) at 10,000 features.
 */
const SCENARIOS: { name: string; query: string; minimum: number }[] = [
  { name: 'default page', query: '', minimum: 1500 },
  { name: `query=${COMMON_TERM} (common term)`, query: `?query=${COMMON_TERM}`, minimum: 500 },
  // Issue 13's filtered search (its seed's `simple:foo` is this seed's `simple:beta`).
  { name: 'query=checkout + tag simple:beta', query: '?query=checkout&tag=INCLUDE:simple:beta', minimum: 500 },
  { name: 'tag + project + state filter', query: '?tag=INCLUDE:team:payments&project=IS:payments&state=IS:active', minimum: 500 },
  { name: 'sortBy=name desc at offset 5000', query: '?sortBy=name&sortOrder=desc&offset=5000', minimum: 500 },
  { name: 'sortBy=environment:production', query: '?sortBy=environment:production', minimum: 500 },
];

const PATH = '/api/admin/search/features';
const DURATION_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 8);

export async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const features of ctx.sizes) {
    const seedStarted = performance.now();
    await withServer(
      ctx,
      async (db) => {
        await seedSearchData(db, { features, favoritesOf: 1 });
        console.log(`  seeded ${features.toLocaleString('en')} features in ${Math.round((performance.now() - seedStarted) / 1000)} s`);
      },
      async (server) => {
        await checkScenarios(server);
        // Warm-up: the server's code gets compiled, and each search takes its count once (then kept per generation).
        for (const scenario of SCENARIOS) await server.load({ path: `${PATH}${scenario.query}`, durationSeconds: 2 });
        for (const scenario of SCENARIOS) {
          const load = await server.load({ path: `${PATH}${scenario.query}`, durationSeconds: DURATION_SECONDS });
          if (load.non2xx) throw new Error(`${scenario.name}: ${load.non2xx} responses were not 2xx`);
          const ten = results.find(
            (r) => r.scenario === `search: ${scenario.name}` && r.database === ctx.database && r.features === 10_000,
          );
          results.push({
            scenario: `search: ${scenario.name}`,
            database: ctx.database,
            features,
            requestsPerSecond: load.requestsPerSecond,
            p50Ms: load.p50Ms,
            p99Ms: load.p99Ms,
            errors: load.errors,
            target:
              features === 10_000
                ? `>= ${scenario.minimum} req/s${scenario.name === 'default page' ? ', p99 <= 25 ms' : ''}${ctx.database === 'postgres' ? ' (SQLite target)' : ''}`
                : ten?.requestsPerSecond
                  ? `>= ${Math.ceil(ten.requestsPerSecond / 3)} req/s (a third of the 10,000-feature figure)`
                  : undefined,
          });
        }
        results.push({
          scenario: 'search: peak server memory (RSS)',
          database: ctx.database,
          features,
          value: Math.round(server.memory().peakRssMb),
          unit: 'MB',
        });
      },
    );
  }
  return results;
}

/** Every scenario must answer a full page before it is measured: a fast empty answer would prove nothing. */
async function checkScenarios(server: BenchServer): Promise<void> {
  for (const scenario of SCENARIOS) {
    const response = await fetch(`${server.baseUrl}${PATH}${scenario.query}`, { headers: { authorization: BENCH_ADMIN_TOKEN } });
    const body = (await response.json()) as { features?: unknown[]; total?: number };
    if (response.status !== 200 || body.features?.length !== 50) {
      throw new Error(
        `${scenario.name}: expected a page of 50 features, got ${response.status} with ${body.features?.length} of ${body.total}`,
      );
    }
    console.log(`  ${scenario.name}: ${body.total} matching features`);
  }
}
