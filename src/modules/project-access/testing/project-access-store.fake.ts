import { ROLE } from '../../../core/access/permissions.js';
import type { Assignee } from '../project-access.model.js';
import { ProjectAccessStore } from '../project-access.store.js';

export interface FakeAssignment {
  project: string;
  kind: Assignee['kind'];
  id: number;
  roleId: number;
  /** Null for an Owner added with the project it was created with. */
  createdBy: string | null;
}

/** `flagwright_role_users` and `flagwright_group_roles` in memory, over the projects, accounts and groups the spec says exist. */
export class FakeProjectAccessStore extends ProjectAccessStore {
  readonly assignments: FakeAssignment[] = [];

  constructor(
    readonly projects: string[] = ['default'],
    readonly accounts: number[] = [1, 2, 3],
    readonly groups: number[] = [10, 11],
  ) {
    super();
  }

  async lockProject(projectId: string): Promise<boolean> {
    return this.projects.includes(projectId);
  }

  async assign(projectId: string, kind: Assignee['kind'], ids: number[], roleIds: number[], createdBy: string): Promise<number> {
    let added = 0;
    for (const id of ids) {
      if (!(kind === 'user' ? this.accounts : this.groups).includes(id)) continue;
      for (const roleId of roleIds) {
        if (this.holds(projectId, { kind, id }, roleId)) continue;
        this.assignments.push({ project: projectId, kind, id, roleId, createdBy });
        added++;
      }
    }
    return added;
  }

  async addOwner(projectId: string, userId: number): Promise<void> {
    const owner = { kind: 'user', id: userId } as const;
    if (!this.holds(projectId, owner, ROLE.OWNER))
      this.assignments.push({ project: projectId, ...owner, roleId: ROLE.OWNER, createdBy: null });
  }

  async roleIdsOf(projectId: string, assignee: Assignee): Promise<number[]> {
    return this.of(projectId, assignee)
      .map((assignment) => assignment.roleId)
      .sort((a, b) => a - b);
  }

  async unassign(projectId: string, assignee: Assignee, roleIds?: number[]): Promise<number[]> {
    const removed = this.of(projectId, assignee).filter((assignment) => !roleIds || roleIds.includes(assignment.roleId));
    for (const assignment of removed) this.assignments.splice(this.assignments.indexOf(assignment), 1);
    return removed.map((assignment) => assignment.roleId).sort((a, b) => a - b);
  }

  async ownerCount(projectId: string): Promise<number> {
    return this.assignments.filter((assignment) => assignment.project === projectId && assignment.roleId === ROLE.OWNER).length;
  }

  async existing(kind: Assignee['kind'], ids: number[]): Promise<Set<number>> {
    const known = kind === 'user' ? this.accounts : this.groups;
    return new Set(ids.filter((id) => known.includes(id)));
  }

  /** The project's assignments as `kind:id:roleId`, in the order they were made. */
  held(projectId: string): string[] {
    return this.assignments
      .filter((assignment) => assignment.project === projectId)
      .map((assignment) => `${assignment.kind}:${assignment.id}:${assignment.roleId}`);
  }

  private of(projectId: string, assignee: Assignee): FakeAssignment[] {
    return this.assignments.filter((a) => a.project === projectId && a.kind === assignee.kind && a.id === assignee.id);
  }

  private holds(projectId: string, assignee: Assignee, roleId: number): boolean {
    return this.of(projectId, assignee).some((assignment) => assignment.roleId === roleId);
  }
}
