import { availableParallelism } from 'node:os';
import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import bcrypt from 'bcryptjs';
import pLimit from 'p-limit';

/**
 * OWASP's argon2id recommendation (19 MiB, 2 passes, 1 thread). argon2's default (64 MiB, 3 passes, 4 threads)
 * is about ten times the work: on two cores it held logins to a few per second and starved every other request.
 */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many argon2 hashes run at once: one fewer than the machine's cores (at least one). Unbounded, ten concurrent
 * logins held all four threads of libuv's pool (which file, DNS and compression work share) and both cores of a
 * two-core machine, for no more logins a second: a 19 MiB argon2 hash is bound by memory bandwidth, and one at a
 * time answered 52 logins a second there against 48 with four.
 */
export const CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);

/**
 * Passwords are hashed with argon2id on libuv's thread pool, so hashing never blocks the event loop, and at most
 * `CONCURRENT_HASHES` at a time (the others wait their turn). Hashes with other parameters, and bcrypt hashes (as
 * Unleash stores them), are still verified, and `needsRehash` tells the caller to replace them.
 */
@Injectable()
export class PasswordHasher {
  private readonly hashing = pLimit(CONCURRENT_HASHES);

  hash(password: string): Promise<string> {
    return this.hashing(() => argon2.hash(password, PASSWORD_HASH_OPTIONS));
  }

  async verify(hash: string, password: string): Promise<boolean> {
    if (isBcrypt(hash)) return bcrypt.compare(password, hash);
    try {
      return await this.hashing(() => argon2.verify(hash, password));
    } catch {
      return false;
    }
  }

  needsRehash(hash: string): boolean {
    return isBcrypt(hash) || argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
  }
}

function isBcrypt(hash: string): boolean {
  return /^\$2[aby]\$/.test(hash);
}
