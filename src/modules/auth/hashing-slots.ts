import { availableParallelism } from 'node:os';

/**
 * Bounds how many password checks run at once: one per CPU but one, so that the event loop always keeps a CPU
 * while logins run flat out (each argon2id check takes one of libuv's threads). Twenty at once would
 * oversubscribe the CPUs so badly that the event loop, though never blocked, gets too little CPU to answer other
 * requests quickly. Waiting checks queue in arrival order.
 */
export class HashingSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size = Math.max(1, availableParallelism() - 1)) {
    this.free = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
