import { type DataSource, QueryFailedError } from 'typeorm';
import type { Outcome } from '../performance/pipelined-transaction.js';

/** The part of better-sqlite3's connection and statements used here. */
interface SqliteConnection {
  prepare(text: string): SqliteStatement;
  readonly inTransaction: boolean;
}

interface SqliteStatement {
  readonly reader: boolean;
  all(...values: unknown[]): unknown[];
  run(...values: unknown[]): { changes: number };
}

/** How many prepared statements are kept; the least recently used one goes first. */
export const SQLITE_STATEMENT_CACHE_SIZE = 300;

/**
 * Runs statements on the better-sqlite3 connection of a TypeORM DataSource, as TypeORM's query runner would (its
 * logger logs them, a failure is a QueryFailedError), without the runner's per-statement machinery: subscriber
 * broadcasts, timing, result objects, and awaits that let other requests' work in between a transaction's
 * statements. Synchronous, as better-sqlite3 is. Prepared statements are kept by text, least recently used first
 * out (the runner's cache dropped the oldest prepared one, however often it ran).
 */
export class SqliteStatements {
  private readonly prepared = new Map<string, SqliteStatement>();

  constructor(private readonly dataSource: DataSource) {}

  run(text: string, parameters: unknown[]): Outcome {
    // SQLite has no boolean: TypeORM's runner binds them as 1 and 0 too. The named parameters have converted them
    // already; only a list's items (`:...name`, which TypeORM leaves as they are) may still hold one.
    const values = parameters.some((value) => typeof value === 'boolean')
      ? parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value))
      : parameters;
    const logger = this.dataSource.logger;
    logger.logQuery(text, values);
    try {
      const statement = this.statement(text);
      if (statement.reader) return { records: statement.all(...values) };
      return { records: [], affected: statement.run(...values).changes };
    } catch (error) {
      logger.logQueryError(error as Error, text, values);
      throw new QueryFailedError(text, values, error as Error);
    }
  }

  get inTransaction(): boolean {
    return this.connection().inTransaction;
  }

  private statement(text: string): SqliteStatement {
    let statement = this.prepared.get(text);
    if (statement) {
      this.prepared.delete(text);
    } else {
      statement = this.connection().prepare(text);
      if (this.prepared.size >= SQLITE_STATEMENT_CACHE_SIZE) this.prepared.delete(this.prepared.keys().next().value!);
    }
    this.prepared.set(text, statement);
    return statement;
  }

  private connection(): SqliteConnection {
    return (this.dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;
  }
}
