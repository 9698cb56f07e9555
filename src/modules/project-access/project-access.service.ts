import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { type ErrorDetail, invalidProperty, notFound, validationError } from '../../core/errors/app-error.js';
import { EVENT, EventService } from '../events/index.js';
import { RoleReadModel } from '../roles/index.js';
import type { Assignee, ProjectAccess } from './project-access.model.js';
import { ProjectAccessReadModel } from './project-access.read-model.js';
import { ProjectAccessStore } from './project-access.store.js';

const PROJECT_ROLE = 'the id of a project role (4 Owner, 5 Member, 6 Reader, or a custom project role)';

export interface AddAccessInput {
  roles: number[];
  groups?: number[] | null;
  users?: number[] | null;
}

/**
 * Project roles of users and groups: what `flagwright_role_users` and `flagwright_group_roles` hold. Every change checks that the
 * roles are project roles and that the project keeps at least one Owner if it had one, and writes an event.
 */
@Injectable()
export class ProjectAccessService {
  constructor(
    private readonly store: ProjectAccessStore,
    private readonly reads: ProjectAccessReadModel,
    private readonly roles: RoleReadModel,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly clock: Clock,
  ) {}

  /**
   * Makes the creator of a new project its Owner (Unleash's default project roles), in the caller's transaction. No
   * event of its own: the project's creation is the event.
   */
  async addCreatorAsOwner(projectId: string, userId: number, at: Date): Promise<void> {
    await this.store.addOwner(projectId, userId, at);
  }

  async access(projectId: string): Promise<ProjectAccess> {
    if (!(await this.reads.projectExists(projectId))) throw projectNotFound(projectId);
    return this.reads.access(projectId);
  }

  /** Gives each role to each user and group; assignments that exist already stay as they are. */
  async add(projectId: string, input: AddAccessInput, actor: Actor): Promise<void> {
    const users = distinct(input.users ?? []);
    const groups = distinct(input.groups ?? []);
    const roles = distinct(input.roles);
    if (users.length === 0 && groups.length === 0) {
      throw validationError([
        { path: '/body', message: 'The `/body` object must name at least one user (`users`) or group (`groups`) to give the roles to.' },
      ]);
    }
    await this.db.transaction(async () => {
      if (!(await this.store.lockProject(projectId))) throw projectNotFound(projectId);
      const problems = [
        ...unknownIds('/body/roles', input.roles, await this.roles.projectRoleIds(roles), PROJECT_ROLE),
        ...unknownIds('/body/groups', input.groups ?? [], await this.store.existing('group', groups), 'the id of an existing group'),
        ...unknownIds(
          '/body/users',
          input.users ?? [],
          await this.store.existing('user', users),
          'the id of an existing user or service account',
        ),
      ];
      if (problems.length > 0) throw validationError(problems);
      const now = this.clock.now();
      await this.store.assign(projectId, 'user', users, roles, actor.username, now);
      await this.store.assign(projectId, 'group', groups, roles, actor.username, now);
      await this.events.record({ type: EVENT.PROJECT_ACCESS_ADDED, actor, project: projectId, data: { roles, groups, users } });
    });
  }

  /** Replaces the roles the user or group holds in the project (an empty list removes them all). */
  async setRoles(projectId: string, assignee: Assignee, roleIds: number[], actor: Actor): Promise<void> {
    const wanted = distinct(roleIds);
    await this.db.transaction(async () => {
      await this.found(projectId, assignee);
      const problems = unknownIds('/body/roles', roleIds, await this.roles.projectRoleIds(wanted), PROJECT_ROLE);
      if (problems.length > 0) throw validationError(problems);
      const owners = await this.store.ownerCount(projectId);
      const before = await this.store.roleIdsOf(projectId, assignee);
      await this.store.unassign(
        projectId,
        assignee,
        before.filter((id) => !wanted.includes(id)),
      );
      await this.store.assign(projectId, assignee.kind, [assignee.id], wanted, actor.username, this.clock.now());
      await this.keepAnOwner(projectId, owners, '/body/roles');
      const after = await this.store.roleIdsOf(projectId, assignee);
      const key = assignee.kind === 'user' ? 'userId' : 'groupId';
      await this.events.record({
        type: EVENT.PROJECT_ACCESS_UPDATED,
        actor,
        project: projectId,
        data: { [key]: assignee.id, roles: after },
        preData: { [key]: assignee.id, roles: before },
      });
    });
  }

  /** Takes the user's or group's roles in the project away: one role, or all when `roleId` is undefined. */
  async remove(projectId: string, assignee: Assignee, roleId: number | undefined, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      await this.found(projectId, assignee);
      const owners = await this.store.ownerCount(projectId);
      const before = await this.store.roleIdsOf(projectId, assignee);
      const removed = await this.store.unassign(projectId, assignee, roleId === undefined ? undefined : [roleId]);
      const who = `${assignee.kind === 'user' ? 'User' : 'Group'} ${assignee.id}`;
      if (removed.length === 0) {
        throw notFound(
          roleId === undefined
            ? `${who} has no role in project ${projectId}.`
            : `${who} does not have role ${roleId} in project ${projectId}.`,
        );
      }
      await this.keepAnOwner(projectId, owners, assignee.kind === 'user' ? '/params/userId' : '/params/groupId');
      const key = assignee.kind === 'user' ? 'userId' : 'groupId';
      await this.events.record({
        type: EVENT.PROJECT_ACCESS_REMOVED,
        actor,
        project: projectId,
        data: { [key]: assignee.id, roles: before.filter((id) => !removed.includes(id)) },
        preData: { [key]: assignee.id, roles: before },
      });
    });
  }

  /** The project, then the user or group named in the URL, or the 404 that says which is missing. */
  private async found(projectId: string, assignee: Assignee): Promise<void> {
    if (!(await this.store.lockProject(projectId))) throw projectNotFound(projectId);
    if (!(await this.store.existing(assignee.kind, [assignee.id])).has(assignee.id)) {
      throw notFound(
        assignee.kind === 'user' ? `Could not find user with id ${assignee.id}.` : `Could not find group with id ${assignee.id}.`,
      );
    }
  }

  /** A project that had an Owner keeps one: otherwise no one but an Admin could manage its access any more. */
  private async keepAnOwner(projectId: string, ownersBefore: number, path: string): Promise<void> {
    if (ownersBefore > 0 && (await this.store.ownerCount(projectId)) === 0) {
      throw invalidProperty(
        path,
        `A project must have at least one owner: this change would remove the last Owner of project ${projectId}. Give the Owner role to another user or group first.`,
      );
    }
  }
}

/** One detail per id (first occurrence) not among `known`. */
function unknownIds(path: string, requested: number[], known: Set<number>, what: string): ErrorDetail[] {
  const reported = new Set<number>();
  return requested.flatMap((id, index) => {
    if (known.has(id) || reported.has(id)) return [];
    reported.add(id);
    return [{ path: `${path}/${index}`, message: `The \`${path}/${index}\` property must be ${what}. You sent ${id}.` }];
  });
}

function distinct(ids: number[]): number[] {
  return [...new Set(ids)];
}

function projectNotFound(projectId: string) {
  return notFound(`Could not find project ${projectId}`);
}
