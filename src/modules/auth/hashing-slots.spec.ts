import { HashingSlots } from './hashing-slots.js';

describe('HashingSlots', () => {
  it('runs at most `size` tasks at once, in arrival order, and passes results and errors through', async () => {
    const slots = new HashingSlots(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      order.push(i);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (i === 3) throw new Error('boom');
      return i;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => slots.run(task(i))));
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([0, 1, 2, 'boom', 4, 5]);
    // Every slot is free again.
    const again = await Promise.all([slots.run(async () => 'a'), slots.run(async () => 'b')]);
    expect(again).toEqual(['a', 'b']);
  });

  it('has at least one slot', () => {
    expect(new HashingSlots().size).toBeGreaterThanOrEqual(1);
  });
});
