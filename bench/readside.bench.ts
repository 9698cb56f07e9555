import { BENCH_ADMIN_TOKEN, type BenchContext, type BenchResult, type BenchServer, figures, inTurns, withServers } from './lib/harness.js';
import { EVENT_CREATOR_IDS, seedEvents, seedHourlyMetrics } from './readside.seed.js';
import { seedSearchData } from './search.seed.js';

/**
 * Issue 35's read side at 10,000 flags with 1,000,000 events (`BENCH_READSIDE_EVENTS` to seed fewer on a slow
 * machine) and 48 hours of hourly metrics for every flag: event search (default page, by feature, type, creator,
 * project and day range) and a flag's metrics (the 48-hour series and the last hour), each within 1.5x the cost of the
 * default feature search page, loaded in turns with it on the same server(s).
 */
const FLAGS = 10_000;
const EVENTS = Number(process.env.BENCH_READSIDE_EVENTS ?? 1_000_000);
const METRICS_HOURS = 48;
const DURATION_SECONDS = Number(process.env.BENCH_READSIDE_SECONDS ?? 5);
const ROUNDS = 2;

const ANCHOR = { name: 'feature search: default page', path: '/api/admin/search/features' };

function scenarios(flag: string): { name: string; path: string }[] {
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  return [
    ANCHOR,
    { name: 'event search: default page', path: '/api/admin/search/events' },
    { name: 'event search: feature', path: '/api/admin/search/events?feature=IS:evflag-42' },
    { name: 'event search: type', path: '/api/admin/search/events?type=IS:feature-updated' },
    { name: 'event search: creator', path: `/api/admin/search/events?createdBy=IS:${EVENT_CREATOR_IDS[3]}` },
    { name: 'event search: project + last 30 days', path: `/api/admin/search/events?project=IS:payments&from=IS:${monthAgo}` },
    { name: 'flag metrics: 48-hour series', path: `/api/admin/client-metrics/features/${encodeURIComponent(flag)}/raw?hoursBack=48` },
    { name: 'flag metrics: last hour', path: `/api/admin/client-metrics/features/${encodeURIComponent(flag)}` },
  ];
}

export async function runTogether(ctxs: BenchContext[]): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  let flag = '';
  await withServers(
    ctxs,
    async (db, ctx) => {
      const started = performance.now();
      const now = new Date();
      // The year of events first: ids follow the clock, as they do in a running service (EventTotals relies on it).
      await seedEvents(db, EVENTS, now);
      await seedSearchData(db, { features: FLAGS, favoritesOf: 1 });
      await seedHourlyMetrics(db, METRICS_HOURS, now);
      if (db.isPostgres) await db.execute('ANALYZE');
      flag = (await db.one<{ name: string }>('SELECT name FROM flagwright_features ORDER BY name LIMIT 1 OFFSET 5000'))!.name;
      console.log(
        `  [${ctx.database}] seeded ${FLAGS.toLocaleString('en')} flags, ${EVENTS.toLocaleString('en')} events and ${METRICS_HOURS} hours of metrics in ${Math.round((performance.now() - started) / 1000)} s`,
      );
    },
    async (servers) => {
      const list = scenarios(flag);
      for (const [index, server] of servers.entries()) await check(server, ctxs[index].database, list);
      for (const scenario of list) for (const server of servers) await server.load({ path: scenario.path, durationSeconds: 1 });
      const loads = await inTurns(
        list.flatMap((scenario) => servers.map((server) => ({ server, options: { path: scenario.path } }))),
        { rounds: ROUNDS, seconds: DURATION_SECONDS, warmUpSeconds: 0 },
      );
      for (const [index, ctx] of ctxs.entries()) {
        const anchorRate = loads[index].requestsPerSecond;
        for (const [scenarioIndex, scenario] of list.entries()) {
          const load = loads[scenarioIndex * servers.length + index];
          if (load.non2xx) throw new Error(`${scenario.name} on ${ctx.database}: ${load.non2xx} responses were not 2xx`);
          const floor = Math.ceil(anchorRate / 1.5);
          results.push({
            scenario: `read side: ${scenario.name}`,
            database: ctx.database,
            features: FLAGS,
            ...figures(load),
            ...(scenario === ANCHOR
              ? { note: `${EVENTS.toLocaleString('en')} events in the database` }
              : {
                  target: `>= ${floor} req/s (within 1.5x of the default feature search page)`,
                  met: load.requestsPerSecond >= floor,
                  note: `${(anchorRate / load.requestsPerSecond).toFixed(2)}x the default page's cost`,
                }),
          });
        }
      }
    },
  );
  return results;
}

/** Every scenario must answer a full page (or a full series) before it is measured: a fast empty answer proves nothing. */
async function check(server: BenchServer, database: string, list: { name: string; path: string }[]): Promise<void> {
  for (const scenario of list) {
    const response = await fetch(`${server.baseUrl}${scenario.path}`, { headers: { authorization: BENCH_ADMIN_TOKEN } });
    const body = (await response.json()) as {
      events?: unknown[];
      features?: unknown[];
      total?: number;
      data?: unknown[];
      lastHourUsage?: unknown[];
    };
    const size = body.events?.length ?? body.features?.length ?? body.data?.length ?? body.lastHourUsage?.length ?? 0;
    if (response.status !== 200 || size === 0) throw new Error(`${scenario.name} on ${database}: ${response.status} with ${size} items`);
    console.log(`  [${database}] ${scenario.name}: ${size} items${body.total === undefined ? '' : ` of ${body.total}`}`);
  }
}
