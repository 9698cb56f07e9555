import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { type ErrorDetail, nameExists, notFound, validationError } from '../../core/errors/app-error.js';
import { EVENT, EventService } from '../events/index.js';
import { RoleReadModel } from '../roles/index.js';
import type { Group, GroupFields, GroupInput } from './group.model.js';
import { GroupReadModel } from './group.read-model.js';
import { GroupStore } from './group.store.js';

/** A group body as the controller hands it over (after the request-only checks). */
export interface GroupBody {
  name: string;
  description?: string | null;
  mappingsSSO?: string[] | null;
  rootRole?: number | null;
  users?: { user: { id: number } }[] | null;
}

/** Who added a membership that single sign-on keeps in step with the provider (Unleash's `createdBy` for them). */
export const SSO_MEMBERSHIP = 'SSO';

/**
 * Groups for role-based access: a group's root role and its project roles (see project-access) hold for every
 * member. Membership changes write `group-user-added` / `group-user-removed` events, one per account; changes of
 * the group's own properties write `group-updated`.
 */
@Injectable()
export class GroupService {
  constructor(
    private readonly store: GroupStore,
    private readonly groups: GroupReadModel,
    private readonly roles: RoleReadModel,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  list(): Promise<Group[]> {
    return this.groups.list();
  }

  async get(id: number): Promise<Group> {
    const group = await this.groups.get(id);
    if (!group) throw groupNotFound(id);
    return group;
  }

  locationOf(id: number): string {
    return `${this.config.basePath}/api/admin/groups/${id}`;
  }

  async create(body: GroupBody, actor: Actor): Promise<Group> {
    const input = toInput(body);
    const id = await this.db.transaction(async () => {
      await this.checkReferences(input, body);
      const now = this.clock.now();
      const created = await this.store.insert(fieldsOf(input), actor.username, now);
      if (created === undefined) throw nameTaken();
      const added = await this.store.addMembers(created, input.userIds ?? [], actor.username, now);
      await this.events.record({ type: EVENT.GROUP_CREATED, actor, data: { id: created, ...fieldsOf(input), users: added } });
      await this.recordMembers(EVENT.GROUP_USER_ADDED, created, input.name, added, actor);
      return created;
    });
    return this.get(id);
  }

  /** Replaces the group's properties and, when `users` is given, its members. */
  async update(id: number, body: GroupBody, actor: Actor): Promise<Group> {
    const input = toInput(body);
    await this.db.transaction(async () => {
      const before = await this.store.lock(id);
      if (!before) throw groupNotFound(id);
      await this.checkReferences(input, body);
      if (await this.store.nameTakenByOther(input.name, id)) throw nameTaken();
      const after = fieldsOf(input);
      await this.store.update(id, after);
      await this.events.record({ type: EVENT.GROUP_UPDATED, actor, data: { id, ...after }, preData: { id, ...before } });
      if (input.userIds) {
        const wanted = new Set(input.userIds);
        const current = await this.store.memberIds(id);
        const removed = await this.store.removeMembers(
          id,
          current.filter((userId) => !wanted.has(userId)),
        );
        const added = await this.store.addMembers(id, input.userIds, actor.username, this.clock.now());
        await this.recordMembers(EVENT.GROUP_USER_REMOVED, id, input.name, removed, actor);
        await this.recordMembers(EVENT.GROUP_USER_ADDED, id, input.name, added, actor);
      }
    });
    return this.get(id);
  }

  async delete(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const before = await this.store.lock(id);
      if (!before) throw groupNotFound(id);
      const users = await this.store.memberIds(id);
      await this.store.delete(id);
      await this.events.record({ type: EVENT.GROUP_DELETED, actor, preData: { id, ...before, users } });
    });
  }

  /** Adds accounts to the group; those already in it stay as they are. */
  async addUsers(id: number, users: { user: { id: number } }[], actor: Actor): Promise<Group> {
    const userIds = distinctIds(users);
    await this.db.transaction(async () => {
      const group = await this.store.lock(id);
      if (!group) throw groupNotFound(id);
      const problems = await this.unknownAccounts(users, userIds);
      if (problems.length > 0) throw validationError(problems);
      const added = await this.store.addMembers(id, userIds, actor.username, this.clock.now());
      await this.recordMembers(EVENT.GROUP_USER_ADDED, id, group.name, added, actor);
    });
    return this.get(id);
  }

  async removeUser(id: number, userId: number, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const group = await this.store.lock(id);
      if (!group) throw groupNotFound(id);
      const removed = await this.store.removeMembers(id, [userId]);
      if (removed.length === 0) throw notFound(`User ${userId} is not a member of group ${id}.`);
      await this.recordMembers(EVENT.GROUP_USER_REMOVED, id, group.name, removed, actor);
    });
  }

  /**
   * Makes the person's memberships follow the SSO groups their provider names (at each single sign-on): they join
   * every group whose `mappingsSSO` holds one of them, and leave the groups that single sign-on had put them in
   * and that no longer match. Memberships an admin gave stay. Joins and leaves are recorded as usual, by `actor`.
   */
  async syncSsoMembership(userId: number, ssoGroups: string[], actor: Actor): Promise<{ joined: string[]; left: string[] }> {
    const names = new Set(ssoGroups);
    return this.db.transaction(async () => {
      const mapped = await this.store.ssoMappedGroups();
      const matching = new Map(
        mapped.filter((group) => group.mappingsSSO.some((sso) => names.has(sso))).map((group) => [group.id, group.name]),
      );
      const memberships = await this.store.membershipsOf(userId);
      const now = this.clock.now();
      const joined: string[] = [];
      for (const [groupId, groupName] of matching) {
        if (memberships.some((membership) => membership.groupId === groupId)) continue;
        const added = await this.store.addMembers(groupId, [userId], SSO_MEMBERSHIP, now);
        await this.recordMembers(EVENT.GROUP_USER_ADDED, groupId, groupName, added, actor);
        joined.push(groupName);
      }
      const left: string[] = [];
      for (const { groupId, groupName, addedBy } of memberships) {
        if (addedBy !== SSO_MEMBERSHIP || matching.has(groupId)) continue;
        const removed = await this.store.removeMembers(groupId, [userId]);
        await this.recordMembers(EVENT.GROUP_USER_REMOVED, groupId, groupName, removed, actor);
        left.push(groupName);
      }
      return { joined, left };
    });
  }

  /** The 400s that need the database: the root role must be a root role, the members existing accounts. */
  private async checkReferences(input: GroupInput, body: GroupBody): Promise<void> {
    const problems: ErrorDetail[] = [];
    if (input.rootRole !== null && !(await this.roles.rootRoleIds([input.rootRole])).has(input.rootRole)) {
      problems.push({
        path: '/body/rootRole',
        message: `The \`/body/rootRole\` property must be the id of a root role (1 Admin, 2 Editor, 3 Viewer, or a custom root role): incorrect role id ${input.rootRole}.`,
      });
    }
    if (body.users) problems.push(...(await this.unknownAccounts(body.users, input.userIds ?? [])));
    if (problems.length > 0) throw validationError(problems);
  }

  private async unknownAccounts(users: { user: { id: number } }[], userIds: number[]): Promise<ErrorDetail[]> {
    const existing = await this.groups.accountIds(userIds);
    const reported = new Set<number>();
    return users.flatMap(({ user }, index) => {
      if (existing.has(user.id) || reported.has(user.id)) return [];
      reported.add(user.id);
      const path = `/body/users/${index}/user/id`;
      return [{ path, message: `The \`${path}\` property must be the id of an existing user or service account. You sent ${user.id}.` }];
    });
  }

  private async recordMembers(
    type: typeof EVENT.GROUP_USER_ADDED | typeof EVENT.GROUP_USER_REMOVED,
    groupId: number,
    groupName: string,
    userIds: number[],
    actor: Actor,
  ) {
    for (const userId of userIds) await this.events.record({ type, actor, data: { groupId, groupName, userId } });
  }
}

function toInput(body: GroupBody): GroupInput {
  return {
    name: body.name,
    description: body.description === undefined ? '' : body.description,
    mappingsSSO: body.mappingsSSO ?? [],
    rootRole: body.rootRole ?? null,
    userIds: body.users ? distinctIds(body.users) : undefined,
  };
}

function fieldsOf(input: GroupInput): GroupFields {
  return { name: input.name, description: input.description, mappingsSSO: input.mappingsSSO, rootRole: input.rootRole };
}

function distinctIds(users: { user: { id: number } }[]): number[] {
  return [...new Set(users.map(({ user }) => user.id))];
}

function groupNotFound(id: number) {
  return notFound(`Could not find group with id ${id}.`);
}

function nameTaken() {
  return nameExists('Group name already exists');
}
