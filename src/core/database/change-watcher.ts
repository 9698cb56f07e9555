import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { Database } from './database.js';
import { CHANGE_CHANNEL } from './migrations/1700000008000-change-generations.js';

/** How often other instances' changes are looked for when no notification says so. */
export const CHANGE_POLL_MS = 250;
const RELISTEN_MS = 1_000;

type Listener = (generation: string) => void;
type GenerationRow = { name: string; generation: unknown };
const GENERATIONS = 'SELECT name, generation FROM flagwright_change_generations';

/**
 * The current value of each row of `flagwright_change_generations`, which database triggers move with every write of its
 * kind, whichever instance made it. Answers from memory unless this instance finished a write since the last read
 * (then it reads again, so a change is seen at once where it was made; on SQLite every transaction reads them just
 * before it commits, `Database.watchSqliteCommits`, so the read is needed only after a write outside a transaction
 * or a rollback); other instances' changes are seen within
 * CHANGE_POLL_MS by polling, and at once on PostgreSQL through LISTEN on CHANGE_CHANNEL. Listeners hear of each
 * change of their generation.
 */
@Injectable()
export class ChangeWatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ChangeWatcher.name);
  private readonly generations = new Map<string, string>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Reads are numbered as they run; one that ran before the read whose values are kept is not kept. */
  private lastReadNumber = 0;
  private keptReadNumber = 0;
  /** `db.writesFinished` when the values were last read, -1 before the first read. */
  private readAtWrites = -1;
  private reading?: { atWrites: number; done: Promise<void> };
  /** The read that follows the one under way, shared by everyone who needs a read started after it. */
  private nextRead?: Promise<void>;
  private poller?: NodeJS.Timeout;
  private listenClient?: PoolClient;
  private relisten?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly db: Database) {}

  async onApplicationBootstrap(): Promise<void> {
    // SQLite: every transaction of this instance reads them as it commits, so the next request needs no read.
    this.db.watchSqliteCommits(GENERATIONS, (rows) => this.keep(rows as GenerationRow[], ++this.lastReadNumber, this.db.writesFinished));
    await this.refresh();
    this.poller = setInterval(
      () => void this.refresh().catch((error) => this.logger.warn(`Could not read change generations: ${String(error)}`)),
      CHANGE_POLL_MS,
    );
    this.poller.unref();
    if (this.db.isPostgres) await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poller);
    clearTimeout(this.relisten);
    await this.reading?.done.catch(() => undefined);
    await this.nextRead?.catch(() => undefined);
    await this.releaseListenClient();
  }

  /** The generation's current value: from memory, or read again when this instance wrote since. */
  async current(name: string): Promise<string> {
    if (this.readAtWrites !== this.db.writesFinished || !this.generations.has(name)) await this.refresh();
    const generation = this.generations.get(name);
    if (generation === undefined) throw new Error(`No change generation named ${name}`);
    return generation;
  }

  /** Calls `listener` with the new value after each change of the generation; answers a function that stops it. */
  onChange(name: string, listener: Listener): () => void {
    const set = this.listeners.get(name) ?? new Set<Listener>();
    this.listeners.set(name, set);
    set.add(listener);
    return () => set.delete(listener);
  }

  /**
   * Reads every generation. A read already under way serves if no write finished since it started; otherwise the
   * caller gets the one read that follows it, shared by everyone who asks meanwhile (under a stream of writes every
   * request asked for a read of its own).
   */
  refresh(): Promise<void> {
    if (this.reading?.atWrites === this.db.writesFinished) return this.reading.done;
    return this.readAfterCurrent();
  }

  /** A read that starts once the one under way (if any) is done; a read started meanwhile by someone else will do. */
  private readAfterCurrent(): Promise<void> {
    if (!this.reading) return this.startRead();
    this.nextRead ??= this.reading.done
      .catch(() => undefined)
      .then(() => {
        this.nextRead = undefined;
        return this.reading?.done ?? this.startRead();
      });
    return this.nextRead;
  }

  private startRead(): Promise<void> {
    const atWrites = this.db.writesFinished;
    const done = this.read(atWrites).finally(() => {
      if (this.reading?.done === done) this.reading = undefined;
    });
    this.reading = { atWrites, done };
    return done;
  }

  /**
   * A notification asks for a read that starts after it: a read under way may have started before the change
   * committed (under a stream of writes there is one notification per commit).
   */
  private notified(): void {
    void this.readAfterCurrent().catch(() => undefined);
  }

  private async read(atWrites: number): Promise<void> {
    // Numbered before it runs: on SQLite the statement runs within the call, on PostgreSQL reads run one at a time.
    const readNumber = ++this.lastReadNumber;
    this.keep(await this.db.query<GenerationRow>(GENERATIONS), readNumber, atWrites);
  }

  /** Keeps what a read found, unless a read that ran after it was kept already; tells the listeners what changed. */
  private keep(rows: GenerationRow[], readNumber: number, atWrites: number): void {
    if (readNumber < this.keptReadNumber) return;
    this.keptReadNumber = readNumber;
    const changed: [string, string][] = [];
    for (const row of rows) {
      const generation = String(row.generation);
      const previous = this.generations.get(row.name);
      this.generations.set(row.name, generation);
      if (previous !== undefined && previous !== generation) changed.push([row.name, generation]);
    }
    if (atWrites > this.readAtWrites) this.readAtWrites = atWrites;
    for (const [name, generation] of changed) {
      for (const listener of this.listeners.get(name) ?? []) {
        try {
          listener(generation);
        } catch (error) {
          this.logger.error(`A listener of ${name} changes failed: ${String(error)}`);
        }
      }
    }
  }

  /** A connection of the pool kept for LISTEN; lost, it is taken again after a second (polling covers the gap). */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    try {
      const pool = (this.db.dataSource.driver as unknown as { master: Pool }).master;
      const client = await pool.connect();
      this.listenClient = client;
      client.on('notification', () => this.notified());
      client.on('error', () => this.scheduleRelisten());
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (this.stopped) await this.releaseListenClient();
    } catch (error) {
      this.logger.warn(`Could not LISTEN for changes (polling every ${CHANGE_POLL_MS} ms meanwhile): ${String(error)}`);
      this.scheduleRelisten();
    }
  }

  private scheduleRelisten(): void {
    void this.releaseListenClient(true);
    if (this.stopped || this.relisten) return;
    this.relisten = setTimeout(() => {
      this.relisten = undefined;
      void this.listen();
    }, RELISTEN_MS);
    this.relisten.unref();
  }

  private async releaseListenClient(broken = false): Promise<void> {
    const client = this.listenClient;
    this.listenClient = undefined;
    if (!client) return;
    client.removeAllListeners('notification');
    client.removeAllListeners('error');
    // A broken connection is destroyed; a healthy one goes back to the pool without its LISTEN.
    if (broken) return client.release(true);
    try {
      await client.query(`UNLISTEN ${CHANGE_CHANNEL}`);
      client.release();
    } catch {
      client.release(true);
    }
  }
}
