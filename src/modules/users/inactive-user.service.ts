import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { invalidProperty } from '../../core/errors/app-error.js';
import type { InactivePerson } from './user-directory.model.js';
import { UserDirectoryReadModel } from './user-directory.read-model.js';
import { UserService } from './user.service.js';

const DAY_MS = 24 * 3600_000;

/**
 * People who have not been seen for `userInactivityThresholdInDays` (Unleash's rule: created before then, and neither
 * a login nor a use of one of their personal access tokens since), and their removal in bulk.
 */
@Injectable()
export class InactiveUserService {
  constructor(
    private readonly directory: UserDirectoryReadModel,
    private readonly users: UserService,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  list(): Promise<InactivePerson[]> {
    return this.directory.inactivePeople(this.since());
  }

  /**
   * Deletes the people named, as `deleteUser` does (one `user-deleted` event each), in one transaction; the caller's
   * own id is skipped, as Unleash does. A person who is not inactive (any more) is refused with the whole request,
   * so that a login since the list was read keeps the account.
   */
  async delete(ids: number[], actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const inactive = new Set((await this.directory.inactivePeople(this.since())).map((person) => person.id));
      const named = [...new Set(ids)].filter((id) => id !== actor.userId);
      for (const id of named) {
        if (inactive.has(id)) continue;
        // Unknown ids get deleteUser's own 404.
        await this.users.get(id);
        throw invalidProperty(
          `/body/ids/${ids.indexOf(id)}`,
          `The \`/body/ids/${ids.indexOf(id)}\` property must be the id of an inactive user, but user ${id} has logged in or used a personal access token in the last ${this.config.userInactivityThresholdInDays} days (or was created then).`,
        );
      }
      for (const id of named) await this.users.delete(id, actor);
    });
  }

  private since(): Date {
    return new Date(this.clock.now().getTime() - this.config.userInactivityThresholdInDays * DAY_MS);
  }
}
