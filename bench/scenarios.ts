import type { BenchContext, BenchResult } from './lib/harness.js';
import * as contextFieldWrite from './context-field-write.bench.js';
import * as exportImport from './export-import.bench.js';
import * as bulkWrites from './bulk-writes.bench.js';
import * as footprint from './footprint.bench.js';
import * as login from './login.bench.js';
import * as mechanisms from './mechanisms.bench.js';
import * as readside from './readside.bench.js';
import * as playground from './playground.bench.js';
import * as sdk from './sdk.bench.js';
import * as search from './search.bench.js';
import * as strategyUpdate from './strategy-update.bench.js';
import * as trivialRoute from './trivial-route.bench.js';

export type Scenario = {
  name: string;
  /** Figures derived from every database's results once all ran (PostgreSQL against SQLite). */
  compare?: (results: BenchResult[]) => BenchResult[];
} & (
  | { /** Runs on one database, then the next. */ run: (ctx: BenchContext) => Promise<BenchResult[]>; runTogether?: undefined }
  | {
      /** Runs on every database at once, their servers loaded in turns: figures compared across databases. */
      runTogether: (ctxs: BenchContext[]) => Promise<BenchResult[]>;
      run?: undefined;
    }
);

/** Every benchmark `npm run bench` runs, in order; `--only <name>` picks some. */
export const SCENARIOS: Scenario[] = [
  { name: 'footprint', run: footprint.run },
  { name: 'trivial-route', runTogether: trivialRoute.runTogether, compare: trivialRoute.compare },
  { name: 'strategy-update', runTogether: strategyUpdate.runTogether, compare: strategyUpdate.compare },
  { name: 'context-field-write', run: contextFieldWrite.run },
  { name: 'bulk-writes', runTogether: bulkWrites.runTogether, compare: bulkWrites.compare },
  // The same comparison as the SDK family's: PostgreSQL's rate within 1.5x of SQLite's, its memory too.
  { name: 'search', runTogether: search.runTogether, compare: sdk.compare },
  { name: 'sdk', run: sdk.run, compare: sdk.compare },
  { name: 'login', run: login.run },
  // Issue 34: each performance mechanism on and off (not part of a default run's targets).
  { name: 'mechanisms', runTogether: mechanisms.runTogether },
  // Event search and a flag's metrics at 1,000,000 events and 48 hours of metrics for 10,000 flags (issue 35).
  { name: 'readside', runTogether: readside.runTogether },
  { name: 'playground', run: playground.run },
  // Export against the client answer of the same flags, import against the strategy update (issue 35).
  { name: 'export-import', run: exportImport.run },
];
