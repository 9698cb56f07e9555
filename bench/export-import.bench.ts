import { hashSecret } from '../src/core/access/secrets.js';
import type { Database } from '../src/core/database/database.js';
import { SqlPatStore } from '../src/modules/personal-access-tokens/pat.store.js';
import { type BenchContext, type BenchResult, withServer } from './lib/harness.js';
import { ADMIN, ENVIRONMENT, megabytes, OneAtATime, round, seedClientToken, strategiesIn } from './lib/one-at-a-time.js';
import { seedSearchData } from './search.seed.js';

/**
 * Issue 35's export and import on the benchmark seed (10,000 flags over ten projects), one request at a time, each
 * figure the median of BENCH_PLAYGROUND_REQUESTS answers:
 * - the export of every flag in production against the full `/api/client/features` answer of the same flags, taken
 *   as the first answer after a strategy update: both read every flag with its strategies, segments and variants in
 *   the environment from the database and serialize them (the client answer only after a change, the export at
 *   every request, with its tags, dependencies and context fields, and an event); within 2x, the playground's target
 *   for the same comparison;
 * - the import of one flag's export back into its project (the feature updated, its strategies removed and added
 *   again, its tags and state set, each change with its event) against the strategy update, a write of one strategy
 *   and its event: within 1.5x, the issue's target for the writes it adds.
 */
const FEATURES = 10_000;
const REQUESTS = Number(process.env.BENCH_PLAYGROUND_REQUESTS ?? 15);
/** An import must come from a person or a service account: the admin user's personal access token. */
const PAT = 'user:be4c0e5b0e4c0e5b0e4c0e5b0e4c0e5b0e4c0e5b0e4c0e5b0e4c0e5b0e4c0e5b';
const PERSON = { authorization: PAT, 'content-type': 'application/json' };

export async function run(ctx: BenchContext): Promise<BenchResult[]> {
  let strategies: Awaited<ReturnType<typeof strategiesIn>> = [];
  return withServer(
    ctx,
    async (db) => {
      await seedSearchData(db, { features: FEATURES });
      await seedClientToken(db);
      await seedPat(db);
      strategies = await strategiesIn(db, 2 * REQUESTS + 10);
    },
    async (server) => {
      const requests = new OneAtATime(server, strategies, REQUESTS);
      const results: BenchResult[] = [];

      const exportBody = JSON.stringify({ environment: ENVIRONMENT, features: [] });
      const probe = await requests.call('POST', '/api/admin/features-batch/export', ADMIN, exportBody);
      if (probe.status !== 200) throw new Error(`export answered ${probe.status}: ${probe.text.slice(0, 200)}`);
      const exported = (JSON.parse(probe.text) as { features: unknown[] }).features.length;
      const clientAfterChange = await requests.clientAnswerAfterChange();
      const exportMs = await requests.median(() => requests.call('POST', '/api/admin/features-batch/export', ADMIN, exportBody));
      const exportRatio = exportMs / clientAfterChange;
      results.push({
        scenario: 'export of every flag in one environment, against the full client answer after a change',
        database: ctx.database,
        features: exported,
        value: round(exportRatio),
        unit: 'x',
        target: '<= 2x',
        met: exportRatio <= 2,
        note: `export ${round(exportMs)} ms (${megabytes(probe.bytes)} MB); /api/client/features ${round(clientAfterChange)} ms after a change (gzip)`,
      });

      const { feature, project } = strategies[0];
      const oneFlag = await requests.call(
        'POST',
        '/api/admin/features-batch/export',
        ADMIN,
        JSON.stringify({ environment: ENVIRONMENT, features: [feature] }),
      );
      const data = JSON.parse(oneFlag.text) as { features: { description: string | null }[]; featureStrategies: unknown[] };
      let imports = 0;
      const importOnce = async () => {
        // Each import a real change: the description differs every time.
        data.features[0].description = `Imported by the benchmark, ${++imports}`;
        const answer = await requests.call(
          'POST',
          '/api/admin/features-batch/import',
          PERSON,
          JSON.stringify({ project, environment: ENVIRONMENT, data }),
        );
        if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        return answer;
      };
      const strategyUpdate = await requests.median(() => requests.strategyUpdate());
      const importMs = await requests.median(importOnce);
      const importRatio = importMs / strategyUpdate;
      results.push({
        scenario: `import of one flag (${data.featureStrategies.length} strategies), against the strategy update`,
        database: ctx.database,
        value: round(importRatio),
        unit: 'x',
        target: '<= 1.5x',
        met: importRatio <= 1.5,
        note: `import ${round(importMs)} ms, strategy update ${round(strategyUpdate)} ms`,
      });
      return results;
    },
  );
}

/** PAT, for the admin user the service creates at its first start. */
async function seedPat(db: Database): Promise<void> {
  const admin = await db.one<{ id: number }>(`SELECT id FROM flagwright_users WHERE username = 'admin'`);
  if (!admin) throw new Error('The admin user is missing: the import needs a person');
  await new SqlPatStore(db).insert({
    userId: Number(admin.id),
    secretHash: hashSecret(PAT),
    description: 'bench export and import',
    expiresAt: new Date(Date.now() + 86_400_000),
    createdAt: new Date(),
  });
}
