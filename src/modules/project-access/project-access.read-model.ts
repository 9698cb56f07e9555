import { Injectable } from '@nestjs/common';
import { Database, toIso } from '../../core/database/database.js';
import { GroupReadModel } from '../groups/index.js';
import { RoleReadModel } from '../roles/index.js';
import { toUserSchema, userColumns } from '../users/index.js';
import type { ProjectAccess, ProjectAccessUser, ProjectRoles } from './project-access.model.js';

/**
 * Who holds which project roles in a project. The listing takes a fixed number of queries: the roles, the users
 * with their roles, the groups' roles, then the groups with their members and projects.
 */
@Injectable()
export class ProjectAccessReadModel {
  constructor(
    private readonly db: Database,
    private readonly groups: GroupReadModel,
    private readonly roles: RoleReadModel,
  ) {}

  async projectExists(projectId: string): Promise<boolean> {
    return Boolean(await this.db.one('SELECT id FROM flagwright_projects WHERE id = :projectId', { projectId }));
  }

  async access(projectId: string): Promise<ProjectAccess> {
    const roles = await this.roles.projectRoles();
    const userRows = await this.db.query<{ role_id: number | string; added_at: unknown; u_id: number | string }>(
      `SELECT ru.role_id, ru.created_at AS added_at, ${userColumns('u', 'u_')}
         FROM flagwright_role_users ru JOIN flagwright_users u ON u.id = ru.user_id
        WHERE ru.project = :projectId ORDER BY u.id, ru.role_id`,
      { projectId },
    );
    const groupRows = await this.db.query<{ group_id: number | string; role_id: number | string; added_at: unknown }>(
      'SELECT group_id, role_id, created_at AS added_at FROM flagwright_group_roles WHERE project = :projectId ORDER BY group_id, role_id',
      { projectId },
    );
    const users = new Map<number, ProjectAccessUser>();
    for (const row of userRows) {
      const id = Number(row.u_id);
      const user = users.get(id) ?? { ...toUserSchema(row, 'u_'), ...emptyRoles() };
      users.set(id, addRole(user, Number(row.role_id), row.added_at));
    }
    const groupRoles = new Map<number, ProjectRoles>();
    for (const row of groupRows) {
      const id = Number(row.group_id);
      groupRoles.set(id, addRole(groupRoles.get(id) ?? emptyRoles(), Number(row.role_id), row.added_at));
    }
    const groups = await this.groups.byIds([...groupRoles.keys()]);
    return {
      roles,
      users: [...users.values()],
      groups: groups.map((group) => ({ ...group, ...groupRoles.get(group.id)! })),
    };
  }
}

function emptyRoles(): ProjectRoles {
  return { addedAt: '', roleId: 0, roles: [] };
}

/** Rows come ordered by role id, so the first role is the lowest; `addedAt` is the earliest assignment. */
function addRole<T extends ProjectRoles>(holder: T, roleId: number, addedAt: unknown): T {
  const at = toIso(addedAt)!;
  return {
    ...holder,
    addedAt: holder.addedAt === '' || at < holder.addedAt ? at : holder.addedAt,
    roleId: holder.roles.length === 0 ? roleId : holder.roleId,
    roles: [...holder.roles, roleId],
  };
}
