import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Algorithm, type ParsedHashOptions, parseOptions, Version } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { HashingWorkers } from './hashing-workers.js';

/**
 * OWASP's argon2id recommendation (19 MiB, 2 passes, 1 thread). argon2's usual default (64 MiB, 3 passes,
 * 4 threads) is about ten times the work: on two cores it held logins to a few per second and starved every other
 * request.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: Algorithm.Argon2id,
  version: Version.V0x13,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Passwords are hashed with argon2id on threads of their own, below the event loop's CPU priority
 * (`HashingWorkers`), so hashing neither blocks nor crowds out the requests. Hashes with other parameters
 * (whatever the order they are written in), and bcrypt hashes (as Unleash stores them), are still verified, and
 * `needsRehash` tells the caller to replace them.
 */
@Injectable()
export class PasswordHasher implements OnModuleDestroy {
  private readonly workers = new HashingWorkers();

  async hash(password: string): Promise<string> {
    return (await this.workers.run({ kind: 'hash', password, options: PASSWORD_HASH_OPTIONS })) as string;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    if (isBcrypt(hash)) return bcrypt.compare(password, hash);
    // A stored value that is no hash matches no password; a failure of the hashing itself is the caller's error.
    if (!argon2Options(hash)) return false;
    return (await this.workers.run({ kind: 'verify', hash, password })) as boolean;
  }

  needsRehash(hash: string): boolean {
    const options = isBcrypt(hash) ? undefined : argon2Options(hash);
    if (!options) return true;
    const wanted = PASSWORD_HASH_OPTIONS;
    return (
      options.algorithm !== wanted.algorithm ||
      options.version !== wanted.version ||
      options.memoryCost !== wanted.memoryCost ||
      options.timeCost !== wanted.timeCost ||
      options.parallelism !== wanted.parallelism
    );
  }

  onModuleDestroy(): Promise<void> {
    return this.workers.close();
  }
}

function argon2Options(hash: string): ParsedHashOptions | undefined {
  try {
    return parseOptions(hash);
  } catch {
    return undefined;
  }
}

function isBcrypt(hash: string): boolean {
  return /^\$2[aby]\$/.test(hash);
}
