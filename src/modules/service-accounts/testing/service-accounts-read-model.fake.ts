import { fakeDatabase } from '../../../core/testing/fake-database.js';
import type { FakePatStore } from '../../personal-access-tokens/testing/pat-store.fake.js';
import type { ServiceAccount } from '../service-account.model.js';
import { ServiceAccountsReadModel, toServiceAccount } from '../service-accounts.read-model.js';
import type { FakeServiceAccountUserStore } from '../../users/testing/service-account-user-store.fake.js';

/** Reads the accounts of a FakeServiceAccountUserStore with their tokens from a FakePatStore, ordered by id. */
export class FakeServiceAccountsReadModel extends ServiceAccountsReadModel {
  constructor(
    private readonly accounts: FakeServiceAccountUserStore,
    private readonly pats: FakePatStore,
  ) {
    super(fakeDatabase());
  }

  override async list(): Promise<ServiceAccount[]> {
    return Promise.all(this.accounts.rows.map(async (row) => toServiceAccount(row, await this.pats.listFor(row.id))));
  }

  override async get(id: number): Promise<ServiceAccount | undefined> {
    return (await this.list()).find((account) => account.id === id);
  }
}
