import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PasswordHasher } from '../../core/access/password-hasher.js';
import { randomSecret } from '../../core/access/secrets.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { yieldToEventLoop } from '../../core/event-loop.js';
import { SessionService } from '../sessions/index.js';
import { type UserJson, UserReadModel, UserService } from '../users/index.js';
import { loginNameKey, minutesText } from './lockout-policy.js';
import { LockoutService } from './lockout.service.js';
import { invalidLogin, loginLocked } from './auth.errors.js';

/**
 * An argon2id hash (PasswordHasher's parameters) of a random password nobody knows. Unknown names, service accounts and
 * people without a password are checked against it, so every failure costs the same time as a wrong password.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,p=1,t=2$yo7f7poPfr4nfn3fIOe6pg$ISJlK0CLA34EnW8QUig/q+xMF/D4Yq0wYX0B6dUsovs';

/**
 * Username/password login. Checks, in order: the name's lock (stored in the database), the password (argon2id
 * off the event loop, legacy bcrypt verified and upgraded), then starts a session. Unknown names, wrong
 * passwords, service accounts and people without a password all get the same 401 in the same time.
 */
@Injectable()
export class LoginService {
  private dummyHash?: Promise<string>;

  constructor(
    private readonly users: UserReadModel,
    private readonly userService: UserService,
    private readonly lockout: LockoutService,
    private readonly sessions: SessionService,
    private readonly hasher: PasswordHasher,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /**
   * A login's work on the event loop is several times a search's (parsing and checking its body, the lockout and
   * the account, its writes, the answer with its cookie): it lets waiting requests in between those steps, so that
   * logins flat out do not hold the other requests up by a whole login each.
   */
  async login(input: { username: string; password: string }, request: Request, response: Response): Promise<UserJson> {
    await yieldToEventLoop();
    const name = loginNameKey(input.username);
    const now = this.clock.now();
    await this.refuseIfLocked(name, now);
    const account = await this.users.credentialsFor(input.username.trim());
    const person = account && !account.isService ? account : undefined;
    const hash = person?.passwordHash ?? null;
    const against = hash ?? (await this.dummy());
    const valid = await this.hasher.verify(against, input.password);
    if (!person || !hash || !valid) {
      await this.lockout.recordFailure(name, person?.id, now);
      throw invalidLogin(this.config.basePath);
    }
    const upgradedHash = this.hasher.needsRehash(hash) ? await this.hasher.hash(input.password) : undefined;
    await yieldToEventLoop();
    await this.db.transaction(async () => {
      // A lock set by concurrent failures while this password was checked still wins.
      await this.refuseIfLocked(name, now);
      await this.lockout.clear(name);
      await this.userService.recordLoginSuccess(person.id, now, upgradedHash);
    });
    await this.sessions.start(person.id, request, response);
    const user = (await this.users.person(person.id))!;
    await yieldToEventLoop();
    return user;
  }

  private async refuseIfLocked(name: string, now: Date): Promise<void> {
    const remaining = await this.lockout.remainingLock(name, now);
    if (remaining === 0) return;
    throw loginLocked(minutesText(remaining));
  }

  /** The fixed dummy hash, unless the hasher's parameters changed since it was made. */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.needsRehash(DUMMY_HASH) ? this.hasher.hash(randomSecret()) : Promise.resolve(DUMMY_HASH);
    return this.dummyHash;
  }
}
