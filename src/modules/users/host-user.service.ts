import { Injectable } from '@nestjs/common';
import type { HostUser, HostUserRootRole } from '../../core/access/host-user.js';
import { type HostUserAccounts, HostUserPrincipals } from '../../core/access/host-user-principals.js';
import { ROLE } from '../../core/access/permissions.js';
import { SYSTEM_ACTOR, type UserPrincipal } from '../../core/access/principal.js';
import { AppError, nameExists } from '../../core/errors/app-error.js';
import type { UserJson } from './user.model.js';
import { UserReadModel } from './user.read-model.js';
import { UserService } from './user.service.js';
import { lastAdminOfHost } from './users.errors.js';

const ROOT_ROLE_IDS = { Admin: ROLE.ADMIN, Editor: ROLE.EDITOR, Viewer: ROLE.VIEWER } as const satisfies Record<HostUserRootRole, number>;

/**
 * The people the host application's users act as (the `hostUsers` option). A host user is the person with their
 * email (emails are stored lower-case and unique; service accounts have none), created on first sight with the
 * host's username and name; from then on only the root role follows the host's. Both are the system's doing in
 * the events (`user-created`, `user-updated`), through UserService like an admin's changes. Core's
 * HostUserPrincipals asks this, handed over when Nest builds it.
 */
@Injectable()
export class HostUserService implements HostUserAccounts {
  constructor(
    private readonly users: UserService,
    private readonly readModel: UserReadModel,
    principals: HostUserPrincipals,
  ) {
    principals.handOver(this);
  }

  async principalFor(hostUser: HostUser): Promise<UserPrincipal> {
    const email = hostUser.email.trim().toLowerCase();
    const person = (await this.readModel.personWithEmail(email)) ?? (await this.createOnFirstSight(hostUser, email));
    const current = person.rootRole === ROOT_ROLE_IDS[hostUser.rootRole] ? person : await this.changeRootRole(person, hostUser.rootRole);
    return Object.freeze({
      kind: 'user',
      id: current.id,
      username: current.username,
      email: current.email ?? null,
      name: current.name,
      isService: false,
      via: 'host',
    });
  }

  private async createOnFirstSight(hostUser: HostUser, email: string): Promise<UserJson> {
    const { username, name, rootRole } = hostUser;
    try {
      return await this.users.create({ email, username, name, rootRole }, SYSTEM_ACTOR);
    } catch (error) {
      if (!(error instanceof AppError) || error.name !== 'NameExistsError') throw error;
      // Another request created them meanwhile, or their username is another account's: someone else, as far as we know.
      const created = await this.readModel.personWithEmail(email);
      if (created) return created;
      if (username === undefined) throw error;
      throw nameExists(
        `You are signed in to the host application as ${email}, whose username "${username.trim()}" belongs to another Flagwright ` +
          `account. Flagwright matches the host's users by email: give that account the email ${email} if it is yours, ` +
          'or have the hostUsers option answer another username.',
      );
    }
  }

  private async changeRootRole(person: UserJson, rootRole: HostUserRootRole): Promise<UserJson> {
    try {
      return await this.users.update(person.id, { rootRole: ROOT_ROLE_IDS[rootRole] }, SYSTEM_ACTOR);
    } catch (error) {
      // The one refusal a change of root role alone can meet: the last admin keeps the Admin root role.
      if (!(error instanceof AppError) || error.name !== 'ValidationError') throw error;
      throw lastAdminOfHost(rootRole);
    }
  }
}
