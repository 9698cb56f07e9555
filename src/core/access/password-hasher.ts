import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import bcrypt from 'bcryptjs';

/**
 * OWASP's argon2id recommendation (19 MiB, 2 passes, 1 thread). argon2's default (64 MiB, 3 passes, 4 threads)
 * is about ten times the work: on two cores it held logins to a few per second and starved every other request.
 */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Passwords are hashed with argon2id on libuv's thread pool, so hashing never blocks the event loop. Hashes with
 * other parameters, and bcrypt hashes (as Unleash stores them), are still verified, and `needsRehash` tells the
 * caller to replace them.
 */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return argon2.hash(password, PASSWORD_HASH_OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    if (isBcrypt(hash)) return bcrypt.compare(password, hash);
    try {
      return await argon2.verify(hash, password);
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
