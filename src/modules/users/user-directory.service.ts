import { Injectable } from '@nestjs/common';
import type { Principal } from '../../core/access/principal.js';
import type { RoleSummary } from '../roles/index.js';
import type { AdminCount, BaseGroup, BaseUser, Profile, PublicUser } from './user-directory.model.js';
import { UserDirectoryReadModel } from './user-directory.read-model.js';
import { UserReadModel } from './user.read-model.js';
import { accountGone, notAUser } from './users.errors.js';

/** A search needs at least this many characters; a shorter one finds nobody (Unleash's rule). */
const SEARCH_MIN_LENGTH = 2;

/**
 * Lookups of people beyond one account's record: search, the directory every signed-in caller may pick accounts
 * and groups from (a project owner adding access is not an admin), admin counts, and the caller's profile and roles.
 */
@Injectable()
export class UserDirectoryService {
  constructor(
    private readonly directory: UserDirectoryReadModel,
    private readonly users: UserReadModel,
  ) {}

  /** People matching `query`, without their login bookkeeping. */
  async search(query: string | undefined): Promise<PublicUser[]> {
    if (query === undefined || query.length < SEARCH_MIN_LENGTH) return [];
    const people = await this.directory.searchPeople(query);
    return people.map((person) => ({
      id: person.id,
      name: person.name,
      ...(person.email !== undefined && { email: person.email }),
      username: person.username,
      imageUrl: person.imageUrl,
      seenAt: person.seenAt,
      accountType: person.accountType,
      permissions: person.permissions,
      scimId: person.scimId,
    }));
  }

  async baseUsersAndGroups(): Promise<{ users: BaseUser[]; groups: BaseGroup[] }> {
    const [users, groups] = await Promise.all([this.directory.baseUsers(), this.directory.baseGroups()]);
    return { users, groups };
  }

  adminCount(): Promise<AdminCount> {
    return this.directory.adminCount();
  }

  /** The caller's root role, projects and groups, and whether they have a password they can change here. */
  async profile(principal: Principal): Promise<Profile> {
    if (principal.kind !== 'user') throw notAUser();
    const [rootRole, projects, groups, hash] = await Promise.all([
      this.directory.rootRoleOf(principal.id),
      this.directory.projectsOf(principal.id),
      this.directory.groupsOf(principal.id),
      this.users.passwordHashOf(principal.id),
    ]);
    if (!rootRole) throw accountGone();
    const canChangePassword = hash !== null && !principal.isService && principal.via !== 'host';
    return { rootRole, projects, groups, subscriptions: [], features: [], canChangePassword };
  }

  /** The caller's own root role and the project roles they hold in `project`, themselves or through groups. */
  rolesIn(principal: Principal, project: string): Promise<RoleSummary[]> {
    if (principal.kind !== 'user') throw notAUser();
    return this.directory.rolesIn(principal.id, project);
  }
}
