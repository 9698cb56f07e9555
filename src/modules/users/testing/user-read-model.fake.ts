import { BUILT_IN_ROLES } from '../../../core/access/permissions.js';
import { fakeDatabase } from '../../../core/testing/fake-database.js';
import type { LoginCredentials, RootRoleJson, UserJson } from '../user.model.js';
import { toUserSchema, UserReadModel } from '../user.read-model.js';
import { FakeUserStore } from './user-store.fake.js';

const ROOT_ROLES: RootRoleJson[] = BUILT_IN_ROLES.filter((role) => role.type === 'root').map(({ id, name, description }) => ({
  id,
  name,
  description,
  type: 'root',
}));

/** Reads the rows of a FakeUserStore through the SQL model's own row mapping; the root roles are the built-in ones. */
export class FakeUserReadModel extends UserReadModel {
  constructor(readonly store: FakeUserStore = new FakeUserStore()) {
    super(fakeDatabase());
  }

  override async person(id: number): Promise<UserJson | undefined> {
    const row = this.store.row(id);
    return row && !row.is_service ? toUserSchema(row) : undefined;
  }

  override async personWithEmail(email: string): Promise<UserJson | undefined> {
    const row = this.store.rows.find((r) => r.email === email && !r.is_service);
    return row && toUserSchema(row);
  }

  override async account(id: number): Promise<UserJson | undefined> {
    const row = this.store.row(id);
    return row && toUserSchema(row);
  }

  override async accounts(ids: number[]): Promise<Map<number, UserJson>> {
    return new Map(this.store.rows.filter((row) => ids.includes(row.id)).map((row) => [row.id, toUserSchema(row)]));
  }

  override async people(): Promise<UserJson[]> {
    return this.store.rows.filter((row) => !row.is_service).map((row) => toUserSchema(row));
  }

  override async rootRoles(): Promise<RootRoleJson[]> {
    return ROOT_ROLES;
  }

  override async rootRoleId(reference: number | string): Promise<number | undefined> {
    return ROOT_ROLES.find((role) => role.id === reference || role.name === reference)?.id;
  }

  override async credentialsFor(loginName: string): Promise<LoginCredentials | undefined> {
    const email = loginName.toLowerCase();
    const byEmail = this.store.rows.find((row) => row.email === email);
    const byUsername = this.store.rows.find((row) => row.username === loginName);
    const row = loginName.includes('@') ? (byEmail ?? byUsername) : (byUsername ?? byEmail);
    return row && { id: row.id, passwordHash: row.password_hash, isService: row.is_service };
  }

  override async passwordHashOf(id: number): Promise<string | null> {
    return this.store.row(id)?.password_hash ?? null;
  }
}
