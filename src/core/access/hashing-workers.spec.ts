import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import { Algorithm, hashSync } from '@node-rs/argon2';
import { CHRT, HASHING_THREAD_NICE, HashingWorkers } from './hashing-workers.js';

const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 };

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

/**
 * This process's threads: nice value and scheduling policy (fields 19 and 41 of /proc/self/task/<tid>/stat). A
 * thread that exits between the listing and the read of its stat is not counted.
 */
function threads(): { nice: number; policy: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [{ nice: Number(fields[16]), policy: Number(fields[38]) }];
  });
}

const threadsAtNice = (nice: number) => threads().filter((thread) => thread.nice === nice).length;
const hashingThreads = () => threadsAtNice(HASHING_THREAD_NICE);
const hashingThreadsUnder = (policy: number) =>
  threads().filter((thread) => thread.nice === HASHING_THREAD_NICE && thread.policy === policy).length;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done` holds, for at most `ms`. */
async function within(ms: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await settle(50);
}

describe('HashingWorkers', () => {
  // Test files share their worker process, and an earlier one may have left a PasswordHasher's thread, which exits
  // after its idle second: one exiting while a test counts threads made that count one short. Each test starts
  // with none.
  beforeEach(async () => {
    if (process.platform !== 'linux') return;
    await within(5_000, () => hashingThreads() === 0);
    expect(hashingThreads()).toBe(0);
  });

  it('answers every check with its own result, a stored value argon2 cannot read as no match, and fails a hash that fails', async () => {
    const workers = new HashingWorkers(2);
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
    const workers = new HashingWorkers(1);
    const hash = hashSync('right', OPTIONS);
    const pending = [workers.run({ kind: 'verify', hash, password: 'right' }), workers.run({ kind: 'verify', hash, password: 'right' })];
    const failures = pending.map((check) => expect(check).rejects.toThrow('Password hashing has stopped'));
    await workers.close();
    await Promise.all(failures);
    await expect(workers.run({ kind: 'verify', hash, password: 'right' })).rejects.toThrow('Password hashing has stopped');
  });

  it.runIf(process.platform === 'linux')(
    'starts at most `size` threads at its lower CPU priority, on the first check, and stops them when idle',
    async () => {
      const before = hashingThreads();
      const workers = new HashingWorkers(2, 100);
      try {
        expect(hashingThreads()).toBe(before);
        const hash = hashSync('right', OPTIONS);
        const checks = Array.from({ length: 6 }, () => workers.run({ kind: 'verify', hash, password: 'right' }));
        expect(await Promise.all(checks)).toEqual(Array(6).fill(true));
        expect(hashingThreads()).toBe(before + 2);
        // Stopped after 100 ms idle; a thread under SCHED_IDLE exits once it gets a core, as the starved one below.
        await within(5_000, () => hashingThreads() === before);
        expect(hashingThreads()).toBe(before);
        // The next check starts a thread again.
        expect(await workers.run({ kind: 'verify', hash, password: 'right' })).toBe(true);
        expect(hashingThreads()).toBe(before + 1);
      } finally {
        await workers.close();
      }
    },
  );

  it.runIf(CHRT !== undefined)('runs its threads under SCHED_IDLE, below every request', async () => {
    const before = hashingThreadsUnder(SCHED_IDLE);
    const workers = new HashingWorkers(1, 1_000);
    try {
      expect(await workers.run({ kind: 'verify', hash: hashSync('right', OPTIONS), password: 'right' })).toBe(true);
      expect(hashingThreadsUnder(SCHED_IDLE)).toBe(before + 1);
    } finally {
      await workers.close();
    }
  });

  it.runIf(CHRT !== undefined)(
    'starts a check starved under SCHED_IDLE again on a thread at the nice value alone, and keeps to such threads after',
    async () => {
      const beforeIdle = hashingThreadsUnder(SCHED_IDLE);
      const beforeOther = hashingThreadsUnder(SCHED_OTHER);
      const workers = new HashingWorkers(1, 5_000, 50);
      try {
        const hash = hashSync('right', OPTIONS);
        // The thread starts under SCHED_IDLE. While other test files keep every core busy, it may get no CPU time for
        // 50 ms, and this short check is the starved one; otherwise the next one is.
        expect(await workers.run({ kind: 'verify', hash, password: 'right' })).toBe(true);
        // Far longer than 50 ms on any machine: starved, unless it runs on a thread at the nice value alone already.
        const slow = await workers.run({ kind: 'hash', password: 'slow', options: { ...OPTIONS, memoryCost: 19_456, timeCost: 40 } });
        expect(slow).toMatch(/^\$argon2id\$v=19\$m=19456,t=40,p=1\$/);
        // Answered by a new thread at the nice value alone. The starved one exits once its hash returns, which takes
        // as long as it waits for an idle core.
        await within(10_000, () => hashingThreadsUnder(SCHED_IDLE) === beforeIdle);
        expect(hashingThreadsUnder(SCHED_OTHER)).toBe(beforeOther + 1);
        expect(hashingThreadsUnder(SCHED_IDLE)).toBe(beforeIdle);
        expect(await workers.run({ kind: 'verify', hash, password: 'right' })).toBe(true);
        expect(hashingThreadsUnder(SCHED_IDLE)).toBe(beforeIdle);
      } finally {
        await workers.close();
      }
    },
  );

  // Last: it leaves the test's own thread nicer when it may not raise its priority back.
  it.runIf(process.platform === 'linux')('never raises the priority of a process started nicer than its own', async () => {
    const started = getPriority();
    setPriority(15); // this thread only, as a process started with `nice -n 15`; its new threads inherit it
    const workers = new HashingWorkers(1, 100);
    try {
      const before = threadsAtNice(15);
      const hash = hashSync('right', OPTIONS);
      expect(await workers.run({ kind: 'verify', hash, password: 'right' })).toBe(true);
      expect(threadsAtNice(15)).toBe(before + 1);
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
