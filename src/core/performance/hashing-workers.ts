// Performance mechanism (src/core/performance/README.md): low-priority hashing threads.
// Private API: none; runs util-linux `chrt --idle` on each of its own threads, and os.setPriority per thread.
// Bought: search p99 beside logins 1.9-2.2x its p99 alone, against 2.5-3.2x at normal priority (idle 2-core machine).
// Off switch: `performance.lowPriorityHashing` (off unless the host asks; LOW_PRIORITY_HASHING standalone).
// Delete when: Node sets a thread's scheduling policy itself (drop chrt), or the login bench meets 2x without it.
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * The CPU priority of the hashing threads: the nice value of a batch job. When a request's work and a password
 * check want the same core, the scheduler lets the request's work run first, and a check gets all the CPU nothing
 * else wants. With the checks at the event loop's priority, logins run flat out on two cores doubled a search's p99.
 */
export const HASHING_THREAD_NICE = 10;

/**
 * util-linux's `chrt`, which puts a hashing thread under SCHED_IDLE (Linux). Node has no call for a thread's
 * scheduling policy, and a nice value is not enough on two cores: the scheduler still let a check run on for a
 * while before the request work that woke up beside it, and a search's p99 while logins ran flat out was 2.5–3.4x
 * its p99 without them. A SCHED_IDLE thread gives its core up as soon as anything else wants it.
 */
export const CHRT = process.platform === 'linux' ? ['/usr/bin/chrt', '/bin/chrt'].find(isExecutable) : undefined;

/**
 * How long a check may go unanswered on a SCHED_IDLE thread before it is started again on a thread at
 * HASHING_THREAD_NICE alone: a SCHED_IDLE thread gets only the CPU time nothing else wants, so on a machine whose
 * every core is busy it could wait without end. A check takes 10–40 ms. Lowering a thread needs no privilege and
 * raising it back does, so the starved thread is dropped rather than raised.
 */
const STARVED_MS = 500;

/** After a starved check, new threads start at HASHING_THREAD_NICE alone for this long. */
const IDLE_POLICY_PAUSE_MS = 60_000;

/**
 * How long a hashing thread is kept without work before it exits. A live one holds about 10 MB (its own V8
 * isolate); starting one takes 30-100 ms. Logins in a burst share a thread, and an idle service does not keep one.
 */
const IDLE_STOP_MS = 1_000;

const STOPPED = 'Password hashing has stopped';

export type HashingRequest = { kind: 'hash'; password: string; options: object } | { kind: 'verify'; hash: string; password: string };

/** Where a thread runs: its nice value, and whether it is under SCHED_IDLE. */
export interface ThreadPriority {
  nice: number;
  idle: boolean;
}

/** What a thread says: first where it runs, then one answer per check. */
type HashingMessage = ThreadPriority | { value: string | boolean } | { error: string };

interface Job {
  request: HashingRequest;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
  starvedTimer?: NodeJS.Timeout;
}

/** Resolved once: a missing native module fails the import, as a static import would, not each check. */
const ARGON2_PATH = createRequire(import.meta.url).resolve('@node-rs/argon2');

/**
 * The hashing thread: argon2id (`@node-rs/argon2`, synchronous) on a thread of its own, at HASHING_THREAD_NICE and,
 * where `chrt` is given, under SCHED_IDLE. On Linux both are per thread; elsewhere the nice value would lower the
 * whole process, so it is left alone there. They are only ever lowered: a process started nicer than that
 * (`nice -n 15`) keeps its own, since raising it needs a privilege the service should not need. Where the policy
 * cannot be set (a container may refuse it), the thread stays at its nice value. CommonJS, run with `eval`: the
 * service is one bundled file, and the thread needs nothing from it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { getPriority, setPriority } = require('node:os');
const argon2 = require(workerData.argon2Path);
if (workerData.nice !== null && getPriority() < workerData.nice) setPriority(workerData.nice);
let idle = false;
if (workerData.chrt) {
  try {
    const tid = require('node:fs').readlinkSync('/proc/thread-self').split('/').pop();
    require('node:child_process').execFileSync(workerData.chrt, ['--idle', '--pid', '0', tid], { stdio: 'ignore' });
    idle = true;
  } catch {
    // Left at its nice value.
  }
}
parentPort.postMessage({ idle, nice: getPriority() });
parentPort.on('message', (request) => {
  if (request.kind === 'verify') {
    let value = false;
    try {
      value = argon2.verifySync(request.hash, request.password);
    } catch {
      // A stored value argon2 cannot read matches no password.
    }
    parentPort.postMessage({ value });
    return;
  }
  try {
    parentPort.postMessage({ value: argon2.hashSync(request.password, request.options) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/**
 * Password hashing off the event loop, on at most `size` threads (one per CPU but one, so the event loop always
 * keeps a CPU), each running one check at a time; checks beyond that wait in arrival order. Threads start at the
 * first check and exit after IDLE_STOP_MS without one (until then they keep the process alive, so a check asked
 * for by a script that has nothing else running is still answered). A check starved on a SCHED_IDLE thread for
 * `starvedMs` is started again on a thread at the nice value alone (STARVED_MS).
 */
export interface HashingWorkersOptions {
  /** Threads at most (one per CPU but one by default). */
  size?: number;
  /** How long a thread is kept without work (IDLE_STOP_MS). */
  idleStopMs?: number;
  /** How long a check may wait on a SCHED_IDLE thread before it is started again at the nice value alone. */
  starvedMs?: number;
  /** Threads at HASHING_THREAD_NICE and under SCHED_IDLE; off: at the process's own priority. */
  lowPriority?: boolean;
}

export class HashingWorkers {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly waiting: Job[] = [];
  /** Where each thread said it runs. */
  private readonly priorities = new WeakMap<Worker, ThreadPriority>();
  private idlePolicyPausedUntil = 0;
  private idleTimer?: NodeJS.Timeout;
  private closed = false;

  readonly size: number;
  private readonly idleStopMs: number;
  private readonly starvedMs: number;
  private readonly lowPriority: boolean;

  constructor({
    size = Math.max(1, availableParallelism() - 1),
    idleStopMs = IDLE_STOP_MS,
    starvedMs = STARVED_MS,
    lowPriority = false,
  }: HashingWorkersOptions = {}) {
    this.size = size;
    this.idleStopMs = idleStopMs;
    this.starvedMs = starvedMs;
    this.lowPriority = lowPriority;
  }

  run(request: HashingRequest): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error(STOPPED));
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Where this instance's live threads said they run (a thread that has not said yet is left out): what its spec
   * asserts, so that it never counts threads of the process that are not this instance's.
   */
  threads(): ThreadPriority[] {
    return [...this.idle, ...this.busy.keys()].flatMap((worker) => this.priorities.get(worker) ?? []);
  }

  /** Stops every thread; checks not answered yet fail. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const stopped = new Error(STOPPED);
    for (const job of [...this.waiting.splice(0), ...this.busy.values()]) {
      clearTimeout(job.starvedTimer);
      job.reject(stopped);
    }
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    this.busy.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    clearTimeout(this.idleTimer);
    while (this.waiting.length > 0) {
      let worker = this.idle.pop();
      if (!worker) {
        if (this.busy.size >= this.size) return;
        try {
          worker = this.start();
        } catch (error) {
          this.waiting.shift()!.reject(error instanceof Error ? error : new Error(String(error)));
          continue;
        }
      }
      const job = this.waiting.shift()!;
      this.busy.set(worker, job);
      const busyWorker = worker;
      job.starvedTimer = setTimeout(() => this.starved(busyWorker, job), this.starvedMs);
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
        argon2Path: ARGON2_PATH,
        nice: this.lowPriority && process.platform === 'linux' ? HASHING_THREAD_NICE : null,
        chrt: this.lowPriority && Date.now() >= this.idlePolicyPausedUntil ? (CHRT ?? null) : null,
      },
    });
    worker.on('message', (message: HashingMessage) => this.answered(worker, message));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`A password hashing thread exited (code ${code})`)));
    return worker;
  }

  private answered(worker: Worker, answer: HashingMessage): void {
    if ('idle' in answer) {
      this.priorities.set(worker, answer);
      return;
    }
    const job = this.busy.get(worker);
    if (!job) return;
    clearTimeout(job.starvedTimer);
    this.busy.delete(worker);
    this.idle.push(worker);
    if ('error' in answer) job.reject(new Error(answer.error));
    else job.resolve(answer.value);
    this.dispatch();
  }

  /** A thread that failed or exited is dropped; its check fails, and the next check starts a new thread. */
  private lost(worker: Worker, error: Error): void {
    const job = this.busy.get(worker);
    clearTimeout(job?.starvedTimer);
    this.busy.delete(worker);
    const idleAt = this.idle.indexOf(worker);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    job?.reject(error);
    if (!this.closed) this.dispatch();
  }

  private stopIdle(): void {
    for (const worker of this.idle.splice(0)) void worker.terminate();
  }

  /**
   * A check still unanswered on a SCHED_IDLE thread after `starvedMs`: the thread is dropped (it exits once its
   * hash returns), the check goes first in line for a thread at the nice value alone, and threads start so for
   * IDLE_POLICY_PAUSE_MS. Threads under SCHED_IDLE that wait for work are dropped too.
   */
  private starved(worker: Worker, job: Job): void {
    if (this.busy.get(worker) !== job || !this.priorities.get(worker)?.idle) return;
    this.idlePolicyPausedUntil = Date.now() + IDLE_POLICY_PAUSE_MS;
    this.busy.delete(worker);
    void worker.terminate();
    for (const waiting of this.idle.splice(0)) {
      if (this.priorities.get(waiting)?.idle) void waiting.terminate();
      else this.idle.push(waiting);
    }
    this.waiting.unshift(job);
    this.dispatch();
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
