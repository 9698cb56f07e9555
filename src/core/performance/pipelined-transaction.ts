// Performance mechanism (src/core/performance/README.md): pipelined PostgreSQL transactions.
// Private API: node-postgres's `client.pipeline` and `connection.stream.cork/uncork`, via QueryRunner.connect().
// Bought: a strategy update in 2 round trips instead of 6; 11 % less event-loop CPU a request in the mechanisms bench.
// Off switch: `performance.pipelinedTransactions: false` (PIPELINED_TRANSACTIONS=false standalone).
// Delete when: node-postgres or TypeORM pipeline transactions themselves, or a bench run shows no gain.
import { type DataSource, QueryFailedError, type QueryRunner } from 'typeorm';

export type Outcome = { records: unknown[]; affected?: number };

/**
 * The part of node-postgres's Client a transaction uses. `pipeline` is read on every send (node-postgres ≥ 8.23); an
 * earlier client ignores it and sends the queued statements one after another, which is correct, only slower.
 */
export interface PostgresClient {
  pipeline?: boolean;
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<PostgresResult>;
}

interface PostgresResult {
  rows: unknown[];
  rowCount: number | null;
  command: string;
}

/**
 * A PostgreSQL transaction whose statements are written to its connection as soon as they are asked for, in
 * node-postgres's pipeline mode, instead of each waiting for the answer to the one before: BEGIN goes out with
 * the first statement, a statement whose answer nobody needs (`submit`) goes out with the next, and COMMIT with
 * the last. A strategy update is two round trips this way (BEGIN, the row lock and the locate; the UPDATE, its
 * event and COMMIT) where it was six. The server still runs them one after another, each with its own Sync: under
 * READ COMMITTED a statement sent behind a row lock reads what committed before the lock was granted, as it would
 * have one round trip later.
 *
 * After a failure the server refuses every later statement of the transaction ("current transaction is aborted")
 * and answers COMMIT with ROLLBACK, so nothing of it is kept. Every statement that fails then fails with the first
 * failure, which is what went wrong, and so does the transaction if its work did not throw already.
 *
 * BEGIN is answered before anything sent after it, and on an open connection it cannot fail; if the connection
 * breaks, nothing sent after it runs either.
 */
export class PipelinedTransaction {
  private failure?: QueryFailedError;
  private readonly pipelineBefore: boolean | undefined;
  private corked = false;

  private constructor(
    private readonly runner: QueryRunner,
    private readonly client: PostgresClient,
    private readonly dataSource: DataSource,
  ) {
    this.pipelineBefore = client.pipeline;
    client.pipeline = true;
    this.submit('BEGIN', []);
  }

  /** Runs `work` in a transaction on a connection of the pool, committed when it resolves, rolled back when it throws. */
  static async run<T>(dataSource: DataSource, work: (transaction: PipelinedTransaction) => Promise<T>): Promise<T> {
    const runner = dataSource.createQueryRunner();
    let transaction: PipelinedTransaction | undefined;
    try {
      transaction = new PipelinedTransaction(runner, (await runner.connect()) as PostgresClient, dataSource);
      const result = await work(transaction).catch(async (error: unknown) => {
        await transaction!.end('ROLLBACK');
        throw error;
      });
      await transaction.end('COMMIT');
      return result;
    } finally {
      transaction?.restorePipelineMode();
      // A broken connection was released already, with its error, by the runner (so the pool drops it).
      await runner.release();
    }
  }

  /** Sends a statement and answers its outcome; fails with the transaction's first failure. */
  async query(text: string, values: unknown[], name?: string): Promise<Outcome> {
    const result = await this.send(text, values, name).catch(() => {
      throw this.failure;
    });
    return { records: result.rows, affected: result.rowCount ?? undefined };
  }

  /** Sends a statement whose outcome nobody needs; a failure fails every later statement and the transaction. */
  submit(text: string, values: unknown[], name?: string): void {
    this.send(text, values, name).catch(() => undefined);
  }

  /** Every answer is in: the connection goes back to the pool as it came. */
  private restorePipelineMode(): void {
    this.client.pipeline = this.pipelineBefore;
  }

  /**
   * Sends COMMIT or ROLLBACK behind everything sent. Its answer comes last, so when it is in, every earlier answer
   * is too, and the first failure among them has been recorded.
   */
  private async end(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    const answer = await this.send(command, []).catch(() => undefined);
    if (command === 'ROLLBACK') return;
    if (this.failure) throw this.failure;
    // COMMIT answered as ROLLBACK: the server had aborted the transaction without an error reaching us.
    if (answer?.command !== 'COMMIT') throw new Error(`The transaction was not committed (the server answered ${answer?.command}).`);
  }

  /** Writes the statement to the connection now; its answer (or node-postgres's error) comes in order. */
  private send(text: string, values: unknown[], name?: string): Promise<PostgresResult> {
    this.dataSource.logger.logQuery(text, values, this.runner);
    this.corkUntilNextTick();
    return this.client.query(name ? { name, text, values } : { text, values }).catch((error: Error) => {
      if (!this.failure) {
        this.dataSource.logger.logQueryError(error, text, values, this.runner);
        this.failure = new QueryFailedError(text, values, error);
      }
      throw error;
    });
  }

  /**
   * Everything sent until the next tick leaves in one write: node-postgres corks each statement's messages, but
   * every statement was still a write of its own (a system call, and a wake-up of the server's process), about
   * a sixth of the service's time in the strategy update on PostgreSQL.
   */
  private corkUntilNextTick(): void {
    const stream = this.client.connection?.stream;
    if (this.corked || !stream?.cork || !stream.uncork) return;
    stream.cork();
    this.corked = true;
    process.nextTick(() => {
      this.corked = false;
      stream.uncork!();
    });
  }
}
