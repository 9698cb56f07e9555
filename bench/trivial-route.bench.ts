import {
  BENCH_ADMIN_TOKEN,
  besideBareNest,
  type BenchContext,
  type BenchResult,
  databasesOf,
  figures,
  floorResult,
  postgresAgainstSqlite,
  shareOfFloor,
  withServers,
} from './lib/harness.js';

/**
 * Issue 13, item 1: an authenticated route that does almost nothing (`GET /api/admin/strategies` with an admin
 * token, 10 connections), so what it costs beyond the bare NestJS route is the service's own per-request machinery
 * (credential lookup, guards, logging, headers). Every database's server and the bare route, which is sent the same
 * authorization header, are up together and loaded in turns (`besideBareNest`). Targets, on SQLite: >= 5,000 req/s
 * and >= 75 % of the bare route; PostgreSQL's is to stay within 1.5x of SQLite (`compare`).
 */
const PATH = '/api/admin/strategies';
const SECONDS = Number(process.env.BENCH_ROUTE_SECONDS ?? 8);
const ROUNDS = 4;
const WARM_UP_SECONDS = 2;
const SCENARIO = `trivial route: GET ${PATH}, admin token`;

export async function runTogether(ctxs: BenchContext[]): Promise<BenchResult[]> {
  return withServers(ctxs, undefined, async (servers) => {
    for (const server of servers) {
      const answer = await fetch(`${server.baseUrl}${PATH}`, { headers: { authorization: BENCH_ADMIN_TOKEN } });
      const body = (await answer.json()) as { strategies?: unknown[] };
      if (answer.status !== 200 || !body.strategies?.length)
        throw new Error(`${SCENARIO}: expected 200 with the built-in strategy types, got ${answer.status}`);
    }
    const { loads, floor } = await besideBareNest(
      servers.map((server) => ({ server, options: { path: PATH } })),
      { floorHeaders: { authorization: BENCH_ADMIN_TOKEN }, rounds: ROUNDS, seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS },
    );
    return ctxs.flatMap(({ database }, index): BenchResult[] => {
      const load = loads[index];
      const ofFloor = shareOfFloor(load, floor);
      const onSqlite = database === 'sqlite';
      return [
        {
          scenario: 'trivial route: bare NestJS-on-Express route (floor)',
          database,
          ...floorResult(floor, 'the same authorization header', `the route on ${databasesOf(ctxs)}`),
        },
        {
          scenario: SCENARIO,
          database,
          ...figures(load),
          target: `>= 5,000 req/s, >= 75 % of the bare Nest route${onSqlite ? '' : ' (SQLite target)'}`,
          met: onSqlite ? load.requestsPerSecond >= 5000 && ofFloor.share >= 0.75 && load.non2xx === 0 : undefined,
          note: `${ofFloor.note}${load.non2xx ? `; ${load.non2xx} answers were not 2xx` : ''}`,
        },
      ];
    });
  });
}

/** PostgreSQL against SQLite (`postgresAgainstSqlite`). */
export const compare = postgresAgainstSqlite;
