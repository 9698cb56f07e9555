import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import bcrypt from 'bcryptjs';

/**
 * Passwords are hashed with argon2id on libuv's thread pool, so hashing never blocks the event loop. bcrypt
 * hashes (as Unleash stores them) are still verified, and `needsRehash` tells the caller to upgrade them.
 */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
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
    return isBcrypt(hash) || argon2.needsRehash(hash);
  }
}

function isBcrypt(hash: string): boolean {
  return /^\$2[aby]\$/.test(hash);
}
