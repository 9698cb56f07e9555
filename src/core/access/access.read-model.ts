import { Injectable } from '@nestjs/common';
import { Clock } from '../clock.js';
import { ChangeWatcher } from '../database/change-watcher.js';
import { Database } from '../database/database.js';
import { CredentialCache } from './credential-cache.js';
import { DEFAULT_PROJECT, permissionScope } from './permissions.js';

/** One permission held by a user: `project` and `environment` are null where the grant is not limited to one. */
export interface Grant {
  permission: string;
  project: string | null;
  environment: string | null;
}

/**
 * The effective permissions of a user: own root role, the root roles of their groups, and project roles held
 * directly or through groups. Read in one query and kept under the `credentials` change generation (see
 * CredentialCache), which every change of a role, its permissions, a group's members or roles, or a user's root
 * role moves: a revoked right is gone at once on this instance and within a second on every other.
 */
@Injectable()
export class AccessReadModel {
  private readonly grants: CredentialCache<Grant[]>;

  constructor(
    private readonly db: Database,
    changes: ChangeWatcher,
    clock: Clock,
  ) {
    this.grants = new CredentialCache(changes, clock);
  }

  /** Shared by every caller until the next change, so the list is frozen. */
  async grantsOf(userId: number): Promise<Grant[]> {
    return (await this.grants.through(String(userId), () => this.readGrants(userId)))!;
  }

  private async readGrants(userId: number): Promise<Grant[]> {
    const rows = await this.db.query<{ permission: string; environment: string; project: string | null }>(
      `SELECT rp.permission, rp.environment, NULL AS project
         FROM flagwright_users u JOIN flagwright_role_permissions rp ON rp.role_id = u.root_role_id WHERE u.id = :userId
       UNION
       SELECT rp.permission, rp.environment, NULL AS project
         FROM flagwright_group_users gu JOIN flagwright_user_groups g ON g.id = gu.group_id
         JOIN flagwright_role_permissions rp ON rp.role_id = g.root_role_id WHERE gu.user_id = :userId
       UNION
       SELECT rp.permission, rp.environment, ru.project
         FROM flagwright_role_users ru JOIN flagwright_role_permissions rp ON rp.role_id = ru.role_id WHERE ru.user_id = :userId
       UNION
       SELECT rp.permission, rp.environment, gr.project
         FROM flagwright_group_users gu JOIN flagwright_group_roles gr ON gr.group_id = gu.group_id
         JOIN flagwright_role_permissions rp ON rp.role_id = gr.role_id WHERE gu.user_id = :userId`,
      { userId },
    );
    return Object.freeze(rows.map((row) => Object.freeze(toGrant(row.permission, row.project, row.environment)))) as Grant[];
  }

  async projectOfFeature(featureName: string): Promise<string | undefined> {
    const row = await this.db.one<{ project: string }>('SELECT project FROM flagwright_features WHERE name = :featureName', {
      featureName,
    });
    return row?.project;
  }
}

/**
 * Root roles grant project-scoped permissions in the default project only (as Unleash does); project roles grant
 * them in their project. An empty environment means every environment.
 */
function toGrant(permission: string, project: string | null, environment: string): Grant {
  const scope = permissionScope(permission);
  if (scope === 'root' || scope === undefined) return { permission, project: null, environment: null };
  return { permission, project: project ?? DEFAULT_PROJECT, environment: scope === 'environment' && environment ? environment : null };
}

export function holds(grants: Grant[], permission: string, project?: string, environment?: string): boolean {
  const scope = permissionScope(permission);
  return grants.some(
    (grant) =>
      grant.permission === 'ADMIN' ||
      (grant.permission === permission &&
        (scope === 'root' || grant.project === (project ?? DEFAULT_PROJECT)) &&
        (scope !== 'environment' || grant.environment === null || environment === undefined || grant.environment === environment)),
  );
}
