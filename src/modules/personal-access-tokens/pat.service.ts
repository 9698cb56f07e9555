import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { hashSecret, randomSecret } from '../../core/access/secrets.js';
import { expiryNotInFuture } from '../../core/access/token-expiry.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { AppError, invalidProperty, nameExists, notFound, validationError } from '../../core/errors/app-error.js';
import { EventService, type EventType } from '../events/index.js';
import type { CreatedPat, Pat } from './pat.model.js';
import { PatStore } from './pat.store.js';
import { tooManyPats } from './personal-access-tokens.errors.js';

/** Event types to record: personal tokens and service-account tokens are told apart in the audit log. */
export interface PatEvents {
  created: EventType;
  deleted: EventType;
}

/**
 * Personal access tokens, for people and service accounts alike. The secret (`user:` + 64 hex characters) is
 * returned once, at creation; only its SHA-256 digest is stored.
 */
@Injectable()
export class PatService {
  constructor(
    private readonly store: PatStore,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  list(ownerId: number): Promise<Pat[]> {
    return this.store.listFor(ownerId);
  }

  /**
   * The checks that need only the request (400s). Callers that must answer 404 for the owner named in the URL
   * run this first, so a bad body wins over an unknown owner as the order of checks says.
   */
  checkInput(input: { description: string; expiresAt: string }): { description: string; expiresAt: Date } {
    const description = input.description.trim();
    if (!description) throw invalidProperty('/body/description', 'PAT description cannot be empty.');
    const expiresAt = new Date(input.expiresAt);
    if (!(expiresAt > this.clock.now())) throw validationError([expiryNotInFuture(input.expiresAt)]);
    return { description, expiresAt };
  }

  async create(
    ownerId: number,
    input: { description: string; expiresAt: string },
    actor: Actor,
    eventTypes: PatEvents,
  ): Promise<CreatedPat> {
    const { description, expiresAt } = this.checkInput(input);
    const now = this.clock.now();
    const secret = `user:${randomSecret()}`;
    const pat = await this.db.transaction(async () => {
      const limit = this.config.limits.personalAccessTokensPerUser;
      await this.store.lockOwner(ownerId);
      if ((await this.store.countFor(ownerId)) >= limit) {
        throw tooManyPats(limit);
      }
      if (await this.store.descriptionTaken(ownerId, description)) throw nameExists('PAT description already exists.');
      const created = await this.store.insert({ userId: ownerId, secretHash: hashSecret(secret), description, expiresAt, createdAt: now });
      await this.events.record({
        type: eventTypes.created,
        actor,
        data: { id: created.id, description, expiresAt: created.expiresAt, userId: ownerId },
      });
      return created;
    });
    return { ...pat, secret };
  }

  /** One token of the owner, without its secret. */
  async get(ownerId: number, id: number): Promise<Pat> {
    const pat = await this.store.find(ownerId, id);
    if (!pat) throw unknownPat(id);
    return pat;
  }

  async delete(ownerId: number, id: number, actor: Actor, eventTypes: PatEvents): Promise<void> {
    await this.db.transaction(async () => {
      const pat = await this.store.find(ownerId, id);
      if (!pat || !(await this.store.delete(ownerId, id))) throw unknownPat(id);
      await this.events.record({ type: eventTypes.deleted, actor, data: { id, description: pat.description, userId: ownerId } });
    });
  }
}

function unknownPat(id: number): AppError {
  return notFound(`Could not find personal access token with id ${id}.`);
}
