import { BenchDatabase, type BenchContext, type BenchResult, BenchServer } from './lib/harness.js';

/** Issue 13's footprint targets (issue 2 asked for under 1.5 s and 120 MB). */
const MAXIMUM_START_MS = 1000;
const MAXIMUM_IDLE_RSS_MB = 120;

/**
 * The footprint: cold start to a healthy /health on an existing (already migrated and seeded) database, and idle
 * memory. The anchor takes about 5 s and 200 MB on this machine kind.
 */
export async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const database = await BenchDatabase.create(ctx);
  try {
    const first = await BenchServer.start(database);
    await first.stop();
    const starts: number[] = [];
    let idleRssMb = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      const server = await BenchServer.start(database);
      starts.push(server.startupMs);
      await new Promise((done) => setTimeout(done, 2000));
      idleRssMb = Math.max(idleRssMb, server.memory().rssMb);
      await server.stop();
    }
    const median = Math.round(starts.sort((a, b) => a - b)[1]);
    idleRssMb = Math.round(idleRssMb);
    return [
      {
        scenario: 'cold start to healthy /health (median of 3)',
        database: ctx.database,
        value: median,
        unit: 'ms',
        target: `<= ${MAXIMUM_START_MS} ms`,
        met: median <= MAXIMUM_START_MS,
      },
      {
        scenario: 'idle memory (RSS, 2 s after start)',
        database: ctx.database,
        value: idleRssMb,
        unit: 'MB',
        target: `<= ${MAXIMUM_IDLE_RSS_MB} MB`,
        met: idleRssMb <= MAXIMUM_IDLE_RSS_MB,
      },
    ];
  } finally {
    await database.drop();
  }
}
