import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import type { Database } from '../../core/database/database.js';
import { AppError } from '../../core/errors/app-error.js';
import type { EventService } from '../events/event.service.js';
import type { NewEvent } from '../events/event.model.js';
import type { PatService } from '../personal-access-tokens/pat.service.js';
import type { RoleReadModel } from '../roles/role.read-model.js';
import type { ServiceAccountInput, ServiceAccountRecord } from './service-account.model.js';
import { ServiceAccountService } from './service-account.service.js';
import { ServiceAccountStore } from './service-account.store.js';
import { type ServiceAccountsReadModel, toServiceAccount } from './service-accounts.read-model.js';

class FakeServiceAccountStore extends ServiceAccountStore {
  readonly rows: ServiceAccountRecord[] = [];
  constructor(private readonly takenUsernames: string[]) {
    super();
  }
  async insert(input: ServiceAccountInput & { createdAt: Date }): Promise<ServiceAccountRecord | undefined> {
    if (this.takenUsernames.includes(input.username) || this.rows.some((r) => r.username === input.username)) return undefined;
    const row = {
      id: 100 + this.rows.length,
      name: input.name,
      username: input.username,
      rootRole: input.rootRole,
      createdAt: input.createdAt.toISOString(),
    };
    this.rows.push(row);
    return row;
  }
  async find(id: number) {
    const row = this.rows.find((r) => r.id === id);
    return row && { ...row };
  }
  async update(id: number, changes: { name: string; rootRole: number }) {
    const row = this.rows.find((r) => r.id === id);
    if (row) Object.assign(row, changes);
    return row && { ...row };
  }
  async delete(id: number) {
    const index = this.rows.findIndex((r) => r.id === id);
    if (index >= 0) this.rows.splice(index, 1);
    return index >= 0;
  }
}

const ACTOR: Actor = { userId: 1, username: 'admin' };

function setup() {
  const store = new FakeServiceAccountStore(['admin', 'alice']);
  const recorded: NewEvent[] = [];
  const roles = { rootRoleIds: async (ids: number[]) => new Set(ids.filter((id) => [1, 2, 3].includes(id))) } as unknown as RoleReadModel;
  const readModel = {
    get: async (id: number) => {
      const row = await store.find(id);
      return row && toServiceAccount(row, []);
    },
  } as unknown as ServiceAccountsReadModel;
  const pats = {
    checkInput: (input: { description: string; expiresAt: string }) => {
      if (!input.description.trim()) throw new AppError('ValidationError', 'PAT description cannot be empty.');
      return { description: input.description, expiresAt: new Date(input.expiresAt) };
    },
    create: async (ownerId: number) => ({ id: 1, userId: ownerId, secret: 'user:x' }),
  } as unknown as PatService;
  const events = { record: async (event: NewEvent) => void recorded.push(event) } as unknown as EventService;
  const db = { transaction: <T>(work: () => Promise<T>) => work() } as unknown as Database;
  return { service: new ServiceAccountService(store, readModel, roles, pats, events, db, new Clock()), store, recorded };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('ServiceAccountService', () => {
  it('creates an account with the fixed deprecated fields and records the event', async () => {
    const { service, recorded } = setup();
    const account = await service.create({ username: 'bot', name: 'Bot', rootRole: 3 }, ACTOR);
    expect(account).toMatchObject({
      username: 'bot',
      name: 'Bot',
      rootRole: 3,
      tokens: [],
      isAPI: false,
      loginAttempts: 0,
      emailSent: false,
      seenAt: null,
    });
    expect(recorded).toEqual([
      {
        type: 'service-account-created',
        actor: ACTOR,
        data: { id: account.id, username: 'bot', name: 'Bot', rootRole: 3 },
        preData: undefined,
      },
    ]);
  });

  it('refuses an unknown root role (400) before a taken username (409)', async () => {
    const { service, store } = setup();
    const role = await failure(service.create({ username: 'admin', name: 'x', rootRole: 9 }, ACTOR));
    expect(role.name).toBe('ValidationError');
    expect(role.details).toEqual([{ path: '/body/rootRole', message: expect.stringContaining('no root role with id 9') }]);
    const taken = await failure(service.create({ username: 'alice', name: 'x', rootRole: 3 }, ACTOR));
    expect(taken).toMatchObject({ name: 'NameExistsError', message: 'A service account or user with that username already exists.' });
    expect(store.rows).toEqual([]);
  });

  it('updates only what is given and records before and after', async () => {
    const { service, recorded } = setup();
    const account = await service.create({ username: 'bot', name: 'Bot', rootRole: 3 }, ACTOR);
    const updated = await service.update(account.id, { rootRole: 1 }, ACTOR);
    expect(updated).toMatchObject({ name: 'Bot', rootRole: 1 });
    expect(recorded.at(-1)).toMatchObject({ type: 'service-account-updated', data: { rootRole: 1 }, preData: { rootRole: 3 } });
  });

  it('answers 404 for unknown accounts, but a bad token body first', async () => {
    const { service } = setup();
    expect((await failure(service.get(5))).name).toBe('NotFoundError');
    expect((await failure(service.delete(5, ACTOR))).name).toBe('NotFoundError');
    expect((await failure(service.listTokens(5))).name).toBe('NotFoundError');
    expect((await failure(service.createToken(5, { description: ' ', expiresAt: '2100-01-01T00:00:00Z' }, ACTOR))).name).toBe(
      'ValidationError',
    );
    expect((await failure(service.createToken(5, { description: 'ok', expiresAt: '2100-01-01T00:00:00Z' }, ACTOR))).name).toBe(
      'NotFoundError',
    );
  });
});
