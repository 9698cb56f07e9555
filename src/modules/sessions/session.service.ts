import { Inject, Injectable } from '@nestjs/common';
import { serialize } from 'cookie';
import type { Request, Response } from 'express';
import { hashSecret, randomSecret } from '../../core/access/secrets.js';
import { readSessionId, signedSessionId } from '../../core/access/session-cookie.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { SessionStore } from './session.store.js';

export interface StartedSession {
  /** Sessions of the same user removed to stay within the parallel-session limit. */
  deletedSessions: number;
}

/**
 * Sessions: a random id in a signed cookie (`s:<id>.<signature>`, as express-session writes it), and in the
 * database only the id's digest with its owner and expiry. At most `maxParallelSessions` per user: the oldest go.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly store: SessionStore,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /** Starts a session for the user and sets its cookie on the response. */
  async start(userId: number, request: Request, response: Response): Promise<StartedSession> {
    const { ttlHours, maxParallelSessions } = this.config.session;
    const id = randomSecret();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + ttlHours * 3600_000);
    const deletedSessions = await this.db.transaction(async () => {
      await this.store.deleteExpired(now);
      await this.store.insert({ idHash: hashSecret(id), userId, createdAt: now, expiresAt });
      return this.store.trim(userId, maxParallelSessions);
    });
    response.append('Set-Cookie', this.cookie(signedSessionId(id, this.config.session.secret), request, expiresAt));
    return { deletedSessions };
  }

  /** Ends the session the request carries, if any, and clears its cookie. */
  async end(request: Request, response: Response): Promise<void> {
    const id = readSessionId(request, this.config.session.cookieName, this.config.session.secret);
    if (id) await this.store.delete(hashSecret(id));
    response.append('Set-Cookie', this.cookie('', request, new Date(0)));
  }

  endAllFor(userId: number): Promise<void> {
    return this.store.deleteAllFor(userId);
  }

  private cookie(value: string, request: Request, expires: Date): string {
    return serialize(this.config.session.cookieName, value, {
      path: this.config.basePath || '/',
      expires,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.session.secure ?? request.secure,
    });
  }
}
