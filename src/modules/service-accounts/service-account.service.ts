import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { invalidProperty, nameExists, notFound } from '../../core/errors/app-error.js';
import { EVENT, EventService } from '../events/index.js';
import { type CreatedPat, type Pat, PatService } from '../personal-access-tokens/index.js';
import { RoleReadModel, ROOT_ROLE_TYPES } from '../roles/index.js';
import { ServiceAccountUsers } from '../users/index.js';
import type { RootRole, ServiceAccount, ServiceAccountInput, ServiceAccountRecord, ServiceAccountUpdate } from './service-account.model.js';
import { ServiceAccountsReadModel, toServiceAccount } from './service-accounts.read-model.js';

const TOKEN_EVENTS = { created: EVENT.SERVICE_ACCOUNT_TOKEN_CREATED, deleted: EVENT.SERVICE_ACCOUNT_TOKEN_DELETED };

/**
 * Service accounts: machine users with a root role and no password, acting through their tokens. Every change is
 * recorded as an event (never with a token secret).
 */
@Injectable()
export class ServiceAccountService {
  constructor(
    private readonly store: ServiceAccountUsers,
    private readonly readModel: ServiceAccountsReadModel,
    private readonly roles: RoleReadModel,
    private readonly pats: PatService,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<{ serviceAccounts: ServiceAccount[]; rootRoles: RootRole[] }> {
    const [serviceAccounts, roles] = await Promise.all([this.readModel.list(), this.roles.list()]);
    const rootRoles = roles
      .filter((role) => (ROOT_ROLE_TYPES as readonly string[]).includes(role.type))
      .map(({ id, name, description, type }) => ({ id, name, description, type }));
    return { serviceAccounts, rootRoles };
  }

  async get(id: number): Promise<ServiceAccount> {
    const account = await this.readModel.get(id);
    if (!account) throw unknownAccount(id);
    return account;
  }

  async create(input: ServiceAccountInput, actor: Actor): Promise<ServiceAccount> {
    await this.checkRootRole(input.rootRole);
    const record = await this.db.transaction(async () => {
      const created = await this.store.create({ ...input, createdAt: this.clock.now(), createdByUserId: actor.userId });
      if (!created) throw nameExists('A service account or user with that username already exists.');
      await this.events.record({ type: EVENT.SERVICE_ACCOUNT_CREATED, actor, data: eventData(created) });
      return created;
    });
    return toServiceAccount(record, []);
  }

  async update(id: number, changes: ServiceAccountUpdate, actor: Actor): Promise<ServiceAccount> {
    if (changes.rootRole !== undefined) await this.checkRootRole(changes.rootRole);
    await this.db.transaction(async () => {
      const before = await this.store.find(id);
      if (!before) throw unknownAccount(id);
      const after = await this.store.update(id, { name: changes.name ?? before.name, rootRole: changes.rootRole ?? before.rootRole });
      if (!after) throw unknownAccount(id);
      await this.events.record({ type: EVENT.SERVICE_ACCOUNT_UPDATED, actor, data: eventData(after), preData: eventData(before) });
    });
    return this.get(id);
  }

  /** Deleting the account deletes its tokens and sessions too, so it can no longer act at all. */
  async delete(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const before = await this.store.find(id);
      if (!before || !(await this.store.delete(id))) throw unknownAccount(id);
      await this.events.record({ type: EVENT.SERVICE_ACCOUNT_DELETED, actor, preData: eventData(before) });
    });
  }

  async listTokens(id: number): Promise<Pat[]> {
    await this.existing(id);
    return this.pats.list(id);
  }

  async createToken(id: number, input: { description: string; expiresAt: string }, actor: Actor): Promise<CreatedPat> {
    this.pats.checkInput(input);
    // One transaction, so a concurrent deletion of the account cannot leave the insert to a foreign-key error.
    return this.db.transaction(async () => {
      await this.existing(id);
      return this.pats.create(id, input, actor, TOKEN_EVENTS);
    });
  }

  async getToken(id: number, tokenId: number): Promise<Pat> {
    await this.existing(id);
    return this.pats.get(id, tokenId);
  }

  async deleteToken(id: number, tokenId: number, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      await this.existing(id);
      await this.pats.delete(id, tokenId, actor, TOKEN_EVENTS);
    });
  }

  private async existing(id: number): Promise<ServiceAccountRecord> {
    const account = await this.store.find(id);
    if (!account) throw unknownAccount(id);
    return account;
  }

  private async checkRootRole(rootRole: number): Promise<void> {
    if (!(await this.roles.rootRoleIds([rootRole])).has(rootRole)) {
      throw invalidProperty(
        '/body/rootRole',
        `The \`/body/rootRole\` property must be the id of an existing root role. There is no root role with id ${rootRole}.`,
      );
    }
  }
}

function unknownAccount(id: number) {
  return notFound(`Could not find service account with id ${id}.`);
}

/** What events record of an account: never anything secret. */
function eventData(record: ServiceAccountRecord) {
  return { id: record.id, username: record.username, name: record.name, rootRole: record.rootRole };
}
