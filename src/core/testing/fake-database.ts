import type { Database } from '../database/database.js';

/**
 * A Database for unit specs: `transaction(work)` just runs `work` (counting how deep it is, so a spec can tell
 * whether a store call ran inside one), and any SQL fails at once, so a spec that reaches the database by
 * mistake says so instead of hanging or touching a file. Read-model fakes pass it to their SQL parent class.
 */
export class FakeDatabase {
  readonly isPostgres = false;
  transactionsOpened = 0;
  private depth = 0;

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    this.transactionsOpened++;
    this.depth++;
    try {
      return await work();
    } finally {
      this.depth--;
    }
  }

  toTimestamp(date: Date): Date {
    return date;
  }

  query(sql: string): never {
    throw new Error(`A unit spec reached SQL: ${sql}`);
  }

  execute(sql: string): never {
    return this.query(sql);
  }

  one(sql: string): never {
    return this.query(sql);
  }

  submit(sql: string): never {
    return this.query(sql);
  }

  /** The same object, typed as what services and read models are built with. */
  asDatabase(): Database {
    return this as unknown as Database;
  }
}

/** A fresh FakeDatabase typed as a Database. */
export function fakeDatabase(): Database {
  return new FakeDatabase().asDatabase();
}
