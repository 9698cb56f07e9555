import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { PasswordHasher } from '../../core/access/password-hasher.js';
import { SYSTEM_USER_ID, SYSTEM_USER_NAME } from '../../core/access/principal.js';
import { randomSecret } from '../../core/access/secrets.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { yieldToEventLoop } from '../../core/event-loop.js';
import { EVENT, EventService } from '../events/index.js';
import { UserReadModel } from '../users/index.js';
import { invalidLogin } from './auth.errors.js';
import { accountLockKey, loginNameKey } from './lockout-policy.js';
import { LockoutService } from './lockout.service.js';
import { PasswordLoginPort } from './password-login.port.js';
import type { SignInMethod } from './sign-in.service.js';

/**
 * An argon2id hash (PasswordHasher's parameters) of a random password nobody knows. Unknown names, service accounts and
 * people without a password are checked against it, so every failure costs the same time as a wrong password.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,p=1,t=2$yo7f7poPfr4nfn3fIOe6pg$ISJlK0CLA34EnW8QUig/q+xMF/D4Yq0wYX0B6dUsovs';

/** A person whose password was right: whom to sign in, and how (see SignInService). */
export interface VerifiedPassword extends SignInMethod {
  personId: number;
}

/**
 * Checks a username (or email) and password, as passport-local's verify step: the lock of the account (or of the
 * name, when it is no account's), then the password (argon2id off the event loop, legacy bcrypt verified and
 * upgraded). Unknown names, wrong passwords, service accounts and people without a password all get the same 401 in
 * the same time; every failure is counted and recorded as the event `user-login-failed`.
 */
@Injectable()
export class LoginService {
  private dummyHash?: Promise<string>;

  constructor(
    private readonly users: UserReadModel,
    private readonly lockout: LockoutService,
    private readonly hasher: PasswordHasher,
    private readonly events: EventService,
    private readonly passwordLogin: PasswordLoginPort,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /**
   * A login's work on the event loop is several times a search's (parsing and checking its body, the lockout and
   * the account, its writes, the answer with its cookie): it lets waiting requests in between those steps, so that
   * logins flat out do not hold the other requests up by a whole login each.
   */
  async verify(input: { username: string; password: string }, request: Request): Promise<VerifiedPassword> {
    await yieldToEventLoop();
    const loginName = input.username.trim();
    const now = this.clock.now();
    // Password login turned off (the setting behind PasswordLoginPort) refuses before any account is looked at, but the break-glass name.
    await this.passwordLogin.refuseUnlessAllowed(loginName);
    const account = await this.users.credentialsFor(loginName);
    const person = account && !account.isService ? account : undefined;
    const lockKey = person ? accountLockKey(person.id) : loginNameKey(loginName);
    try {
      await this.lockout.refuseIfLocked(lockKey, now);
    } catch (locked) {
      await this.recordFailure(loginName, person?.id, 'locked', request);
      throw locked;
    }
    const hash = person?.passwordHash ?? null;
    const against = hash ?? (await this.dummy());
    const valid = await this.hasher.verify(against, input.password);
    if (!person || !hash || !valid) {
      await this.lockout.recordFailure(lockKey, person?.id, now);
      await this.recordFailure(loginName, person?.id, 'invalid', request);
      throw invalidLogin(this.config.basePath);
    }
    await this.passwordLogin.refuseUnlessAdmin((await this.users.person(person.id))!.rootRole);
    const upgradedHash = this.hasher.needsRehash(hash) ? await this.hasher.hash(input.password) : undefined;
    await yieldToEventLoop();
    return { personId: person.id, method: 'password', upgradedHash, lockKey };
  }

  /** Recorded by the service itself: nobody is signed in, and the name tried may be anyone's. */
  private recordFailure(loginName: string, personId: number | undefined, reason: 'invalid' | 'locked', request: Request) {
    return this.events.record({
      type: EVENT.USER_LOGIN_FAILED,
      actor: { userId: SYSTEM_USER_ID, username: SYSTEM_USER_NAME, ip: request.ip },
      data: { loginName, userId: personId ?? null, reason },
    });
  }

  /** The fixed dummy hash, unless the hasher's parameters changed since it was made. */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.needsRehash(DUMMY_HASH) ? this.hasher.hash(randomSecret()) : Promise.resolve(DUMMY_HASH);
    return this.dummyHash;
  }
}
