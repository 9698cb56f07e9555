import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { type DataSource, QueryFailedError, type QueryRunner } from 'typeorm';
import { NamedParameters } from './named-parameters.js';
import { type Outcome, PipelinedTransaction, type PostgresClient } from '../performance/pipelined-transaction.js';
import { SqliteStatements } from './sqlite-statements.js';
import { describeTimestampsWithTimeZone } from './timestamp-column.js';

export type Row = Record<string, unknown>;
export type Params = Record<string, unknown>;

/**
 * The one door to SQL for stores and read models. Statements use `:name` parameters (`:...name` for lists) and
 * are translated to the driver's placeholders (`NamedParameters`), so the same text runs on SQLite and PostgreSQL. A transaction
 * opened with `transaction()` is carried by async context: every store call made inside it joins it, so services
 * never handle an EntityManager.
 *
 * better-sqlite3 has a single connection shared by every request, so on SQLite transactions (and writes outside
 * them) are serialised by a lock; otherwise two requests' statements would interleave inside one transaction.
 * Statements run on that connection directly (`SqliteStatements`), without TypeORM's query runner and its
 * per-statement machinery; they are logged through the DataSource's logger and fail with a QueryFailedError as
 * through the runner, and TypeORM's query subscribers do not see them. Each transaction also reads what
 * `watchSqliteCommits` asks for just before it commits (ChangeWatcher: the change generations).
 *
 * On PostgreSQL a statement is sent to node-postgres as a named prepared statement (`PreparedStatementNames`), so a
 * connection parses and plans it once rather than on every run (the strategy update benchmark answered about
 * 1.3x as many requests a second). It is logged through the DataSource's logger and fails with a QueryFailedError
 * as TypeORM's runner would; TypeORM's query subscribers (beforeQuery/afterQuery) do not see it. A transaction
 * there is a PipelinedTransaction: statements go out without waiting for the answers before them, and `submit`
 * sends one whose answer the caller does not wait for at all.
 */
export class Database {
  readonly isPostgres: boolean;
  /**
   * How many writes (statements outside a transaction, and transactions) this process has finished. Memory that
   * depends on the data (see ChangeWatcher) compares it to tell whether this instance may have changed something.
   */
  private finishedWrites = 0;
  private openTransactions = 0;
  private readonly context = new AsyncLocalStorage<Transaction>();
  private sqliteLock: Promise<unknown> = Promise.resolve();
  private readonly sqlite: SqliteStatements;
  private commitWatch?: { sql: string; deliver: (rows: Row[]) => void };
  private readonly writeListeners: (() => void)[] = [];
  private readonly statementNames = new PreparedStatementNames();
  private readonly parameters: NamedParameters;

  /**
   * `pipelinedTransactions` (on unless the options say `performance: { pipelinedTransactions: false }`): PostgreSQL
   * transactions as PipelinedTransactions; off, each statement of a transaction waits for the one before it on
   * TypeORM's query runner (see src/core/performance/README.md).
   */
  constructor(
    readonly dataSource: DataSource,
    private readonly pipelinedTransactions = true,
  ) {
    this.isPostgres = dataSource.options.type === 'postgres';
    this.sqlite = new SqliteStatements(dataSource);
    this.parameters = new NamedParameters(dataSource.driver, this.isPostgres);
    // So that the host's schema tools, given this DataSource, compare our timestamps with what the migrations made.
    describeTimestampsWithTimeZone(dataSource);
  }

  async query<T = Row>(sql: string, params: Params = {}): Promise<T[]> {
    return (await this.run(sql, params)).records as T[];
  }

  /** Runs a write and answers how many rows it touched. */
  async execute(sql: string, params: Params = {}): Promise<number> {
    return (await this.run(sql, params)).affected ?? 0;
  }

  async one<T = Row>(sql: string, params: Params = {}): Promise<T | undefined> {
    const rows = await this.query<T>(sql, params);
    return rows[0];
  }

  /**
   * Runs a statement whose outcome the caller does not need (a row lock, a write whose count nobody reads). In a
   * PostgreSQL transaction it is sent and not waited for: it goes out with the next statement or the COMMIT, and
   * if it fails, every later statement and the transaction fail with its error; so a caller that would turn its
   * failure into an answer of its own (a unique violation into a 409) uses `execute`. Elsewhere it runs as
   * `execute` does.
   */
  async submit(sql: string, params: Params = {}): Promise<void> {
    const transaction = this.context.getStore();
    if (!transaction?.pipeline) {
      await this.run(sql, params);
      return;
    }
    const [text, values] = this.parameters.translate(sql, params);
    transaction.pipeline.submit(text, values, this.statementNames.of(sql, text));
  }

  /** PostgreSQL without pipelining: BEGIN, `work` and COMMIT on one query runner, each statement awaited in turn. */
  private postgresTransaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.pipelinedTransactions) return PipelinedTransaction.run(this.dataSource, (pipeline) => this.context.run({ pipeline }, work));
    return this.dataSource.transaction((manager) => this.context.run({ runner: manager.queryRunner! }, work));
  }

  /** Runs `work` in one transaction (joining the current one if there is any); any error rolls it all back. */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.context.getStore()) return work();
    const run = async () => {
      this.openTransactions++;
      try {
        if (this.isPostgres) return await this.postgresTransaction(work);
        return await this.sqliteTransaction(work);
      } finally {
        // An enabled AsyncLocalStorage runs a hook on every promise of the process (a few µs a request): off while
        // no transaction needs it; the next run() turns it on again.
        if (--this.openTransactions === 0) this.context.disable();
      }
    };
    // A SQLite transaction is counted as it ends, under the lock (sqliteTransaction).
    return this.isPostgres ? this.countedWrite(run()) : this.withSqliteLock(run);
  }

  /**
   * SQLite: `sql` runs at the end of every transaction that is about to commit, inside it (where it costs a
   * fraction of a read of its own), and `deliver` gets its rows once the transaction has committed and been counted
   * in `writesFinished`, before anything else runs. ChangeWatcher reads the change generations so.
   */
  watchSqliteCommits(sql: string, deliver: (rows: Row[]) => void): void {
    if (!this.isPostgres) this.commitWatch = { sql, deliver };
  }

  /**
   * `listener` runs each time a write is counted in `writesFinished`, after anything `watchSqliteCommits` delivers.
   * It runs synchronously in the write's completion, so it must not throw: the write would fail after it committed.
   */
  onWriteFinished(listener: () => void): void {
    this.writeListeners.push(listener);
  }

  get writesFinished(): number {
    return this.finishedWrites;
  }

  get inTransaction(): boolean {
    return this.context.getStore() !== undefined;
  }

  /** A value for a timestamp column: SQLite keeps UTC text that sorts as time does, PostgreSQL a timestamptz. */
  toTimestamp(date: Date): Date | string {
    return this.isPostgres ? date : date.toISOString().replace('T', ' ').replace('Z', '');
  }

  /** SQL fragment for a case-insensitive LIKE match of `column` against the named parameter (`containsPattern`, `startsWithPattern`). */
  containsIgnoringCase(column: string, param: string): string {
    return this.isPostgres ? `${column} ILIKE :${param} ESCAPE '\\'` : `${column} LIKE :${param} ESCAPE '\\'`;
  }

  private async run(sql: string, params: Params): Promise<Outcome> {
    const [text, values] = this.parameters.translate(sql, params);
    const name = this.isPostgres ? this.statementNames.of(sql, text) : undefined;
    const transaction = this.context.getStore();
    if (transaction?.pipeline) return transaction.pipeline.query(text, values, name);
    if (transaction?.runner) return this.runOn(transaction.runner, text, values, name);
    if (transaction?.sqlite) return this.sqlite.run(text, values);
    const runAlone = async () => {
      if (!this.isPostgres) return this.sqlite.run(text, values);
      const runner = this.dataSource.createQueryRunner();
      try {
        return await this.runOn(runner, text, values, name);
      } finally {
        await runner.release();
      }
    };
    if (!isWrite(sql)) return runAlone();
    return this.countedWrite(this.isPostgres ? runAlone() : this.withSqliteLock(runAlone));
  }

  /**
   * SQLite, under the lock: BEGIN, `work` and COMMIT; ROLLBACK when anything throws while the connection is still in
   * the transaction (SQLite ends some failed transactions itself, and a failed COMMIT leaves one open).
   */
  private async sqliteTransaction<T>(work: () => Promise<T>): Promise<T> {
    this.sqlite.run('BEGIN', []);
    let watched: Row[] | undefined;
    try {
      const result = await this.context.run({ sqlite: true }, work);
      if (this.commitWatch) watched = this.sqlite.run(this.commitWatch.sql, []).records as Row[];
      this.sqlite.run('COMMIT', []);
      return result;
    } catch (error) {
      watched = undefined;
      if (this.sqlite.inTransaction) this.sqlite.run('ROLLBACK', []);
      throw error;
    } finally {
      this.writeFinished(watched);
    }
  }

  /** PostgreSQL: node-postgres runs a statement with a name as a prepared statement of the runner's connection. */
  private async runOn(runner: QueryRunner, text: string, values: unknown[], name: string | undefined): Promise<Outcome> {
    if (!name) return runner.query(text, values, true);
    const client = (await runner.connect()) as PostgresClient;
    this.dataSource.logger.logQuery(text, values, runner);
    try {
      const result = await client.query({ name, text, values });
      return { records: result.rows, affected: result.rowCount ?? undefined };
    } catch (error) {
      this.dataSource.logger.logQueryError(error as Error, text, values, runner);
      throw new QueryFailedError(text, values, error as Error);
    }
  }

  /** Counted once it has finished, committed or not: a reader that sees the count moved reads after the commit. */
  private countedWrite<T>(write: Promise<T>): Promise<T> {
    return write.finally(() => this.writeFinished());
  }

  /** Counts a finished write; `watched`: what a committed SQLite transaction read for `watchSqliteCommits`. */
  private writeFinished(watched?: Row[]): void {
    this.finishedWrites++;
    if (watched) this.commitWatch!.deliver(watched);
    for (const listener of this.writeListeners) listener();
  }

  private withSqliteLock<T>(work: () => Promise<T>): Promise<T> {
    const result = this.sqliteLock.then(work, work);
    this.sqliteLock = result.catch(() => undefined);
    return result;
  }
}

/** True when a write failed on a unique constraint (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A LIKE pattern matching `term` literally anywhere: `%` and `_` in the term are not wildcards. */
export function containsPattern(term: string): string {
  return `%${literally(term)}%`;
}

/** A LIKE pattern matching text that starts with `term`, taken literally. */
export function startsWithPattern(term: string): string {
  return `${literally(term)}%`;
}

function literally(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Converts a timestamp read from either database into a Date. SQLite's text is UTC without a zone marker. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

export function toIso(value: unknown): string | null {
  return toDate(value)?.toISOString() ?? null;
}

/** Booleans come back as 0/1 from SQLite. */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * What a transaction's statements run on: the SQLite connection (there is one), a PipelinedTransaction, or on
 * PostgreSQL without pipelining a query runner.
 */
type Transaction =
  | { sqlite: true; pipeline?: undefined; runner?: undefined }
  | { pipeline: PipelinedTransaction; sqlite?: undefined; runner?: undefined }
  | { runner: QueryRunner; sqlite?: undefined; pipeline?: undefined };

/**
 * Every connection keeps each named statement it ran until it closes, so only fixed texts are named (a list
 * parameter makes a text per list length), and at most PREPARED_STATEMENTS of them per Database (its pool's
 * connections): later ones run unnamed. The name is a digest of the text, so that any two statements of one name
 * on a connection are the same one.
 */
const PREPARED_STATEMENTS = 150;

class PreparedStatementNames {
  private readonly names = new Map<string, string>();

  of(sql: string, text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || sql.includes(':...') || this.names.size >= PREPARED_STATEMENTS) return known;
    const name = `flagwright_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    this.names.set(text, name);
    return name;
  }
}

function isWrite(sql: string): boolean {
  return /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql);
}
