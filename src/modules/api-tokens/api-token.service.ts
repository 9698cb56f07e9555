import { Injectable } from '@nestjs/common';
import { AccessReadModel, type Grant, holds } from '../../core/access/access.read-model.js';
import { apiTokenPrefix } from '../../core/access/api-token-format.js';
import type { Actor, ApiTokenType, Principal } from '../../core/access/principal.js';
import { hashSecret, randomSecret } from '../../core/access/secrets.js';
import { expiryNotInFuture } from '../../core/access/token-expiry.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { AppError, type ErrorDetail, invalidProperty, notFound, validationError } from '../../core/errors/app-error.js';
import { EVENT, EventService } from '../events/index.js';
import type { ApiTokenRef } from './api-token-ref.param.js';
import { ApiTokenReferencesReadModel } from '../../core/access/api-token-references.read-model.js';
import {
  ADMIN_TOKEN_TYPE,
  ALL_ENVIRONMENTS,
  ALL_PROJECTS,
  type ApiToken,
  type CreatedApiToken,
  type NewApiToken,
} from './api-token.model.js';
import { ApiTokenStore } from './api-token.store.js';
import { maySee, type TokenAction, tokenPermission } from './token-permissions.js';
import { missingPermission } from '../../core/access/access.errors.js';

/**
 * API tokens for SDKs (client/backend), frontends (frontend) and the admin API (admin, `*:*.<random>`). The secret
 * (`<project>:<environment>.<64 hex>`, 32 random bytes) is returned once; only its SHA-256 digest and its visible
 * prefix are stored. Who may act on a token depends on its type: the CLIENT or FRONTEND token permissions, or ADMIN.
 */
@Injectable()
export class ApiTokenService {
  constructor(
    private readonly store: ApiTokenStore,
    private readonly references: ApiTokenReferencesReadModel,
    private readonly access: AccessReadModel,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The tokens of the types the caller may see. */
  async list(principal: Principal): Promise<ApiToken[]> {
    const [tokens, grants] = await Promise.all([this.store.list(), this.grantsOf(principal)]);
    return grants === 'all' ? tokens : tokens.filter((token) => maySee(grants, token.type));
  }

  /** The tokens named `tokenName` (names are not unique) of the types the caller may see. */
  async listByName(tokenName: string, principal: Principal): Promise<ApiToken[]> {
    return (await this.list(principal)).filter((token) => token.tokenName === tokenName);
  }

  async create(input: NewApiToken, principal: Principal, actor: Actor): Promise<CreatedApiToken> {
    await this.authorize(principal, 'CREATE', input.type);
    return this.insert(input, actor);
  }

  /** A project's client and frontend tokens, those of several projects among them (as Unleash lists them). */
  async listForProject(projectId: string): Promise<ApiToken[]> {
    await this.requireProject(projectId);
    return (await this.store.list()).filter((token) => token.type !== ADMIN_TOKEN_TYPE && token.projects.includes(projectId));
  }

  /** A token for one project: the route's project permission (CREATE_PROJECT_API_TOKEN) is the whole check. */
  async createForProject(projectId: string, input: NewApiToken, actor: Actor): Promise<CreatedApiToken> {
    await this.requireProject(projectId);
    return this.insert(input, actor);
  }

  /** Deletes a token of this project only: one of several projects is deleted through /api/admin/api-tokens. */
  async deleteForProject(projectId: string, ref: ApiTokenRef, actor: Actor): Promise<void> {
    await this.requireProject(projectId);
    await this.db.transaction(async () => {
      const token = await this.existing(ref);
      if (token.type === ADMIN_TOKEN_TYPE || !token.projects.includes(projectId)) throw unknownToken(ref);
      if (token.projects.length !== 1) throw ofSeveralProjects(token, projectId);
      await this.remove(token, ref, actor);
    });
  }

  private async insert(input: NewApiToken, actor: Actor): Promise<CreatedApiToken> {
    await this.checkReferences(input);
    const secretPrefix = apiTokenPrefix(input.type, input.projects, input.environment);
    const secret = `${secretPrefix}${randomSecret()}`;
    const token = await this.db.transaction(async () => {
      const created = await this.store.insert({
        tokenName: input.tokenName,
        type: input.type,
        environment: input.environment,
        projects: input.projects,
        expiresAt: input.expiresAt,
        secretHash: hashSecret(secret),
        secretPrefix,
        createdBy: actor.username,
        createdAt: this.clock.now(),
      });
      await this.events.record({ type: EVENT.API_TOKEN_CREATED, actor, ...eventScope(created), data: eventData(created) });
      return created;
    });
    const { id, tokenName, type, environment, project, projects, expiresAt, createdAt, seenAt } = token;
    return { id, secret, tokenName, type, environment, project, projects, expiresAt, createdAt, seenAt, alias: null };
  }

  private async requireProject(projectId: string): Promise<void> {
    if ((await this.references.unknownProjects([projectId])).length > 0) throw notFound(`Could not find project ${projectId}`);
  }

  async updateExpiry(ref: ApiTokenRef, expiresAt: Date, principal: Principal, actor: Actor): Promise<ApiToken> {
    return this.db.transaction(async () => {
      const before = await this.existing(ref);
      const { id } = before;
      await this.authorize(principal, 'UPDATE', before.type);
      await this.store.setExpiry(id, expiresAt);
      const after = (await this.store.find(id))!;
      await this.events.record({
        type: EVENT.API_TOKEN_UPDATED,
        actor,
        ...eventScope(after),
        data: eventData(after),
        preData: eventData(before),
      });
      return after;
    });
  }

  async delete(ref: ApiTokenRef, principal: Principal, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const token = await this.existing(ref);
      await this.authorize(principal, 'DELETE', token.type);
      await this.remove(token, ref, actor);
    });
  }

  private async remove(token: ApiToken, ref: ApiTokenRef, actor: Actor): Promise<void> {
    if (!(await this.store.delete(token.id))) throw unknownToken(ref);
    await this.events.record({ type: EVENT.API_TOKEN_DELETED, actor, ...eventScope(token), preData: eventData(token) });
  }

  private async existing(ref: ApiTokenRef): Promise<ApiToken> {
    const id = 'id' in ref ? ref.id : await this.store.idOfSecret(ref.secretHash);
    const token = id === undefined ? undefined : await this.store.find(id);
    if (!token) throw unknownToken(ref);
    return token;
  }

  /** The routes admit anyone holding one of the token permissions; here the token's type decides. */
  private async authorize(principal: Principal, action: TokenAction, type: ApiTokenType): Promise<void> {
    const grants = await this.grantsOf(principal);
    if (grants === 'all') return;
    const permission = tokenPermission(action, type);
    if (!holds(grants, permission)) {
      throw missingPermission([permission]);
    }
  }

  /** Admin API tokens may do everything (other token types never reach the admin API). */
  private async grantsOf(principal: Principal): Promise<Grant[] | 'all'> {
    return principal.kind === 'api-token' ? 'all' : this.access.grantsOf(principal.id);
  }

  /** The 400s that need the database or the clock, all reported together. */
  private async checkReferences(input: NewApiToken): Promise<void> {
    const problems: ErrorDetail[] = input.type === ADMIN_TOKEN_TYPE ? adminScopeProblems(input) : [];
    if (input.type !== ADMIN_TOKEN_TYPE && !(await this.references.environmentExists(input.environment))) {
      problems.push({
        path: '/body/environment',
        message: `The \`/body/environment\` property must name an existing environment. There is no environment named ${JSON.stringify(input.environment)}.`,
      });
    }
    const named = input.projects.filter((project) => project !== ALL_PROJECTS);
    const unknown = await this.references.unknownProjects(named);
    if (unknown.length > 0) {
      const path = input.projectsFrom === 'project' ? '/body/project' : '/body/projects';
      problems.push({
        path,
        message: `The \`${path}\` property must name existing projects. There is no project named ${unknown.map((p) => JSON.stringify(p)).join(', ')}.`,
      });
    }
    if (input.expiresAt && !(input.expiresAt > this.clock.now())) {
      problems.push(expiryNotInFuture(input.expiresAt.toISOString()));
    }
    if (problems.length > 0) throw validationError(problems);
  }
}

/** An admin token reaches every project and environment: narrowing it is refused rather than ignored. */
function adminScopeProblems(input: NewApiToken): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (input.environment !== ALL_ENVIRONMENTS) {
    problems.push({
      path: '/body/environment',
      message: `The \`/body/environment\` property must be "*" for an admin token, which reaches every environment. You sent ${JSON.stringify(input.environment)}.`,
    });
  }
  if (input.projects.length !== 1 || input.projects[0] !== ALL_PROJECTS) {
    const path = input.projectsFrom === 'project' ? '/body/project' : '/body/projects';
    problems.push({
      path,
      message: `The \`${path}\` property must be "*" for an admin token, which reaches every project. You sent ${JSON.stringify(input.projectsFrom === 'project' ? input.projects[0] : input.projects)}.`,
    });
  }
  return problems;
}

function unknownToken(ref: ApiTokenRef): AppError {
  return notFound('id' in ref ? `Could not find API token with id ${ref.id}.` : 'Could not find an API token with that secret.');
}

function ofSeveralProjects(token: ApiToken, projectId: string): AppError {
  return invalidProperty(
    '/params/token',
    `API token ${token.id} is not ${projectId}'s alone: it reaches ${token.projects.join(', ')}. Delete it through /api/admin/api-tokens/${token.id}.`,
  );
}

function eventScope(token: ApiToken): { environment: string; project?: string } {
  return {
    environment: token.environment,
    ...(token.projects.length === 1 && token.project !== ALL_PROJECTS ? { project: token.project } : {}),
  };
}

/** What events record of a token: never its secret, not even its prefix. */
function eventData(token: ApiToken) {
  return {
    id: token.id,
    tokenName: token.tokenName,
    type: token.type,
    environment: token.environment,
    projects: token.projects,
    expiresAt: token.expiresAt,
  };
}
