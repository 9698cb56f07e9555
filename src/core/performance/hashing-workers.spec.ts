import { availableParallelism, getPriority, setPriority } from 'node:os';
import { Algorithm, hashSync } from '@node-rs/argon2';
import { CHRT, HASHING_THREAD_NICE, HashingWorkers } from './hashing-workers.js';

const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 };

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done` holds, for at most `ms`. */
async function within(ms: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await settle(20);
}

/**
 * Every assertion reads what one instance says of its own threads (`threads()`: each thread reports its nice value
 * and policy as it starts), never the process's thread list: threads that earlier test files left running, or
 * that exit while a test runs, cannot change what a test sees.
 */
describe('HashingWorkers', () => {
  it('answers every check with its own result, a stored value argon2 cannot read as no match, and fails a hash that fails', async () => {
    const workers = new HashingWorkers({ size: 2 });
    try {
      const hash = hashSync('right', OPTIONS);
      const answers = await Promise.allSettled([
        workers.run({ kind: 'verify', hash, password: 'right' }),
        workers.run({ kind: 'verify', hash, password: 'wrong' }),
        workers.run({ kind: 'hash', password: 'new', options: { ...OPTIONS, memoryCost: 1 } }),
        workers.run({ kind: 'verify', hash, password: 'right' }),
        workers.run({ kind: 'hash', password: 'new', options: OPTIONS }),
        workers.run({ kind: 'verify', hash: '$argon2id$v=19$m=1024,t=1,p=1$not-base64$x', password: 'right' }),
      ]);
      expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : 'failed'))).toEqual([
        true,
        false,
        'failed',
        true,
        expect.stringMatching(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/),
        false,
      ]);
      expect((answers[2] as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    } finally {
      await workers.close();
    }
  });

  it('has one thread fewer than the machine has CPUs, and at least one', () => {
    expect(new HashingWorkers().size).toBe(Math.max(1, availableParallelism() - 1));
  });

  it('fails the checks still waiting when it is closed, and every check asked for after', async () => {
    const workers = new HashingWorkers({ size: 1 });
    const hash = hashSync('right', OPTIONS);
    const pending = [workers.run({ kind: 'verify', hash, password: 'right' }), workers.run({ kind: 'verify', hash, password: 'right' })];
    const failures = pending.map((check) => expect(check).rejects.toThrow('Password hashing has stopped'));
    await workers.close();
    await Promise.all(failures);
    await expect(workers.run({ kind: 'verify', hash, password: 'right' })).rejects.toThrow('Password hashing has stopped');
  });

  it('starts at most `size` threads, on the first check, and stops them when idle', async () => {
    const workers = new HashingWorkers({ size: 2, idleStopMs: 100 });
    try {
      expect(workers.threads()).toEqual([]);
      const hash = hashSync('right', OPTIONS);
      const checks = Array.from({ length: 6 }, () => workers.run({ kind: 'verify', hash, password: 'right' }));
      expect(await Promise.all(checks)).toEqual(Array(6).fill(true));
      expect(workers.threads()).toHaveLength(2);
      await within(5_000, () => workers.threads().length === 0);
      expect(workers.threads()).toEqual([]);
      // The next check starts a thread again.
      expect(await workers.run({ kind: 'verify', hash, password: 'right' })).toBe(true);
      expect(workers.threads()).toHaveLength(1);
    } finally {
      await workers.close();
    }
  });

  it("leaves its threads at the process's priority unless asked for a low one", async () => {
    const workers = new HashingWorkers({ size: 1 });
    try {
      expect(await workers.run({ kind: 'verify', hash: hashSync('right', OPTIONS), password: 'right' })).toBe(true);
      expect(workers.threads()).toEqual([{ nice: getPriority(), idle: false }]);
    } finally {
      await workers.close();
    }
  });

  it.runIf(process.platform === 'linux')(
    'with `lowPriority`, runs its threads at nice 10 and, where chrt is, under SCHED_IDLE',
    async () => {
      const workers = new HashingWorkers({ size: 1, lowPriority: true });
      try {
        expect(await workers.run({ kind: 'verify', hash: hashSync('right', OPTIONS), password: 'right' })).toBe(true);
        expect(workers.threads()).toEqual([{ nice: Math.max(HASHING_THREAD_NICE, getPriority()), idle: CHRT !== undefined }]);
      } finally {
        await workers.close();
      }
    },
  );

  it.runIf(CHRT !== undefined)(
    'starts a check starved under SCHED_IDLE again on a thread at the nice value alone, and keeps to such threads after',
    async () => {
      const workers = new HashingWorkers({ size: 1, idleStopMs: 5_000, starvedMs: 50, lowPriority: true });
      try {
        const hash = hashSync('right', OPTIONS);
        // The thread starts under SCHED_IDLE. While other work keeps every core busy, it may get no CPU time for 50 ms,
        // and this short check is the starved one; otherwise the next one is.
        expect(await workers.run({ kind: 'verify', hash, password: 'right' })).toBe(true);
        // Far longer than 50 ms on any machine: starved, unless it runs on a thread at the nice value alone already.
        const slow = await workers.run({ kind: 'hash', password: 'slow', options: { ...OPTIONS, memoryCost: 19_456, timeCost: 40 } });
        expect(slow).toMatch(/^\$argon2id\$v=19\$m=19456,t=40,p=1\$/);
        // Answered by a new thread at the nice value alone; the starved one was dropped.
        expect(workers.threads()).toEqual([{ nice: Math.max(HASHING_THREAD_NICE, getPriority()), idle: false }]);
        expect(await workers.run({ kind: 'verify', hash, password: 'right' })).toBe(true);
        expect(workers.threads()).toEqual([{ nice: Math.max(HASHING_THREAD_NICE, getPriority()), idle: false }]);
      } finally {
        await workers.close();
      }
    },
  );

  // Last: it leaves the test's own thread nicer when it may not raise its priority back.
  it.runIf(process.platform === 'linux')('never raises the priority of a process started nicer than its own', async () => {
    const started = getPriority();
    setPriority(15); // this thread only, as a process started with `nice -n 15`; its new threads inherit it
    const workers = new HashingWorkers({ size: 1, lowPriority: true });
    try {
      expect(await workers.run({ kind: 'verify', hash: hashSync('right', OPTIONS), password: 'right' })).toBe(true);
      expect(workers.threads().map((thread) => thread.nice)).toEqual([15]);
    } finally {
      await workers.close();
      try {
        setPriority(started);
      } catch {
        // Raising it back needs a privilege this test may not have.
      }
    }
  });
});
