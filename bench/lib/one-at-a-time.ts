import { apiTokenPrefix } from '../../src/core/access/api-token-format.js';
import { hashSecret } from '../../src/core/access/secrets.js';
import type { Database } from '../../src/core/database/database.js';
import { SqlApiTokenStore } from '../../src/modules/api-tokens/api-token.store.js';
import { SEED_PROJECTS } from '../search.seed.js';
import { BENCH_ADMIN_TOKEN, type BenchServer } from './harness.js';

/**
 * Figures taken one request at a time on the search seed (issue 35's playground, export and import): each the median
 * time of a number of answers, compared with the full `/api/client/features` answer of the same flags or with the
 * strategy update, measured the same way on the same server.
 */
export const ENVIRONMENT = 'production';
/** A client token for every project of the seed in ENVIRONMENT (`seedClientToken`). */
export const CLIENT_TOKEN = '[]:production.bench-playground-client-seed-projects-000000000000';
export const ADMIN = { authorization: BENCH_ADMIN_TOKEN, 'content-type': 'application/json' };
export const CLIENT = { authorization: CLIENT_TOKEN, 'accept-encoding': 'gzip' };

export interface Answer {
  status: number;
  text: string;
  bytes: number;
  ms: number;
}

export interface StrategyToUpdate {
  id: string;
  feature: string;
  project: string;
}

export class OneAtATime {
  private writes = 0;

  constructor(
    private readonly server: BenchServer,
    private readonly strategies: StrategyToUpdate[],
    private readonly requests: number,
  ) {}

  /** A real change of one strategy (a different rollout each time): what moves the SDK snapshot. */
  async strategyUpdate(): Promise<Answer> {
    const strategy = this.strategies[this.writes % this.strategies.length];
    const rollout = String(this.writes++ % 100);
    const path = `/api/admin/projects/${strategy.project}/features/${strategy.feature}/environments/${ENVIRONMENT}/strategies/${strategy.id}`;
    const body = { name: 'flexibleRollout', parameters: { rollout, stickiness: 'default', groupId: strategy.feature } };
    const answer = await this.call('PUT', path, ADMIN, JSON.stringify(body));
    if (answer.status !== 200) throw new Error(`strategy update answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    return answer;
  }

  /** The median time of `requests` calls of `send`, after one unmeasured. */
  async median(send: () => Promise<Answer>): Promise<number> {
    await send();
    const times: number[] = [];
    for (let i = 0; i < this.requests; i++) times.push((await send()).ms);
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  }

  /** The full client answer of every flag in ENVIRONMENT, as first answered after a strategy update (it builds the snapshot). */
  clientAnswerAfterChange(): Promise<number> {
    return this.median(async () => {
      await this.strategyUpdate();
      return this.call('GET', '/api/client/features', CLIENT);
    });
  }

  async call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(`${this.server.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, text, bytes: Buffer.byteLength(text), ms: performance.now() - started };
  }
}

/** CLIENT_TOKEN, for every project of the seed in ENVIRONMENT. */
export async function seedClientToken(db: Database): Promise<void> {
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

/** Enabled strategies in ENVIRONMENT, one per flag, to update. */
export async function strategiesIn(db: Database, count: number): Promise<StrategyToUpdate[]> {
  return db.query(
    `SELECT s.id, s.feature_name AS feature, f.project FROM flagwright_feature_strategies s JOIN flagwright_features f ON f.name = s.feature_name
      WHERE s.environment = :environment AND s.disabled = false AND s.strategy_name = 'flexibleRollout' AND f.archived_at IS NULL
      ORDER BY s.feature_name LIMIT :count`,
    { environment: ENVIRONMENT, count },
  );
}

export function round(value: number): number {
  return Math.round(value * 100) / 100;
}

export function megabytes(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(2);
}
