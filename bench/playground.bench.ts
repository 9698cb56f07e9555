import { apiTokenPrefix } from '../src/core/access/api-token-format.js';
import { hashSecret } from '../src/core/access/secrets.js';
import type { Database } from '../src/core/database/database.js';
import { SqlApiTokenStore } from '../src/modules/api-tokens/api-token.store.js';
import { BENCH_ADMIN_TOKEN, type BenchContext, type BenchResult, type BenchServer, withServer } from './lib/harness.js';
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
const ENVIRONMENT = 'production';
const REQUESTS = Number(process.env.BENCH_PLAYGROUND_REQUESTS ?? 15);
const CLIENT_TOKEN = '[]:production.bench-playground-client-seed-projects-000000000000';
const ADMIN = { authorization: BENCH_ADMIN_TOKEN, 'content-type': 'application/json' };

export async function run(ctx: BenchContext): Promise<BenchResult[]> {
  let strategies: { id: string; feature: string; project: string }[] = [];
  return withServer(
    ctx,
    async (db) => {
      await seedSearchData(db, { features: FEATURES });
      await seedClientToken(db);
      strategies = await strategiesIn(db, ENVIRONMENT, 2 * REQUESTS + 10);
    },
    (server) => new PlaygroundRun(ctx, server, strategies).all(),
    // The advanced figures evaluate up to 8 combinations of a thousand flags.
    { PLAYGROUND_EVALUATION_LIMIT: '1000000' },
  );
}

class PlaygroundRun {
  private readonly results: BenchResult[] = [];
  private writes = 0;

  constructor(
    private readonly ctx: BenchContext,
    private readonly server: BenchServer,
    private readonly strategies: { id: string; feature: string; project: string }[],
  ) {}

  async all(): Promise<BenchResult[]> {
    await this.playgroundAgainstClientAnswer();
    await this.advancedGrowth();
    await this.lifetimeAgainstStrategyUpdate();
    return this.results;
  }

  private async playgroundAgainstClientAnswer(): Promise<void> {
    const body = JSON.stringify({ environment: ENVIRONMENT, projects: '*', context: { appName: 'bench', userId: 'user-7' } });
    const probe = await this.call('POST', '/api/admin/playground', ADMIN, body);
    const flags = (JSON.parse(probe.text) as { features: unknown[] }).features.length;
    const clientHeaders = { authorization: CLIENT_TOKEN, 'accept-encoding': 'gzip' };
    const kept = await this.median(() => this.call('GET', '/api/client/features', clientHeaders));
    const clientAfterChange = await this.median(async () => {
      await this.strategyUpdate();
      return this.call('GET', '/api/client/features', clientHeaders);
    });
    const playgroundAfterChange = await this.median(async () => {
      await this.strategyUpdate();
      return this.call('POST', '/api/admin/playground', ADMIN, body);
    });
    const playground = await this.median(() => this.call('POST', '/api/admin/playground', ADMIN, body));
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
      const first = await this.call('POST', '/api/admin/playground/advanced', ADMIN, body);
      if (first.status !== 200) throw new Error(`advanced playground answered ${first.status}: ${first.text.slice(0, 200)}`);
      const ms = await this.median(() => this.call('POST', '/api/admin/playground/advanced', ADMIN, body));
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
    const strategyUpdate = await this.median(() => this.strategyUpdate());
    let days = 40;
    const lifetime = await this.median(() =>
      this.call('PUT', '/api/admin/feature-types/release/lifetime', ADMIN, JSON.stringify({ lifetimeDays: ++days })),
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

  /** A real change of one strategy (a different rollout each time): what moves the SDK snapshot. */
  private async strategyUpdate(): Promise<Answer> {
    const strategy = this.strategies[this.writes % this.strategies.length];
    const rollout = String(this.writes++ % 100);
    const path = `/api/admin/projects/${strategy.project}/features/${strategy.feature}/environments/${ENVIRONMENT}/strategies/${strategy.id}`;
    const body = { name: 'flexibleRollout', parameters: { rollout, stickiness: 'default', groupId: strategy.feature } };
    const answer = await this.call('PUT', path, ADMIN, JSON.stringify(body));
    if (answer.status !== 200) throw new Error(`strategy update answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    return answer;
  }

  /** The median time of REQUESTS calls of `send`, after one unmeasured. */
  private async median(send: () => Promise<Answer>): Promise<number> {
    await send();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push((await send()).ms);
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  }

  private async call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(`${this.server.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, text, bytes: Buffer.byteLength(text), ms: performance.now() - started };
  }
}

interface Answer {
  status: number;
  text: string;
  bytes: number;
  ms: number;
}

async function seedClientToken(db: Database): Promise<void> {
  await new SqlApiTokenStore(db).insert({
    tokenName: 'bench-playground-client',
    secretHash: hashSecret(CLIENT_TOKEN),
    secretPrefix: apiTokenPrefix('client', SEED_PROJECTS, ENVIRONMENT),
    type: 'client',
    environment: ENVIRONMENT,
    projects: SEED_PROJECTS,
    expiresAt: null,
    createdBy: 'bench',
    createdAt: new Date(),
  });
}

/** Enabled strategies in the environment, one per flag, to update. */
async function strategiesIn(db: Database, environment: string, count: number): Promise<{ id: string; feature: string; project: string }[]> {
  return db.query(
    `SELECT s.id, s.feature_name AS feature, f.project FROM flagwright_feature_strategies s JOIN flagwright_features f ON f.name = s.feature_name
      WHERE s.environment = :environment AND s.disabled = false AND s.strategy_name = 'flexibleRollout' AND f.archived_at IS NULL
      ORDER BY s.feature_name LIMIT :count`,
    { environment, count },
  );
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function megabytes(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(2);
}
