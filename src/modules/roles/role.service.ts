import { Injectable } from '@nestjs/common';
import { ENVIRONMENT_PERMISSIONS, PROJECT_PERMISSIONS, ROOT_PERMISSIONS } from '../../core/access/permissions.js';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { type ErrorDetail, invalidProperty, nameExists, notFound, validationError } from '../../core/errors/app-error.js';
import { EVENT, EventService } from '../events/index.js';
import { checkRolePermissions, type RequestedPermission } from './role-permissions.js';
import type { CustomRoleType, RolePermission, RoleRecord, RoleSummary, RoleUsage, RoleWithPermissions } from './role.model.js';
import { RoleReadModel } from './role.read-model.js';
import { RoleStore } from './role.store.js';

export interface RoleBody {
  name: string;
  description?: string | null;
  type?: CustomRoleType | null;
  permissions?: RequestedPermission[] | null;
}

export interface PermissionCatalogue {
  root: { name: string; type: 'root' }[];
  project: { name: string; type: 'project' }[];
  environments: { name: string; permissions: { name: string; type: 'environment'; environment: string }[] }[];
}

/**
 * Roles: the built-in ones (read only) and custom root and project roles with their permission lists. A role in
 * use cannot be deleted; the refusal names who holds it.
 */
@Injectable()
export class RoleService {
  constructor(
    private readonly store: RoleStore,
    private readonly roles: RoleReadModel,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly clock: Clock,
  ) {}

  list(): Promise<RoleSummary[]> {
    return this.roles.list();
  }

  async get(id: number): Promise<RoleWithPermissions> {
    const role = await this.roles.withPermissions(id);
    if (!role) throw roleNotFound(id);
    return role;
  }

  /** What custom roles may grant: ADMIN is left out (only the Admin role grants it). */
  async catalogue(): Promise<PermissionCatalogue> {
    const environments = [...(await this.roles.environmentNames())];
    return {
      root: ROOT_PERMISSIONS.filter((name) => name !== 'ADMIN').map((name) => ({ name, type: 'root' as const })),
      project: PROJECT_PERMISSIONS.map((name) => ({ name, type: 'project' as const })),
      environments: environments.map((environment) => ({
        name: environment,
        permissions: ENVIRONMENT_PERMISSIONS.map((name) => ({ name, type: 'environment' as const, environment })),
      })),
    };
  }

  async create(body: RoleBody, actor: Actor): Promise<RoleWithPermissions> {
    const type = body.type ?? 'custom';
    const permissions = await this.checkPermissions(type, body.permissions ?? []);
    const description = body.description ?? '';
    return this.db.transaction(async () => {
      const id = await this.store.insert({ name: body.name, description, type }, this.clock.now());
      if (id === undefined) throw nameTaken(body.name);
      await this.store.replacePermissions(id, permissions);
      const role: RoleWithPermissions = { id, name: body.name, description, type, project: null, permissions };
      await this.events.record({ type: EVENT.ROLE_CREATED, actor, data: role });
      return role;
    });
  }

  async update(id: number, body: RoleBody, actor: Actor): Promise<RoleWithPermissions> {
    return this.db.transaction(async () => {
      const stored = await this.changeable(id, 'changed');
      const type = stored.type as CustomRoleType;
      const problems: ErrorDetail[] = [];
      if (body.type && body.type !== type) {
        problems.push({
          path: '/body/type',
          message: `The \`/body/type\` property cannot change: role ${id} is of type ${type}. You sent ${JSON.stringify(body.type)}.`,
        });
      }
      const permissions = body.permissions ? await this.checkPermissions(type, body.permissions, problems) : undefined;
      if (problems.length > 0) throw validationError(problems);
      if (await this.store.nameTakenByOther(body.name, id)) throw nameTaken(body.name);
      const before = (await this.roles.withPermissions(id))!;
      const description = body.description === undefined ? before.description : (body.description ?? '');
      await this.store.update(id, { name: body.name, description });
      if (permissions) await this.store.replacePermissions(id, permissions);
      const after: RoleWithPermissions = { ...before, name: body.name, description, permissions: permissions ?? before.permissions };
      await this.events.record({ type: EVENT.ROLE_UPDATED, actor, data: after, preData: before });
      return after;
    });
  }

  async delete(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      await this.changeable(id, 'removed');
      const usage = await this.roles.usage(id);
      if (usage.userCount > 0 || usage.groupCount > 0) throw invalidProperty('/params/id', inUseMessage(usage));
      const before = (await this.roles.withPermissions(id))!;
      await this.store.delete(id);
      await this.events.record({ type: EVENT.ROLE_DELETED, actor, preData: before });
    });
  }

  /** The stored custom role, or the 404 / 400 that says why it cannot be touched. */
  private async changeable(id: number, verb: 'changed' | 'removed'): Promise<RoleRecord> {
    const role = await this.store.lock(id);
    if (!role) throw roleNotFound(id);
    if (role.builtIn) throw invalidProperty('/params/id', `The role ${role.name} (id ${id}) is built in and cannot be ${verb}.`);
    return role;
  }

  private async checkPermissions(
    type: CustomRoleType,
    requested: RequestedPermission[],
    problems: ErrorDetail[] = [],
  ): Promise<RolePermission[]> {
    const needsEnvironments = requested.some((permission) => permission.environment);
    const environments = needsEnvironments ? await this.roles.environmentNames() : new Set<string>();
    const checked = checkRolePermissions(type, requested, environments);
    problems.push(...checked.problems);
    if (problems.length > 0) throw validationError(problems);
    return checked.permissions;
  }
}

function roleNotFound(id: number) {
  return notFound(`Could not find role with id ${id}.`);
}

function nameTaken(name: string) {
  return nameExists(`There already exists a role with the name ${name}.`);
}

function inUseMessage(usage: RoleUsage): string {
  const list = (names: string[], count: number) => `${names.join(', ')}${count > names.length ? ` and ${count - names.length} more` : ''}`;
  const holders = [
    ...(usage.userCount > 0 ? [`users: ${list(usage.users, usage.userCount)}`] : []),
    ...(usage.groupCount > 0 ? [`groups: ${list(usage.groups, usage.groupCount)}`] : []),
  ];
  return `Role is in use by ${holders.join('; ')}. Remove the role from them before deleting it.`;
}
