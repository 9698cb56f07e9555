import { ThrottlerStorageService } from '@nestjs/throttler';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginThrottleStorage } from './login-throttle.storage.js';

const MINUTE = 60_000;

describe('LoginThrottleStorage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers every attempt as @nestjs/throttler's own storage does, through blocks, expiries and several addresses", async () => {
    const ours = new LoginThrottleStorage();
    const library = new ThrottlerStorageService();
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const blocked = new Set<string>();
    try {
      for (let attempt = 0; attempt < 3000; attempt++) {
        // Bursts and pauses: steps from 0 to 10 s, now and then a pause longer than the minute.
        vi.advanceTimersByTime(random() < 0.01 ? 70_000 : Math.floor(random() * random() * 10_000));
        const key = `address-${Math.floor(random() * 3)}`;
        const expected = await library.increment(key, MINUTE, 5, MINUTE, 'default');
        // When no block is in force, timeToBlockExpire is how long ago the last one ended (or the epoch): no answer.
        const ignored = expected.isBlocked ? {} : { timeToBlockExpire: expect.any(Number) };
        expect(await ours.increment(key, MINUTE, 5, MINUTE)).toEqual({ ...expected, ...ignored });
        if (expected.isBlocked) blocked.add(key);
      }
    } finally {
      library.onApplicationShutdown();
    }
    // The schedule reached every case: each address was blocked at some point.
    expect(blocked.size).toBe(3);
  });

  it('counts attempts in any 60 s, each expiring a minute after it was made, and blocks the one over the limit', async () => {
    const storage = new LoginThrottleStorage();
    const attempt = () => storage.increment('203.0.113.1', MINUTE, 3, 90_000);
    expect(await attempt()).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: expect.any(Number) });
    vi.advanceTimersByTime(20_000);
    expect((await attempt()).totalHits).toBe(2);
    vi.advanceTimersByTime(20_000);
    expect((await attempt()).totalHits).toBe(3);
    // 61 s after the first: it has expired, the other two count.
    vi.advanceTimersByTime(21_000);
    expect(await attempt()).toMatchObject({ totalHits: 3, isBlocked: false });
    expect(await attempt()).toMatchObject({ totalHits: 4, isBlocked: true, timeToBlockExpire: 90 });
    // The block runs its whole 90 s from the attempt that set it, and the attempts it refuses are not counted: by
    // then every counted one has expired.
    vi.advanceTimersByTime(89_500);
    expect(await attempt()).toMatchObject({ totalHits: 0, isBlocked: true, timeToBlockExpire: 1 });
    vi.advanceTimersByTime(500);
    expect(await attempt()).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('keeps up with a limit in the thousands: the count stays exact as old attempts expire from the front', async () => {
    const storage = new LoginThrottleStorage();
    let last;
    // 150 attempts a second for two minutes: 9,000 in any minute once the first has passed.
    for (let attempt = 0; attempt < 18_000; attempt++) {
      if (attempt % 3 === 0) vi.advanceTimersByTime(20);
      last = await storage.increment('198.51.100.7', MINUTE, 100_000, MINUTE);
    }
    expect(last).toMatchObject({ totalHits: 9000, isBlocked: false });
  });

  it('forgets addresses with nothing left in force at the next attempt a minute on, and keeps blocked ones', async () => {
    const storage = new LoginThrottleStorage();
    await storage.increment('quiet', MINUTE, 1, MINUTE);
    await storage.increment('blocked', MINUTE, 1, 3 * MINUTE);
    await storage.increment('blocked', MINUTE, 1, 3 * MINUTE);
    expect(storage.trackedAddresses).toBe(2);
    vi.advanceTimersByTime(MINUTE + 1);
    await storage.increment('other', MINUTE, 1, MINUTE);
    expect(storage.trackedAddresses).toBe(2);
    expect(await storage.increment('blocked', MINUTE, 1, 3 * MINUTE)).toMatchObject({ isBlocked: true });
    vi.advanceTimersByTime(3 * MINUTE);
    await storage.increment('other', MINUTE, 1, MINUTE);
    expect(storage.trackedAddresses).toBe(1);
  });

  it('refuses a call without a block, which it does not implement', async () => {
    await expect(new LoginThrottleStorage().increment('a', MINUTE, 1, 0)).rejects.toThrow(
      'LoginThrottleStorage blocks an address for blockDuration ms, but was given 0.',
    );
  });
});
