import { Injectable } from '@nestjs/common';

/** What the guard reads of each attempt: `@nestjs/throttler`'s record, which this storage's spec compares with. */
export interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/** The attempts of one client address: when each counted one expires (oldest first, from `head` on), and its block. */
interface AddressAttempts {
  expirations: number[];
  head: number;
  windowEndsAt: number;
  blocked: boolean;
  blockedUntil: number;
}

/** Expired entries at the front of an address's list are cut off once there are this many (and they are half of it). */
const COMPACT_AFTER = 64;

/** How often addresses with nothing left in force are forgotten, as the library's storage sweeps (a minute). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The login attempts of each client address (in memory, per instance), answered as `@nestjs/throttler`'s own
 * ThrottlerStorageService answers them: an attempt counts until `ttl` after it was made, and the attempt over the
 * limit blocks the address for `blockDuration` (the guard passes the ttl unless a route names another), during
 * which attempts are refused without being counted. The library's storage copies an address's whole list of
 * attempts on each attempt, so that a login's cost grew with the limit: with 100,000 a minute, hundreds of µs of
 * the event loop once thousands had been made. Here an attempt costs the same whatever the limit: attempts expire
 * from the front of a list kept in the order they were made.
 */
@Injectable()
export class LoginThrottleStorage {
  private readonly addresses = new Map<string, AddressAttempts>();
  private nextSweepAt = 0;

  increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    if (!(blockDuration > 0)) {
      return Promise.reject(new Error(`LoginThrottleStorage blocks an address for blockDuration ms, but was given ${blockDuration}.`));
    }
    const now = Date.now();
    this.sweep(now);
    let attempts = this.addresses.get(key);
    if (!attempts) {
      attempts = { expirations: [], head: 0, windowEndsAt: now + ttl, blocked: false, blockedUntil: 0 };
      this.addresses.set(key, attempts);
    }
    dropExpired(attempts, now);
    if (attempts.windowEndsAt <= now) attempts.windowEndsAt = now + ttl;
    if (!attempts.blocked) {
      attempts.expirations.push(now + ttl);
      if (counted(attempts) > limit) {
        attempts.blocked = true;
        attempts.blockedUntil = now + blockDuration;
      }
    } else if (attempts.blockedUntil <= now) {
      // The block is over: the address starts afresh, with this attempt.
      attempts.blocked = false;
      attempts.expirations = [now + ttl];
      attempts.head = 0;
    }
    return Promise.resolve({
      totalHits: counted(attempts),
      timeToExpire: secondsUntil(attempts.windowEndsAt, now),
      isBlocked: attempts.blocked,
      timeToBlockExpire: secondsUntil(attempts.blockedUntil, now),
    });
  }

  /** Addresses kept: those with attempts or a block in force, and those the next sweep forgets. */
  get trackedAddresses(): number {
    return this.addresses.size;
  }

  /** At most once a SWEEP_EVERY_MS, forgets the addresses with nothing left in force. */
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_EVERY_MS;
    for (const [key, attempts] of this.addresses) {
      dropExpired(attempts, now);
      const blockInForce = attempts.blocked && attempts.blockedUntil > now;
      if (!blockInForce && attempts.windowEndsAt <= now && counted(attempts) === 0) this.addresses.delete(key);
    }
  }
}

function counted(attempts: AddressAttempts): number {
  return attempts.expirations.length - attempts.head;
}

/**
 * Moves `head` past the expired attempts. They were added in the order they were made with the same ttl, so they
 * expire in that order (were the clock set back, later attempts would wait behind earlier ones: the count errs on
 * the side of the limit).
 */
function dropExpired(attempts: AddressAttempts, now: number): void {
  const { expirations } = attempts;
  while (attempts.head < expirations.length && expirations[attempts.head] <= now) attempts.head++;
  if (attempts.head >= COMPACT_AFTER && attempts.head * 2 >= expirations.length) {
    expirations.splice(0, attempts.head);
    attempts.head = 0;
  }
}

/** As the library counts: whole seconds, rounded up (0 or less when the moment has passed). */
function secondsUntil(moment: number, now: number): number {
  return Math.ceil((moment - now) / 1000);
}
