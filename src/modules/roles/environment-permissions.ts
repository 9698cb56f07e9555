import { Injectable } from '@nestjs/common';
import { RoleStore } from './role.store.js';

/**
 * What the environments module asks of roles, in its own transaction: the grants limited to one environment follow
 * the environment when it is cloned (copied) or deleted (removed), as Unleash's role permissions do.
 */
@Injectable()
export class EnvironmentPermissions {
  constructor(private readonly store: RoleStore) {}

  copy(from: string, to: string): Promise<void> {
    return this.store.copyEnvironmentPermissions(from, to);
  }

  remove(environment: string): Promise<void> {
    return this.store.deleteEnvironmentPermissions(environment);
  }
}
