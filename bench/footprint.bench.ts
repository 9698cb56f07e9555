import { BenchDatabase, type BenchContext, type BenchResult, BenchServer } from './lib/harness.js';

/**
 * Issue 2's footprint: cold start to a healthy /health on an existing (already migrated and seeded) database,
 * and idle memory. The anchor takes about 5 s and 200 MB on this machine kind.
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
    const median = starts.sort((a, b) => a - b)[1];
    return [
      {
        scenario: 'cold start to healthy /health (median of 3)',
        database: ctx.database,
        value: Math.round(median),
        unit: 'ms',
        target: '< 1500 ms',
      },
      {
        scenario: 'idle memory (RSS, 2 s after start)',
        database: ctx.database,
        value: Math.round(idleRssMb),
        unit: 'MB',
        target: '< 120 MB',
      },
    ];
  } finally {
    await database.drop();
  }
}
