import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Database } from '../core/database/database.js';

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
 * The worker stops after this long without a write (a thread holds about 9 MB, and polls while it lives); the next
 * write starts another.
 */
export const CHECKPOINT_WORKER_IDLE_MS = 10_000;

/**
 * The worker: a second connection to the same file that checkpoints in PASSIVE mode (never waits for, nor blocks,
 * a reader or the writer) and reports what fails. `checkpointed` counts the WAL's pages copied so far: when a pass
 * moved it, writes are coming in. Told to stop, it makes a last pass, so what was written before is copied.
 * CommonJS, run with `eval`: the service is one bundled file, and the worker needs nothing from it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driverPath);
let db;
try {
  db = new Sqlite(workerData.file, { fileMustExist: true, timeout: 0 });
  db.pragma('synchronous = NORMAL');
} catch (error) {
  // A SqliteError reaches the service as a bare object: an Error keeps its message.
  throw new Error(error.code + ': ' + error.message);
}
let timer;
let copied = 0;
function checkpoint() {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    const moved = result.checkpointed !== copied;
    copied = result.checkpointed;
    return moved;
  } catch (error) {
    parentPort.postMessage(String(error));
    return false;
  }
}
function pass() {
  timer = setTimeout(pass, checkpoint() ? workerData.busyMs : workerData.idleMs);
}
parentPort.on('message', () => {
  clearTimeout(timer);
  checkpoint();
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
 * keeps a rare checkpoint of what is left (BACKSTOP_CHECKPOINT_PAGES), which restarts the WAL. The worker runs
 * while writes come in: the first write starts it, and it stops once `idleMs` passed without one.
 */
export class SqliteCheckpoints implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SqliteCheckpoints.name);
  /** From bootstrap until the module is destroyed or the worker failed (checkpoints are then the connection's). */
  private active = false;
  private worker?: Worker;
  private idleCheck?: NodeJS.Timeout;
  private writesAtLastCheck = 0;
  /** Workers told to stop that have not exited yet. */
  private readonly exits = new Set<Promise<void>>();
  private lastError?: string;
  private db!: Database;

  /** `database`: the service's, asked for at bootstrap (it belongs to the Flagwright module, which does not export it). */
  constructor(
    private readonly dataSource: DataSource,
    private readonly database: () => Database,
    private readonly idleMs = CHECKPOINT_WORKER_IDLE_MS,
  ) {}

  /** Whether a worker runs now. */
  get working(): boolean {
    return this.worker !== undefined;
  }

  onApplicationBootstrap(): void {
    const { options } = this.dataSource;
    if (options.type !== 'better-sqlite3' || options.database === ':memory:') return;
    this.db = this.database();
    this.setAutocheckpoint(BACKSTOP_CHECKPOINT_PAGES);
    this.active = true;
    this.db.onWriteFinished(() => {
      if (this.active && !this.worker) this.start();
    });
  }

  /** Lets the workers close their connections first, so that the service's, closing last, folds the WAL in and removes it. */
  async onModuleDestroy(): Promise<void> {
    this.active = false;
    this.stop();
    await Promise.all(this.exits);
  }

  /** Runs in a write's completion: a worker that cannot be made hands checkpoints back rather than failing the write. */
  private start(): void {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          driverPath: createRequire(import.meta.url).resolve('better-sqlite3'),
          file: this.dataSource.options.database,
          busyMs: CHECKPOINT_PASS_MS.busy,
          idleMs: CHECKPOINT_PASS_MS.idle,
        },
      });
    } catch (error) {
      this.handBack(`the checkpoint worker could not start: ${(error as Error).message}`);
      return;
    }
    worker.on('message', (error: string) => this.failed(error));
    worker.on('error', (error) => this.stopped(worker, `the checkpoint worker failed: ${error.message}`));
    // Never what keeps the process alive.
    worker.unref();
    this.worker = worker;
    this.writesAtLastCheck = this.db.writesFinished;
    this.idleCheck = setInterval(() => this.stopIfIdle(), this.idleMs).unref();
  }

  private stopIfIdle(): void {
    const writes = this.db.writesFinished;
    if (writes === this.writesAtLastCheck) this.stop();
    this.writesAtLastCheck = writes;
  }

  /** Tells the worker to make its last pass and exit; the next write starts another. */
  private stop(): void {
    clearInterval(this.idleCheck);
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    this.exits.add(exited);
    void exited.then(() => this.exits.delete(exited));
    worker.postMessage('stop');
  }

  /** Said once while the same error repeats (a pass is tried every CHECKPOINT_PASS_MS.idle). */
  private failed(error: string): void {
    if (error !== this.lastError) this.logger.warn(`A WAL checkpoint failed (the service's own connection still checkpoints): ${error}`);
    this.lastError = error;
  }

  private stopped(worker: Worker, reason: string): void {
    if (worker !== this.worker) return;
    clearInterval(this.idleCheck);
    this.worker = undefined;
    this.handBack(reason);
  }

  /** For good: the service's own connection checkpoints at SQLite's default from now on. */
  private handBack(reason: string): void {
    this.active = false;
    this.logger.warn(`${reason}; the service's own connection checkpoints from now on.`);
    if (this.dataSource.isInitialized) this.setAutocheckpoint(SQLITE_DEFAULT_CHECKPOINT_PAGES);
  }

  private setAutocheckpoint(pages: number): void {
    const driver = this.dataSource.driver as unknown as { databaseConnection: { pragma: (sql: string) => unknown } };
    driver.databaseConnection.pragma(`wal_autocheckpoint = ${pages}`);
  }
}
