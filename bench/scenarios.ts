import type { BenchContext, BenchResult } from './lib/harness.js';
import * as footprint from './footprint.bench.js';
import * as login from './login.bench.js';
import * as sdk from './sdk.bench.js';
import * as search from './search.bench.js';
import * as strategyUpdate from './strategy-update.bench.js';
import * as trivialRoute from './trivial-route.bench.js';

export interface Scenario {
  name: string;
  run: (ctx: BenchContext) => Promise<BenchResult[]>;
  /** Figures derived from every database's results once all ran (PostgreSQL against SQLite). */
  compare?: (results: BenchResult[]) => BenchResult[];
}

/** Every benchmark `npm run bench` runs, in order; `--only <name>` picks some. */
export const SCENARIOS: Scenario[] = [
  { name: 'footprint', run: footprint.run },
  { name: 'trivial-route', run: trivialRoute.run, compare: trivialRoute.compare },
  { name: 'strategy-update', run: strategyUpdate.run, compare: strategyUpdate.compare },
  // The same comparison as the SDK family's: PostgreSQL's rate within 1.5x of SQLite's, its memory too.
  { name: 'search', run: search.run, compare: sdk.compare },
  { name: 'sdk', run: sdk.run, compare: sdk.compare },
  { name: 'login', run: login.run },
];
