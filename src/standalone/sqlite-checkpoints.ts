import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * How many WAL pages make the service's own connection checkpoint (SQLite's default is 1,000). It is the backstop
 * that lets the WAL start over: the worker's checkpoints never block a write, so under a steady stream of writes
 * they never catch the last page, and only a checkpoint on the writing connection does (by then just the pages
 * written since the worker's last pass are left to copy).
 */
export const BACKSTOP_CHECKPOINT_PAGES = 4_000;
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1_000;
/** Pause between the worker's passes while writes come in, and when a pass found nothing to copy. */
export const CHECKPOINT_PASS_MS = { busy: 10, idle: 200 } as const;

/**
 * The worker: a second connection to the same file that checkpoints in PASSIVE mode (never waits for, nor blocks,
 * a reader or the writer) and reports what fails. `checkpointed` counts the WAL's pages copied so far: when a pass
 * moved it, writes are coming in. CommonJS, run with `eval`: the service is one bundled file, and the worker needs
 * nothing from it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driverPath);
const db = new Sqlite(workerData.file, { fileMustExist: true, timeout: 0 });
db.pragma('synchronous = NORMAL');
let timer;
let copied = 0;
function pass() {
  let pause = workerData.idleMs;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    if (result.checkpointed !== copied) pause = workerData.busyMs;
    copied = result.checkpointed;
  } catch (error) {
    parentPort.postMessage(String(error));
  }
  timer = setTimeout(pass, pause);
}
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
pass();
`;

/**
 * SQLite checkpoints off the event loop (standalone, on a database file). A checkpoint copies the WAL's pages into
 * the database file and syncs both: on the service's single connection it ran inside the COMMIT that crossed
 * 1,000 pages, about every 120th strategy update, and held every request for about 7 ms (0.8 s of each 10 s of
 * the update benchmark, and its p99). A worker thread now copies them as they come; the service's connection
 * keeps a rare checkpoint of what is left (BACKSTOP_CHECKPOINT_PAGES), which restarts the WAL.
 */
@Injectable()
export class SqliteCheckpoints implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SqliteCheckpoints.name);
  private worker?: Worker;
  private lastError?: string;

  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    const { options } = this.dataSource;
    if (options.type !== 'better-sqlite3' || options.database === ':memory:') return;
    this.setAutocheckpoint(BACKSTOP_CHECKPOINT_PAGES);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driverPath: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: options.database,
        busyMs: CHECKPOINT_PASS_MS.busy,
        idleMs: CHECKPOINT_PASS_MS.idle,
      },
    });
    worker.on('message', (error: string) => this.failed(error));
    worker.on('error', (error) => this.stopped(`the checkpoint worker failed: ${String(error)}`));
    // Never what keeps the process alive.
    worker.unref();
    this.worker = worker;
  }

  /** Lets the worker close its connection first, so that the service's, closing last, folds the WAL in and removes it. */
  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    await exited;
  }

  /** Said once while the same error repeats (a pass is tried every CHECKPOINT_PASS_MS.idle). */
  private failed(error: string): void {
    if (error !== this.lastError) this.logger.warn(`A WAL checkpoint failed (the service's own connection still checkpoints): ${error}`);
    this.lastError = error;
  }

  private stopped(reason: string): void {
    this.worker = undefined;
    this.logger.warn(`${reason}; the service's own connection checkpoints from now on.`);
    if (this.dataSource.isInitialized) this.setAutocheckpoint(SQLITE_DEFAULT_CHECKPOINT_PAGES);
  }

  private setAutocheckpoint(pages: number): void {
    const driver = this.dataSource.driver as unknown as { databaseConnection: { pragma: (sql: string) => unknown } };
    driver.databaseConnection.pragma(`wal_autocheckpoint = ${pages}`);
  }
}
