import { Inject, Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../config/flagwright-config.js';
import { HashingWorkers } from '../performance/hashing-workers.js';

interface Argon2Parameters {
  algorithm: string;
  version: number;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * OWASP's argon2id recommendation (19 MiB, 2 passes, 1 thread). argon2's usual default (64 MiB, 3 passes,
 * 4 threads) is about ten times the work: on two cores it held logins to a few per second and starved every other
 * request.
 */
const PASSWORD_HASH_PARAMETERS: Argon2Parameters = { algorithm: 'argon2id', version: 19, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** PASSWORD_HASH_PARAMETERS as `@node-rs/argon2` takes them (its `Algorithm.Argon2id` is 2, `Version.V0x13` is 1). */
const HASH_OPTIONS = {
  algorithm: 2,
  version: 1,
  memoryCost: PASSWORD_HASH_PARAMETERS.memoryCost,
  timeCost: PASSWORD_HASH_PARAMETERS.timeCost,
  parallelism: PASSWORD_HASH_PARAMETERS.parallelism,
};

/**
 * Passwords are hashed with argon2id on threads of their own (`HashingWorkers`; below the event loop's CPU priority
 * when the options ask for `performance.lowPriorityHashing`), so hashing does not block the requests; only those threads load the native
 * argon2 module. Hashes with other parameters (whatever the order they are written in), and bcrypt hashes (as
 * Unleash stores them), are still verified, and `needsRehash` tells the caller to replace them.
 */
@Injectable()
export class PasswordHasher implements OnApplicationShutdown {
  private readonly workers: HashingWorkers;

  /** Without a configuration (a script, a spec), the threads run at the process's own priority. */
  constructor(@Optional() @Inject(FLAGWRIGHT_CONFIG) config?: Pick<FlagwrightConfig, 'performance'>) {
    this.workers = new HashingWorkers({ lowPriority: config?.performance.lowPriorityHashing ?? false });
  }

  async hash(password: string): Promise<string> {
    return (await this.workers.run({ kind: 'hash', password, options: HASH_OPTIONS })) as string;
  }

  /** False for a stored value that is no hash (it matches no password); a failure of the hashing itself is thrown. */
  async verify(hash: string, password: string): Promise<boolean> {
    if (isBcrypt(hash)) return bcrypt.compare(password, hash);
    if (!argon2Parameters(hash)) return false;
    return (await this.workers.run({ kind: 'verify', hash, password })) as boolean;
  }

  needsRehash(hash: string): boolean {
    const parameters = argon2Parameters(hash);
    const names = Object.keys(PASSWORD_HASH_PARAMETERS) as (keyof Argon2Parameters)[];
    return !parameters || names.some((name) => parameters[name] !== PASSWORD_HASH_PARAMETERS[name]);
  }

  /** After the HTTP server has stopped (unlike onModuleDestroy), so the logins it was still answering are checked. */
  onApplicationShutdown(): Promise<void> {
    return this.workers.close();
  }
}

/** The parameters of an argon2 hash in PHC format (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`, with m, t, p in any order). */
function argon2Parameters(hash: string): Argon2Parameters | undefined {
  const match = /^\$(argon2(?:id|i|d))\$(?:v=(\d+)\$)?([a-z]=\d+(?:,[a-z]=\d+)*)\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/.exec(hash);
  if (!match) return undefined;
  const values = new Map(match[3].split(',').map((pair) => [pair[0], Number(pair.slice(2))]));
  const [memoryCost, timeCost, parallelism] = ['m', 't', 'p'].map((name) => values.get(name));
  if (memoryCost === undefined || timeCost === undefined || parallelism === undefined) return undefined;
  // A hash without `v=` was made by argon2 before version 0x13 (0x10).
  return { algorithm: match[1], version: Number(match[2] ?? 16), memoryCost, timeCost, parallelism };
}

function isBcrypt(hash: string): boolean {
  return /^\$2[aby]\$/.test(hash);
}
