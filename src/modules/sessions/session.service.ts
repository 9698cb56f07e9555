import { Inject, Injectable } from '@nestjs/common';
import { serialize } from 'cookie';
import type { Request, Response } from 'express';
import { hash } from 'node:crypto';
import type { Actor } from '../../core/access/principal.js';
import { hashSecret, randomSecret } from '../../core/access/secrets.js';
import { readSessionId, signedSessionId } from '../../core/access/session-cookie.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { EVENT, EventService } from '../events/index.js';
import { sessionNotFound } from './sessions.errors.js';
import { type SessionRow, SessionStore } from './session.store.js';

export interface StartedSession {
  /** Sessions of the same user removed to stay within the parallel-session limit. */
  deletedSessions: number;
}

/** A session as its owner sees it. */
export interface SessionView {
  id: string;
  createdAt: string;
  lastSeenAt: string | null;
  expiresAt: string;
  address: string | null;
  userAgent: string | null;
  /** The session of the request that asked. */
  current: boolean;
}

const ADDRESS_LENGTH = 64;
const USER_AGENT_LENGTH = 512;

/**
 * A session's id in the API: derived from the digest the table keeps, so neither the cookie's secret nor the
 * digest it is looked up by leaves the service, and no column is needed to find it again.
 */
export function publicSessionId(idHash: string): string {
  return hash('sha256', `session:${idHash}`, 'hex').slice(0, 32);
}

/**
 * Sessions: a random id in a signed cookie (`s:<id>.<signature>`, as express-session writes it), and in the
 * database only the id's digest with its owner, expiry, the address and user agent it was started from and when it
 * was last used. At most `maxParallelSessions` per user: the oldest go.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly store: SessionStore,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /**
   * Starts a session for the user and sets its cookie on the response. The session the request came with, if any,
   * ends: every sign-in gets a new id, so a session id planted in a browser before it signs in is worth nothing.
   */
  async start(userId: number, request: Request, response: Response): Promise<StartedSession> {
    const { ttlHours, maxParallelSessions } = this.config.session;
    const id = randomSecret();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + ttlHours * 3600_000);
    const presented = this.presentedId(request);
    const deletedSessions = await this.db.transaction(async () => {
      if (presented) await this.store.delete(hashSecret(presented));
      await this.store.deleteExpired(now);
      await this.store.insert({
        idHash: hashSecret(id),
        userId,
        createdAt: now,
        expiresAt,
        address: request.ip?.slice(0, ADDRESS_LENGTH) ?? null,
        userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_LENGTH) ?? null,
      });
      return this.store.trim(userId, maxParallelSessions);
    });
    response.append('Set-Cookie', this.cookie(signedSessionId(id, this.config.session.secret), request, expiresAt));
    return { deletedSessions };
  }

  /** Ends the session the request carries, if any, and clears its cookie. */
  async end(request: Request, response: Response): Promise<void> {
    const id = this.presentedId(request);
    if (id) await this.store.delete(hashSecret(id));
    response.append('Set-Cookie', this.cookie('', request, new Date(0)));
  }

  /** The user's active sessions, newest first; `current` marks the one the request carries. */
  async list(userId: number, request: Request): Promise<SessionView[]> {
    const presented = this.presentedId(request);
    const currentHash = presented ? hashSecret(presented) : undefined;
    const rows = await this.store.listFor(userId, this.clock.now());
    return rows.map((row) => viewOf(row, row.idHash === currentHash));
  }

  /** The user ends one of their own sessions (404 when they have none with that id); every instance drops it within a second. */
  async endOwn(userId: number, sessionId: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const rows = await this.store.listFor(userId, this.clock.now());
      const row = rows.find((candidate) => publicSessionId(candidate.idHash) === sessionId) ?? raise(sessionId);
      await this.store.delete(row.idHash);
      await this.events.record({ type: EVENT.SESSION_ENDED, actor, data: { userId, sessionId } });
    });
  }

  /** Ends every session of the user; answers how many there were. */
  endAllFor(userId: number): Promise<number> {
    return this.store.deleteAllFor(userId);
  }

  private presentedId(request: Request): string | undefined {
    return readSessionId(request, this.config.session.cookieName, this.config.session.secret);
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

function viewOf(row: SessionRow, current: boolean): SessionView {
  return {
    id: publicSessionId(row.idHash),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    address: row.address,
    userAgent: row.userAgent,
    current,
  };
}

function raise(sessionId: string): never {
  throw sessionNotFound(sessionId);
}
