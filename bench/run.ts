import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { DataSource } from 'typeorm';
import { type BenchContext, type BenchResult, type DatabaseKind, printResults } from './lib/harness.js';
import { SCENARIOS } from './scenarios.js';

/**
 * `npm run bench [-- --db sqlite|postgres|both] [--only name,name] [--sizes 10000,100000]`, or the same through the
 * environment (BENCH_DB, BENCH_ONLY, BENCH_SIZES), e.g. `BENCH_ONLY=sdk BENCH_DB=sqlite npm run bench`.
 * Scenario names: footprint, trivial-route, strategy-update, context-field-write, search, sdk, login.
 * Runs each scenario against the built server (dist/) over loopback and writes bench/results/<time>.json.
 */
async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databases: DatabaseKind[] =
    args.db === 'both' ? ['sqlite', ...((await reachable(postgresUrl)) ? ['postgres' as const] : [])] : [args.db as DatabaseKind];
  if (args.db === 'both' && databases.length === 1) console.log('PostgreSQL is unreachable: benchmarking SQLite only.');
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`Flagwright benchmarks on ${machine}`);
  const started = performance.now();
  const results: BenchResult[] = [];
  for (const scenario of SCENARIOS.filter((s) => !args.only || args.only.includes(s.name))) {
    const scenarioResults: BenchResult[] = [];
    const contextOf = (database: DatabaseKind): BenchContext => ({ database, postgresUrl, sizes: args.sizes });
    if (scenario.runTogether) {
      console.log(`\n${scenario.name} on ${databases.join(' and ')}${databases.length > 1 ? ', in turns' : ''}`);
      scenarioResults.push(...(await scenario.runTogether(databases.map(contextOf))));
      printResults(scenarioResults);
    } else {
      for (const database of databases) {
        console.log(`\n${scenario.name} on ${database}`);
        const databaseResults = await scenario.run(contextOf(database));
        printResults(databaseResults);
        scenarioResults.push(...databaseResults);
      }
    }
    const derived = databases.length > 1 ? (scenario.compare?.(scenarioResults) ?? []) : [];
    if (derived.length) {
      console.log(`\n${scenario.name}: PostgreSQL against SQLite`);
      printResults(derived);
    }
    results.push(...scenarioResults, ...derived);
  }
  console.log(`\nRan in ${Math.round((performance.now() - started) / 1000)} s.`);
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, `${JSON.stringify({ machine, ranAt: new Date().toISOString(), results }, null, 2)}\n`);
  console.log(`\nWrote ${file}`);
}

/** Each option from its argument, else from its BENCH_* environment variable (handy where `--` is awkward). */
function parseArgs(argv: string[]): { db: string; only?: string[]; sizes: number[] } {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : process.env[`BENCH_${name.toUpperCase()}`] || undefined;
  };
  const db = value('db') ?? 'both';
  if (!['sqlite', 'postgres', 'both'].includes(db)) throw new Error('--db (BENCH_DB) takes sqlite, postgres or both');
  const only = value('only')?.split(',');
  const unknown = only?.filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown?.length)
    throw new Error(
      `--only (BENCH_ONLY) names unknown scenarios: ${unknown.join(', ')}; there are ${SCENARIOS.map((s) => s.name).join(', ')}`,
    );
  return { db, only, sizes: (value('sizes') ?? '10000,100000').split(',').map(Number) };
}

async function reachable(url: string): Promise<boolean> {
  const probe = new DataSource({ type: 'postgres', url, connectTimeoutMS: 2000 });
  try {
    await probe.initialize();
    await probe.destroy();
    return true;
  } catch {
    return false;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
