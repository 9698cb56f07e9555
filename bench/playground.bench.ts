import type { BenchContext, BenchResult, BenchServer } from './lib/harness.js';
import { withServer } from './lib/harness.js';
import {
  ADMIN,
  CLIENT,
  ENVIRONMENT,
  megabytes,
  OneAtATime,
  round,
  seedClientToken,
  strategiesIn,
  type StrategyToUpdate,
} from './lib/one-at-a-time.js';
import { SEED_PROJECTS, seedSearchData } from './search.seed.js';

/**
 * Issue 35's playground figures, on the benchmark seed (10,000 flags over ten projects, 1–3 constrained strategies
 * each), one request at a time so each figure is the cost of one answer (median of REQUESTS):
 * - the playground over every flag in production, against the full `/api/client/features` answer of the same flags
 *   (first answer after a change, which builds the snapshot the playground reads too; the kept answer beside it):
 *   within 2x;
 * - the advanced form over one project (about 1,000 flags) with 1, 2, 4 and 8 context combinations: the cost per
 *   combination stays within 1.5x of the single one's (linear growth);
 * - `PUT /api/admin/feature-types/{id}/lifetime` against the strategy update: within 1.5x.
 */
const FEATURES = 10_000;
const REQUESTS = Number(process.env.BENCH_PLAYGROUND_REQUESTS ?? 15);

export async function run(ctx: BenchContext): Promise<BenchResult[]> {
  let strategies: StrategyToUpdate[] = [];
  return withServer(
    ctx,
    async (db) => {
      await seedSearchData(db, { features: FEATURES });
      await seedClientToken(db);
      strategies = await strategiesIn(db, 2 * REQUESTS + 10);
    },
    (server) => new PlaygroundRun(ctx, server, strategies).all(),
    // The advanced figures evaluate up to 8 combinations of a thousand flags.
    { PLAYGROUND_EVALUATION_LIMIT: '1000000' },
  );
}

class PlaygroundRun {
  private readonly results: BenchResult[] = [];
  private readonly requests: OneAtATime;

  constructor(
    private readonly ctx: BenchContext,
    server: BenchServer,
    strategies: StrategyToUpdate[],
  ) {
    this.requests = new OneAtATime(server, strategies, REQUESTS);
  }

  async all(): Promise<BenchResult[]> {
    await this.playgroundAgainstClientAnswer();
    await this.advancedGrowth();
    await this.lifetimeAgainstStrategyUpdate();
    return this.results;
  }

  private async playgroundAgainstClientAnswer(): Promise<void> {
    const body = JSON.stringify({ environment: ENVIRONMENT, projects: '*', context: { appName: 'bench', userId: 'user-7' } });
    const probe = await this.requests.call('POST', '/api/admin/playground', ADMIN, body);
    const flags = (JSON.parse(probe.text) as { features: unknown[] }).features.length;
    const kept = await this.requests.median(() => this.requests.call('GET', '/api/client/features', CLIENT));
    const clientAfterChange = await this.requests.clientAnswerAfterChange();
    const playgroundAfterChange = await this.requests.median(async () => {
      await this.requests.strategyUpdate();
      return this.requests.call('POST', '/api/admin/playground', ADMIN, body);
    });
    const playground = await this.requests.median(() => this.requests.call('POST', '/api/admin/playground', ADMIN, body));
    const ratio = playgroundAfterChange / clientAfterChange;
    this.results.push({
      scenario: 'playground: every flag in one environment, against the full client answer after a change',
      database: this.ctx.database,
      features: flags,
      value: round(ratio),
      unit: 'x',
      target: '<= 2x',
      met: ratio <= 2,
      note:
        `playground ${round(playgroundAfterChange)} ms after a change, ${round(playground)} ms on a kept snapshot ` +
        `(${megabytes(probe.bytes)} MB); /api/client/features ${round(clientAfterChange)} ms after a change, ${round(kept)} ms kept (gzip)`,
    });
  }

  private async advancedGrowth(): Promise<void> {
    const project = SEED_PROJECTS[0];
    const perCombination: number[] = [];
    const notes: string[] = [];
    for (const combinations of [1, 2, 4, 8]) {
      const userIds = Array.from({ length: combinations }, (_, index) => `user-${index}`).join(',');
      const body = JSON.stringify({ environments: [ENVIRONMENT], projects: [project], context: { appName: 'bench', userId: userIds } });
      const first = await this.requests.call('POST', '/api/admin/playground/advanced', ADMIN, body);
      if (first.status !== 200) throw new Error(`advanced playground answered ${first.status}: ${first.text.slice(0, 200)}`);
      const ms = await this.requests.median(() => this.requests.call('POST', '/api/admin/playground/advanced', ADMIN, body));
      perCombination.push(ms / combinations);
      notes.push(`${combinations}: ${round(ms)} ms`);
    }
    const growth = Math.max(...perCombination) / Math.min(...perCombination);
    this.results.push({
      scenario: `playground advanced: cost per combination over 1-8 combinations (project ${project})`,
      database: this.ctx.database,
      value: round(growth),
      unit: 'x (largest / smallest cost per combination)',
      target: '<= 1.5x (linear)',
      met: growth <= 1.5,
      note: notes.join(', '),
    });
  }

  private async lifetimeAgainstStrategyUpdate(): Promise<void> {
    const strategyUpdate = await this.requests.median(() => this.requests.strategyUpdate());
    let days = 40;
    const lifetime = await this.requests.median(() =>
      this.requests.call('PUT', '/api/admin/feature-types/release/lifetime', ADMIN, JSON.stringify({ lifetimeDays: ++days })),
    );
    const ratio = lifetime / strategyUpdate;
    this.results.push({
      scenario: 'feature type lifetime write, against the strategy update',
      database: this.ctx.database,
      value: round(ratio),
      unit: 'x',
      target: '<= 1.5x',
      met: ratio <= 1.5,
      note: `lifetime ${round(lifetime)} ms, strategy update ${round(strategyUpdate)} ms`,
    });
  }
}
