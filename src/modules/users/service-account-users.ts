import { Injectable } from '@nestjs/common';
import { type NewServiceAccount, type ServiceAccountRecord, ServiceAccountUserStore } from './service-account-user.store.js';

/**
 * How the service-accounts module changes the `flagwright_users` rows of service accounts, which this module owns. Its callers
 * open the transaction and record the events; every call joins their transaction.
 */
@Injectable()
export class ServiceAccountUsers {
  constructor(private readonly store: ServiceAccountUserStore) {}

  /** Answers undefined when the username is already used by any user or service account. */
  create(account: NewServiceAccount): Promise<ServiceAccountRecord | undefined> {
    return this.store.insert(account);
  }

  find(id: number): Promise<ServiceAccountRecord | undefined> {
    return this.store.find(id);
  }

  update(id: number, changes: { name: string; rootRole: number }): Promise<ServiceAccountRecord | undefined> {
    return this.store.update(id, changes);
  }

  /** Deletes the account; its tokens, sessions and memberships go with it (foreign keys cascade). */
  delete(id: number): Promise<boolean> {
    return this.store.delete(id);
  }
}
