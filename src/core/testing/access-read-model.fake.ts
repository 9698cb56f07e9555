import { AccessReadModel, type Grant } from '../access/access.read-model.js';
import { Clock } from '../clock.js';
import type { ChangeWatcher } from '../database/change-watcher.js';
import { fakeDatabase } from './fake-database.js';

/** Users' effective grants set by the spec; users it does not name hold none. */
export class FakeAccessReadModel extends AccessReadModel {
  constructor(readonly grantsByUser: Record<number, Grant[]> = {}) {
    super(fakeDatabase(), {} as ChangeWatcher, new Clock());
  }

  override async grantsOf(userId: number): Promise<Grant[]> {
    return this.grantsByUser[userId] ?? [];
  }
}

/** A grant not limited to a project or an environment. */
export function grant(permission: string): Grant {
  return { permission, project: null, environment: null };
}
