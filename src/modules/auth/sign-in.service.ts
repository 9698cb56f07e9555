import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { notFound } from '../../core/errors/app-error.js';
import { yieldToEventLoop } from '../../core/event-loop.js';
import { EVENT, EventService } from '../events/index.js';
import { SessionService } from '../sessions/index.js';
import { type UserJson, UserReadModel, UserService } from '../users/index.js';
import { accountLockKey } from './lockout-policy.js';
import { LockoutService } from './lockout.service.js';

/** How a person proved who they are: `password`, or the sign-in method another module names (`oidc`). */
export interface SignInMethod {
  method: string;
  /** A fresh hash of the password that signed in, replacing an outdated one. */
  upgradedHash?: string;
  /** The lockout key whose failures and past locks a password sign-in forgets. */
  lockKey?: string;
  /** What the method adds to the event `user-logged-in` (OIDC: whether the person was created, the groups synced). */
  details?: Record<string, unknown>;
}

/**
 * Signs a person in once something has proved who they are (a password, an OpenID provider): a locked account
 * refused (whichever way it signs in), their failure count reset and `seenAt` now, the event `user-logged-in`, and
 * a new session (any session the browser came with ends, so a planted session id is worth nothing). The one way
 * every sign-in method creates a session.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly users: UserReadModel,
    private readonly userService: UserService,
    private readonly lockout: LockoutService,
    private readonly sessions: SessionService,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Answers the person as they are after signing in. */
  async signIn(personId: number, how: SignInMethod, request: Request, response: Response): Promise<UserJson> {
    const now = this.clock.now();
    const person = (await this.users.person(personId)) ?? raiseNotFound(personId);
    await this.db.transaction(async () => {
      // A lock set by concurrent failures while this password was checked still wins; so does the account's lock
      // over any other method.
      const lockKey = how.lockKey ?? accountLockKey(personId);
      await this.lockout.refuseIfLocked(lockKey, now);
      if (how.lockKey !== undefined) await this.lockout.clear(how.lockKey);
      await this.userService.recordLoginSuccess(personId, now, how.upgradedHash);
      await this.events.record({
        type: EVENT.USER_LOGGED_IN,
        actor: { userId: personId, username: person.username ?? person.email ?? `user-${personId}`, ip: request.ip },
        data: { id: personId, username: person.username ?? null, email: person.email ?? null, method: how.method, ...how.details },
      });
    });
    await this.sessions.start(personId, request, response);
    const user = (await this.users.person(personId))!;
    await yieldToEventLoop();
    return user;
  }
}

function raiseNotFound(id: number): never {
  throw notFound(`Could not find user with id ${id}.`);
}
