import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * The CPU priority of the hashing threads: the nice value of a batch job. When a request's work and a password
 * check want the same core, the scheduler lets the request's work run first, and a check gets all the CPU nothing
 * else wants. With the checks at the event loop's priority, logins run flat out on two cores doubled a search's p99.
 */
export const HASHING_THREAD_NICE = 10;

/** How long a hashing thread is kept without work before it exits (each holds an isolate and argon2's 19 MiB). */
const IDLE_STOP_MS = 30_000;

export type HashingRequest = { kind: 'hash'; password: string; options: object } | { kind: 'verify'; hash: string; password: string };

type HashingAnswer = { value: string | boolean } | { error: string };

interface Job {
  request: HashingRequest;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/**
 * The hashing thread: argon2id (`@node-rs/argon2`, synchronous) on a thread of its own, at HASHING_THREAD_NICE.
 * On Linux the nice value is per thread; elsewhere it would lower the whole process, so it is left alone there.
 * CommonJS, run with `eval`: the service is one bundled file, and the thread needs nothing from it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
const argon2 = require(workerData.argon2Path);
if (workerData.nice !== null) setPriority(workerData.nice);
parentPort.on('message', (request) => {
  try {
    const value = request.kind === 'hash' ? argon2.hashSync(request.password, request.options) : argon2.verifySync(request.hash, request.password);
    parentPort.postMessage({ value });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/**
 * Password hashing off the event loop, on at most `size` threads (one per CPU but one, so the event loop always
 * keeps a CPU), each running one check at a time; checks beyond that wait in arrival order. Threads start at the
 * first check and exit after IDLE_STOP_MS without one; they never keep the process alive.
 */
export class HashingWorkers {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly waiting: Job[] = [];
  private idleTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    readonly size = Math.max(1, availableParallelism() - 1),
    private readonly idleStopMs = IDLE_STOP_MS,
  ) {}

  run(request: HashingRequest): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error('Password hashing has stopped'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every thread; checks not answered yet fail. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const stopped = new Error('Password hashing has stopped');
    for (const job of [...this.waiting.splice(0), ...this.busy.values()]) job.reject(stopped);
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    this.busy.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    clearTimeout(this.idleTimer);
    while (this.waiting.length > 0) {
      const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.start() : undefined);
      if (!worker) return;
      const job = this.waiting.shift()!;
      this.busy.set(worker, job);
      worker.postMessage(job.request);
    }
    if (this.busy.size === 0 && this.idle.length > 0) {
      this.idleTimer = setTimeout(() => this.stopIdle(), this.idleStopMs).unref();
    }
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        argon2Path: createRequire(import.meta.url).resolve('@node-rs/argon2'),
        nice: process.platform === 'linux' ? HASHING_THREAD_NICE : null,
      },
    });
    worker.unref();
    worker.on('message', (answer: HashingAnswer) => this.answered(worker, answer));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`A password hashing thread exited (code ${code})`)));
    return worker;
  }

  private answered(worker: Worker, answer: HashingAnswer): void {
    const job = this.busy.get(worker);
    if (!job) return;
    this.busy.delete(worker);
    this.idle.push(worker);
    if ('error' in answer) job.reject(new Error(answer.error));
    else job.resolve(answer.value);
    this.dispatch();
  }

  /** A thread that failed or exited is dropped; its check fails, and the next check starts a new thread. */
  private lost(worker: Worker, error: Error): void {
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    const idleAt = this.idle.indexOf(worker);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    job?.reject(error);
    if (!this.closed) this.dispatch();
  }

  private stopIdle(): void {
    for (const worker of this.idle.splice(0)) void worker.terminate();
  }
}
