import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { notFound } from '../../core/errors/app-error.js';
import { loginLocked } from './auth.errors.js';
import { EVENT, EventService } from '../events/index.js';
import { type UserJson, UserReadModel, UserService } from '../users/index.js';
import { accountLockKey, lockDurationMs, loginNameKey, minutesText } from './lockout-policy.js';
import { LoginFailureStore } from './login-failure.store.js';

/**
 * Locks after `login.lockoutThreshold` consecutive failures, for `login.lockoutMinutes` growing with every further
 * lock. Stored in the database, so every instance honours a lock. A person's failures are counted on their account
 * (`accountLockKey`), whichever of their names was tried; a name that is no account's is counted on its own, so a
 * lock says nothing about whether an account exists. A person's own `loginAttempts` counts their failures too.
 */
@Injectable()
export class LockoutService {
  constructor(
    private readonly store: LoginFailureStore,
    private readonly userService: UserService,
    private readonly users: UserReadModel,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /** How long the name stays locked, in ms; 0 when it is not locked. */
  async remainingLock(name: string, now: Date): Promise<number> {
    const until = await this.store.lockedUntil(name);
    return until && until > now ? until.getTime() - now.getTime() : 0;
  }

  /** 401 while the key is locked, saying for how long. */
  async refuseIfLocked(key: string, now: Date): Promise<void> {
    const remaining = await this.remainingLock(key, now);
    if (remaining === 0) return;
    throw loginLocked(minutesText(remaining));
  }

  /** Counts a failed login of the name (and of the person, when one has it); locks the name at the threshold. */
  async recordFailure(name: string, personId: number | undefined, now: Date): Promise<void> {
    const { lockoutThreshold, lockoutMinutes } = this.config.login;
    await this.db.transaction(async () => {
      const { failedCount, lockCount } = await this.store.recordFailure(name, now);
      if (failedCount >= lockoutThreshold)
        await this.store.lock(name, new Date(now.getTime() + lockDurationMs(lockCount + 1, lockoutMinutes)), now);
      if (personId !== undefined) await this.userService.recordLoginFailure(personId);
    });
  }

  /** A successful login forgets the failures and past locks of the name it used. */
  clear(name: string): Promise<void> {
    return this.store.clear([name]);
  }

  /**
   * An admin lifts the lock of a person's account (and of their login names, as counted before accounts were) and
   * resets their failure count.
   */
  async unlock(id: number, actor: Actor): Promise<UserJson> {
    await this.db.transaction(async () => {
      const user = (await this.users.person(id)) ?? raiseNotFound(id);
      const names = [accountLockKey(id), ...[user.username, user.email].filter((name): name is string => Boolean(name)).map(loginNameKey)];
      const until = await this.store.latestLockAmong(names);
      const locked = until !== null && until > this.clock.now();
      await this.store.clear(names);
      const attempts = await this.userService.resetLoginAttempts(id);
      const who = { id, username: user.username, email: user.email ?? null };
      // Nothing locked and nothing counted: nothing changed, and EventService skips the event.
      await this.events.record({
        type: EVENT.USER_UNLOCKED,
        actor,
        data: { ...who, loginAttempts: 0, locked: false },
        preData: { ...who, loginAttempts: attempts, locked },
      });
    });
    return (await this.users.person(id))!;
  }
}

function raiseNotFound(id: number): never {
  throw notFound(`Could not find user with id ${id}.`);
}
