import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccessReadModel, type Grant } from '../../core/access/access.read-model.js';
import { PasswordHasher } from '../../core/access/password-hasher.js';
import { ROLE } from '../../core/access/permissions.js';
import type { Actor, Principal, UserPrincipal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { invalidProperty, nameExists, notFound, validationError } from '../../core/errors/app-error.js';
import { EVENT, EventService } from '../events/index.js';
import { SessionService } from '../sessions/index.js';
import type { CallerPermission, CreateUserInput, RootRoleJson, UpdateUserInput, UserJson } from './user.model.js';
import { UserReadModel } from './user.read-model.js';
import { UserStore } from './user.store.js';
import { accountGone, hostUserHasNoPassword, notAUser, serviceAccountHasNoPassword, wrongOldPassword } from './users.errors.js';

/** The request and response of a caller who changes their own password by session: they get a fresh session. */
export interface CallerSession {
  request: Request;
  response: Response;
}

/**
 * People (accounts that are not service accounts) and their passwords. Invariants: usernames and emails are
 * unique across all accounts (emails compared lower-case); at least one person keeps the Admin root role;
 * passwords are stored only as argon2id hashes; every change records an event without any password in it.
 */
@Injectable()
export class UserService {
  constructor(
    private readonly store: UserStore,
    private readonly users: UserReadModel,
    private readonly access: AccessReadModel,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly sessions: SessionService,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  async list(): Promise<{ users: UserJson[]; rootRoles: RootRoleJson[] }> {
    const [users, rootRoles] = await Promise.all([this.users.people(), this.users.rootRoles()]);
    return { users, rootRoles };
  }

  async get(id: number): Promise<UserJson> {
    return (await this.users.person(id)) ?? raiseNotFound(id);
  }

  /** Where a new user can be read, for the `location` header. */
  locationOf(id: number): string {
    return `${this.config.basePath}/api/admin/user-admin/${id}`;
  }

  async create(input: CreateUserInput, actor: Actor): Promise<UserJson> {
    const username = input.username?.trim() || null;
    const email = input.email?.trim().toLowerCase() || null;
    // Hashing runs before the transaction: on SQLite a transaction holds the write lock while it lasts.
    const passwordHash = input.password === undefined ? null : await this.hasher.hash(input.password);
    const id = await this.db.transaction(async () => {
      const rootRoleId = await this.rootRole(input.rootRole);
      await this.ensureUnique(username, email);
      const created = await this.store.insert({
        username,
        email,
        name: input.name?.trim() || null,
        passwordHash,
        rootRoleId,
        createdAt: this.clock.now(),
        createdByUserId: actor.userId,
      });
      const user = (await this.users.person(created))!;
      await this.events.record({ type: EVENT.USER_CREATED, actor, data: auditView(user) });
      return created;
    });
    return (await this.users.person(id))!;
  }

  async update(id: number, input: UpdateUserInput, actor: Actor): Promise<UserJson> {
    return this.db.transaction(async () => {
      const before = (await this.users.person(id)) ?? raiseNotFound(id);
      const rootRoleId = input.rootRole === undefined ? undefined : await this.rootRole(input.rootRole);
      const email = input.email === undefined ? undefined : input.email === null ? null : input.email.trim().toLowerCase();
      if (email === null && !before.username) {
        throw invalidProperty(
          '/body/email',
          'The `/body/email` property cannot be removed from a user without a username: a user needs an email, a username, or both.',
        );
      }
      if (rootRoleId !== undefined && rootRoleId !== ROLE.ADMIN && before.rootRole === ROLE.ADMIN) await this.keepAnAdmin(id, 'demote');
      if (email) await this.ensureUnique(null, email, id);
      const name = input.name === undefined ? undefined : input.name?.trim() || null;
      await this.store.update(id, { name, email, rootRoleId });
      const after = (await this.users.person(id))!;
      await this.events.record({ type: EVENT.USER_UPDATED, actor, data: auditView(after), preData: auditView(before) });
      return after;
    });
  }

  async delete(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const user = (await this.users.person(id)) ?? raiseNotFound(id);
      if (user.rootRole === ROLE.ADMIN) await this.keepAnAdmin(id, 'delete');
      await this.sessions.endAllFor(id);
      // Personal access tokens, group memberships and project roles go with the row (ON DELETE CASCADE).
      await this.store.delete(id);
      await this.events.record({ type: EVENT.USER_DELETED, actor, preData: auditView(user) });
    });
  }

  /** An admin sets a person's password. Every session of that person ends (the caller's own is renewed). */
  async setPassword(id: number, password: string, actor: Actor, caller?: CallerSession): Promise<void> {
    const user = (await this.users.person(id)) ?? raiseNotFound(id);
    await this.storePassword(user, password, actor, caller);
  }

  /**
   * The caller changes their own password; their other sessions end and the current one is renewed. The old
   * password is checked when given, and must be given by a caller who authenticates with a personal access token.
   */
  async changeOwnPassword(
    principal: Principal,
    input: { password: string; oldPassword?: string },
    actor: Actor,
    caller?: CallerSession,
  ): Promise<void> {
    const self = userOf(principal);
    if (self.isService) throw serviceAccountHasNoPassword();
    if (self.via === 'host') {
      throw hostUserHasNoPassword();
    }
    if (self.via === 'pat' && input.oldPassword === undefined) {
      // A leaked token must not be enough to take the account over.
      throw invalidProperty(
        '/body/oldPassword',
        'The `/body/oldPassword` property is required when you authenticate with a personal access token: a token alone cannot change the password.',
      );
    }
    const user = (await this.users.account(self.id)) ?? raiseNotFound(self.id);
    if (input.oldPassword !== undefined) {
      const hash = await this.users.passwordHashOf(self.id);
      if (!hash || !(await this.hasher.verify(hash, input.oldPassword))) {
        throw wrongOldPassword();
      }
    }
    await this.storePassword(user, input.password, actor, caller);
  }

  /** The caller's account and effective permissions (`GET /api/admin/user`). */
  async me(principal: Principal): Promise<{ user: UserJson; permissions: CallerPermission[] }> {
    const self = userOf(principal);
    const [user, grants] = await Promise.all([this.users.account(self.id), this.access.grantsOf(self.id)]);
    if (!user) throw accountGone();
    return { user, permissions: distinctPermissions(grants) };
  }

  /** Login bookkeeping for the auth module: one more consecutive failure of a person. */
  recordLoginFailure(id: number): Promise<void> {
    return this.store.recordLoginFailure(id);
  }

  /** Login bookkeeping for the auth module: failures reset, `seenAt` now, and an outdated hash upgraded. */
  recordLoginSuccess(id: number, now: Date, upgradedHash?: string): Promise<void> {
    return this.store.recordLoginSuccess(id, now, upgradedHash);
  }

  /** Used by unlocking: the failure count back to 0; answers what it was. */
  resetLoginAttempts(id: number): Promise<number> {
    return this.store.resetLoginAttempts(id);
  }

  private async storePassword(user: UserJson, password: string, actor: Actor, caller?: CallerSession): Promise<void> {
    const hash = await this.hasher.hash(password);
    await this.db.transaction(async () => {
      await this.store.setPasswordHash(user.id, hash);
      await this.sessions.endAllFor(user.id);
      await this.events.record({
        type: EVENT.USER_PASSWORD_CHANGED,
        actor,
        data: { id: user.id, username: user.username, email: user.email ?? null },
      });
    });
    if (caller && actor.userId === user.id) await this.sessions.start(user.id, caller.request, caller.response);
  }

  private async rootRole(reference: number | string): Promise<number> {
    const id = await this.users.rootRoleId(typeof reference === 'string' ? reference.trim() : reference);
    if (id !== undefined) return id;
    throw invalidProperty(
      '/body/rootRole',
      `The \`/body/rootRole\` property must name an existing root role, but there is no root role ${typeof reference === 'number' ? `with id ${reference}` : `named ${JSON.stringify(reference)}`}.`,
    );
  }

  private async ensureUnique(username: string | null, email: string | null, exceptId?: number): Promise<void> {
    const problems: string[] = [];
    if (username && (await this.store.usernameTaken(username, exceptId)))
      problems.push(`A user or service account with the username "${username}" already exists.`);
    if (email && (await this.store.emailTaken(email, exceptId))) problems.push(`A user with the email "${email}" already exists.`);
    if (problems.length) throw nameExists(problems.join(' '));
  }

  /** Refuses to remove the last person with the Admin root role; admins are locked so two requests cannot race. */
  private async keepAnAdmin(id: number, action: 'delete' | 'demote'): Promise<void> {
    const admins = await this.store.lockAdmins();
    if (admins.some((admin) => admin !== id)) return;
    throw validationError([
      {
        message: `You cannot ${action} the last admin: at least one user must keep the Admin root role. Give another user the Admin role first.`,
      },
    ]);
  }
}

function raiseNotFound(id: number): never {
  throw notFound(`Could not find user with id ${id}.`);
}

/** What an API token is told on the routes about the logged-in user. */

function userOf(principal: Principal): UserPrincipal {
  if (principal.kind === 'user') return principal;
  throw notAUser();
}

/** What events keep of a user: identity and role, never a hash or password. */
function auditView(user: UserJson): Record<string, unknown> {
  return { id: user.id, name: user.name, username: user.username, email: user.email ?? null, rootRole: user.rootRole };
}

function distinctPermissions(grants: Grant[]): CallerPermission[] {
  const seen = new Map<string, CallerPermission>();
  for (const grant of grants) {
    const permission: CallerPermission = { permission: grant.permission };
    if (grant.project) permission.project = grant.project;
    if (grant.environment) permission.environment = grant.environment;
    seen.set(`${grant.permission}\u0000${grant.project ?? ''}\u0000${grant.environment ?? ''}`, permission);
  }
  return [...seen.values()];
}
