import { Inject, Injectable, Logger } from '@nestjs/common';
import { hash } from 'node:crypto';
import { type Actor, SYSTEM_ACTOR, SYSTEM_USER_ID } from '../../core/access/principal.js';
import { hashSecret, randomSecret } from '../../core/access/secrets.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { EVENT, EventService } from '../events/index.js';
import { type UserJson, UserReadModel, UserService } from '../users/index.js';
import {
  closedInvite,
  expiredLink,
  outdatedLink,
  unknownInvite,
  unknownLink,
  unknownPerson,
  unknownRootRole,
  usedLink,
} from './invitations.errors.js';
import { LinkMailer } from './link-mailer.js';
import { type ResetTokenRow, ResetTokenStore } from './reset-token.store.js';
import { type SignupTokenRow, SignupTokenStore } from './signup-token.store.js';

/** How long a link lasts: a reset is asked for when needed; a welcome waits for a newcomer to read their mail. */
const RESET_LINK_HOURS = 24;
const WELCOME_LINK_HOURS = 7 * 24;

export interface CreatedResetLink {
  /** Absent when the link went by email: it is the person's, not the admin's. */
  resetPasswordUrl?: string;
  emailSent: boolean;
}

/** What a valid reset link tells its holder about whom it is for. */
export interface ResetLinkView {
  id: number;
  name: string | null;
  email: string | null;
  username: string | null;
  kind: 'welcome' | 'reset';
  createdBy: string;
  expiresAt: string;
}

export interface SignupTokenView {
  /** Names the invite on the admin paths without being its secret: the digest it is stored under. */
  id: string;
  name: string;
  enabled: boolean;
  expiresAt: string;
  createdAt: string;
  createdBy: string;
  role: { id: number; name: string };
}

export interface CreatedSignupToken extends SignupTokenView {
  /** In this answer only: the secret is stored as its digest. */
  secret: string;
  url: string;
}

/** A person asking for reset links by email gets at most one a minute. */
const RESET_EMAIL_INTERVAL_MS = 60_000;

/**
 * Links that let people in without an admin handling their password: a welcome link (someone without a password) or
 * a reset link, single-use, expiring, made by an admin; and invite links (Unleash's public sign-up tokens) anyone
 * holding them may sign up with, under the root role they carry, until they expire or are disabled. Secrets are
 * stored as digests. A reset link remembers a fingerprint of the password it was made under, so a password changed
 * since (by anyone, by any route) kills it; it goes with its person (ON DELETE CASCADE).
 */
@Injectable()
export class InvitationService {
  private readonly logger = new Logger('Flagwright');
  /** Person id -> when a reset link was last mailed to them on their own request (per instance). */
  private readonly recentResetEmails = new Map<number, number>();

  constructor(
    private readonly resets: ResetTokenStore,
    private readonly invites: SignupTokenStore,
    private readonly users: UserReadModel,
    private readonly userService: UserService,
    private readonly events: EventService,
    private readonly mailer: LinkMailer,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /** An admin makes a welcome link (the person has no password) or a reset link, sent by email when possible. */
  async createResetLink(reference: string, actor: Actor): Promise<CreatedResetLink> {
    const person = (await this.personOf(reference)) ?? raise(unknownPerson(reference));
    const { url, kind } = await this.makeLink(person, actor);
    const emailSent = person.email !== undefined && (await this.mailer.send(linkMail(person.email, kind, url, this.config.productName)));
    return emailSent ? { emailSent } : { resetPasswordUrl: url, emailSent };
  }

  /**
   * Someone who forgot their password asks for a link by email (the console's forgotten-password page). Nothing is
   * answered about it: whether the address is a person's, whether SMTP is configured, whether a mail left, the
   * caller learns nothing, and the link is made and mailed after the answer, so its time tells nothing either. At
   * most one such mail per person per minute (more requests are dropped); the link is the one an admin would make.
   */
  requestResetEmail(email: string, ip: string | undefined): void {
    this.mailResetLink(email.trim().toLowerCase(), ip).catch((error: unknown) =>
      this.logger.warn(`Could not make a password reset link for ${email}: ${(error as Error).message}`),
    );
  }

  private async mailResetLink(email: string, ip: string | undefined): Promise<void> {
    if (!this.mailer.configured || !email) return;
    const person = await this.users.personWithEmail(email);
    if (!person?.email) return;
    const now = this.clock.now().getTime();
    for (const [id, at] of this.recentResetEmails) if (at <= now - RESET_EMAIL_INTERVAL_MS) this.recentResetEmails.delete(id);
    if (this.recentResetEmails.has(person.id)) return;
    this.recentResetEmails.set(person.id, now);
    const { url, kind } = await this.makeLink(person, { ...SYSTEM_ACTOR, ip });
    await this.mailer.send(linkMail(person.email, kind, url, this.config.productName));
  }

  private async makeLink(person: UserJson, actor: Actor): Promise<{ url: string; kind: 'welcome' | 'reset' }> {
    const secret = randomSecret();
    const now = this.clock.now();
    const passwordHash = await this.users.passwordHashOf(person.id);
    const kind = passwordHash ? 'reset' : 'welcome';
    const expiresAt = new Date(now.getTime() + (kind === 'reset' ? RESET_LINK_HOURS : WELCOME_LINK_HOURS) * 3600_000);
    await this.db.transaction(async () => {
      await this.resets.insert({
        idHash: hashSecret(secret),
        userId: person.id,
        kind,
        passwordFingerprint: fingerprint(passwordHash),
        createdBy: actor.username,
        createdAt: now,
        expiresAt,
      });
      await this.events.record({
        type: EVENT.PASSWORD_RESET_LINK_CREATED,
        actor,
        data: { id: person.id, username: person.username, email: person.email ?? null, kind, expiresAt: expiresAt.toISOString() },
      });
    });
    return { url: `${this.config.linkBase}/${kind === 'welcome' ? 'new-user' : 'reset-password'}?token=${secret}`, kind };
  }

  /** Whom a link is for, when it can still set a password; a clear 404 or 400 otherwise. */
  async validateResetLink(secret: string, where: string): Promise<ResetLinkView> {
    const { link, person } = await this.usableLink(secret, where);
    return {
      id: person.id,
      name: person.name,
      email: person.email ?? null,
      username: person.username,
      kind: link.kind,
      createdBy: link.createdBy,
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  /** Sets the password through a link (under the password policy), once: every session of the person ends. */
  async resetPassword(secret: string, password: string): Promise<void> {
    await this.db.transaction(async () => {
      const { link, person } = await this.usableLink(secret, '/body/token');
      if (!(await this.resets.markUsed(link.idHash, this.clock.now()))) throw usedLink('/body/token');
      const actor = { userId: person.id, username: person.username ?? person.email ?? `user-${person.id}` };
      await this.events.record({ type: EVENT.PASSWORD_RESET_LINK_USED, actor, data: { id: person.id, kind: link.kind } });
      await this.userService.setPassword(person.id, password, actor);
    });
  }

  async createInvite(input: { name: string; expiresAt: Date; rootRole?: number | string }, actor: Actor): Promise<CreatedSignupToken> {
    const reference = input.rootRole ?? 'Viewer';
    const rootRoleId = (await this.users.rootRoleId(reference)) ?? raise(unknownRootRole(reference));
    const secret = randomSecret();
    const row: SignupTokenRow = {
      idHash: hashSecret(secret),
      name: input.name.trim(),
      rootRoleId,
      enabled: true,
      createdBy: actor.username,
      createdAt: this.clock.now(),
      expiresAt: input.expiresAt,
    };
    await this.db.transaction(async () => {
      await this.invites.insert(row);
      await this.events.record({
        type: EVENT.PUBLIC_SIGNUP_TOKEN_CREATED,
        actor,
        data: { name: row.name, rootRole: rootRoleId, expiresAt: row.expiresAt.toISOString(), enabled: true },
      });
    });
    return { secret, url: `${this.config.linkBase}/invite/${secret}`, ...(await this.inviteView(row)) };
  }

  async listInvites(): Promise<SignupTokenView[]> {
    const rows = await this.invites.list();
    return Promise.all(rows.map((row) => this.inviteView(row)));
  }

  /** An invite an admin names by its secret or its `id` (the list's: an admin who never saw the secret turns it off). */
  private async adminsInvite(secretOrId: string): Promise<SignupTokenRow> {
    return (await this.invites.find(hashSecret(secretOrId))) ?? (await this.invites.find(secretOrId)) ?? raise(unknownInvite());
  }

  async getInvite(secretOrId: string): Promise<SignupTokenView> {
    return this.inviteView(await this.adminsInvite(secretOrId));
  }

  async updateInvite(secretOrId: string, changes: { expiresAt?: Date; enabled?: boolean }, actor: Actor): Promise<SignupTokenView> {
    const after = await this.db.transaction(async () => {
      const before = await this.adminsInvite(secretOrId);
      await this.invites.update(before.idHash, changes);
      const changed = (await this.invites.find(before.idHash))!;
      await this.events.record({
        type: EVENT.PUBLIC_SIGNUP_TOKEN_UPDATED,
        actor,
        data: { name: changed.name, expiresAt: changed.expiresAt.toISOString(), enabled: changed.enabled },
        preData: { name: before.name, expiresAt: before.expiresAt.toISOString(), enabled: before.enabled },
      });
      return changed;
    });
    return this.inviteView(after);
  }

  /** Answers the invite when people may sign up with it; a clear 404 or 400 otherwise. */
  async validateInvite(secret: string): Promise<SignupTokenRow> {
    const invite = (await this.invites.find(hashSecret(secret))) ?? raise(unknownInvite());
    if (!invite.enabled) throw closedInvite('/params/token', 'disabled');
    if (invite.expiresAt <= this.clock.now()) throw closedInvite('/params/token', 'expired');
    return invite;
  }

  /** Someone holding an invite link signs up: a person with the invite's root role and the password they chose. */
  async signUp(secret: string, input: { email: string; name?: string; username?: string; password: string }): Promise<UserJson> {
    return this.db.transaction(async () => {
      const invite = await this.validateInvite(secret);
      const actor = { userId: SYSTEM_USER_ID, username: `invite-link:${invite.name}` };
      const user = await this.userService.create({ ...input, rootRole: invite.rootRoleId }, actor);
      await this.events.record({ type: EVENT.PUBLIC_SIGNUP_TOKEN_USER_ADDED, actor, data: { name: invite.name, userId: user.id } });
      return user;
    });
  }

  private async usableLink(secret: string, where: string): Promise<{ link: ResetTokenRow; person: UserJson }> {
    const link = (await this.resets.find(hashSecret(secret))) ?? raise(unknownLink());
    const person = (await this.users.person(link.userId)) ?? raise(unknownLink());
    if (link.usedAt) throw usedLink(where);
    if (link.expiresAt <= this.clock.now()) throw expiredLink(where, link.expiresAt);
    if (fingerprint(await this.users.passwordHashOf(person.id)) !== link.passwordFingerprint) throw outdatedLink(where);
    return { link, person };
  }

  private async personOf(reference: string): Promise<UserJson | undefined> {
    const trimmed = reference.trim();
    return /^\d+$/.test(trimmed) ? this.users.person(Number(trimmed)) : this.users.personWithEmail(trimmed.toLowerCase());
  }

  private async inviteView(row: SignupTokenRow): Promise<SignupTokenView> {
    const roles = await this.users.rootRoles();
    const role = roles.find((candidate) => candidate.id === row.rootRoleId);
    return {
      id: row.idHash,
      name: row.name,
      enabled: row.enabled,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      role: { id: row.rootRoleId, name: role?.name ?? `role ${row.rootRoleId}` },
    };
  }
}

/** The password hash a link was made under, as a digest (nothing of the hash itself is kept twice). */
function fingerprint(passwordHash: string | null): string {
  return hash('sha256', `password:${passwordHash ?? ''}`, 'hex');
}

function linkMail(to: string, kind: 'welcome' | 'reset', url: string, product: string) {
  return kind === 'welcome'
    ? {
        to,
        subject: `Welcome to ${product}`,
        text: `An account has been made for you in ${product}. Choose your password here (the link works once, for 7 days):\n\n${url}\n`,
      }
    : {
        to,
        subject: `Reset your ${product} password`,
        text: `Choose a new ${product} password here (the link works once, for 24 hours):\n\n${url}\n\nIf you did not ask for it, tell your administrator.`,
      };
}

function raise(error: Error): never {
  throw error;
}
