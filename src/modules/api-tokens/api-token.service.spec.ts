import type { AccessReadModel, Grant } from '../../core/access/access.read-model.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import type { Database } from '../../core/database/database.js';
import { AppError } from '../../core/errors/app-error.js';
import type { EventService } from '../events/event.service.js';
import type { NewEvent } from '../events/event.model.js';
import type { ApiTokenReferencesReadModel } from '../../core/access/api-token-references.read-model.js';
import type { ApiToken, NewApiToken } from './api-token.model.js';
import { ApiTokenService } from './api-token.service.js';
import { type ApiTokenInsert, ApiTokenStore } from './api-token.store.js';

class FakeApiTokenStore extends ApiTokenStore {
  readonly rows: (ApiTokenInsert & { id: number })[] = [];

  async insert(input: ApiTokenInsert): Promise<ApiToken> {
    this.rows.push({ ...input, id: this.rows.length + 1 });
    return (await this.find(this.rows.length))!;
  }
  async list(): Promise<ApiToken[]> {
    return this.rows.map((row) => this.view(row));
  }
  async find(id: number): Promise<ApiToken | undefined> {
    const row = this.rows.find((r) => r.id === id);
    return row && this.view(row);
  }
  async idOfSecret(secretHash: string): Promise<number | undefined> {
    return this.rows.find((r) => r.secretHash === secretHash)?.id;
  }
  async setExpiry(id: number, expiresAt: Date | null): Promise<void> {
    this.rows.find((r) => r.id === id)!.expiresAt = expiresAt;
  }
  async delete(id: number): Promise<boolean> {
    const index = this.rows.findIndex((r) => r.id === id);
    if (index >= 0) this.rows.splice(index, 1);
    return index >= 0;
  }
  private view(row: ApiTokenInsert & { id: number }): ApiToken {
    return {
      id: row.id,
      tokenName: row.tokenName,
      type: row.type,
      environment: row.environment,
      project: row.secretPrefix.split(':')[0],
      projects: row.projects,
      secretPrefix: row.secretPrefix,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      seenAt: null,
      alias: null,
    };
  }
}

const ACTOR: Actor = { userId: 7, username: 'someone' };
const user = (id: number): Principal => ({
  kind: 'user',
  id,
  username: `u${id}`,
  email: null,
  name: null,
  isService: false,
  via: 'session',
});
const ADMIN_TOKEN: Principal = { kind: 'api-token', tokenId: 1, tokenName: 'admin', type: 'admin', environment: '*', projects: ['*'] };
const grant = (permission: string): Grant => ({ permission, project: null, environment: null });

function setup(grantsByUser: Record<number, Grant[]> = {}) {
  const store = new FakeApiTokenStore();
  const recorded: NewEvent[] = [];
  const references = {
    environmentExists: async (name: string) => ['development', 'production'].includes(name),
    unknownProjects: async (projects: string[]) => projects.filter((p) => !['default', 'other'].includes(p)),
  } as unknown as ApiTokenReferencesReadModel;
  const access = { grantsOf: async (id: number) => grantsByUser[id] ?? [] } as unknown as AccessReadModel;
  const events = { record: async (event: NewEvent) => void recorded.push(event) } as unknown as EventService;
  const db = { transaction: <T>(work: () => Promise<T>) => work() } as unknown as Database;
  const service = new ApiTokenService(store, references, access, events, db, new Clock());
  return { service, store, recorded };
}

const input = (partial: Partial<NewApiToken> = {}): NewApiToken => ({
  tokenName: 'sdk',
  type: 'client',
  environment: 'development',
  projects: ['default'],
  projectsFrom: 'project',
  expiresAt: null,
  ...partial,
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('ApiTokenService', () => {
  it('returns the secret once and keeps only its digest and prefix', async () => {
    const { service, store, recorded } = setup();
    const created = await service.create(input({ projects: ['default', 'other'], projectsFrom: 'projects' }), ADMIN_TOKEN, ACTOR);
    expect(created.secret).toMatch(/^\[\]:development\.[0-9a-f]{64}$/);
    expect(created).not.toHaveProperty('secretPrefix');
    expect(store.rows[0].secretPrefix).toBe('[]:development.');
    expect(store.rows[0].secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(store.rows)).not.toContain(created.secret);
    expect(JSON.stringify(recorded)).not.toContain(created.secret.split('.')[1]);
    expect(recorded[0]).toMatchObject({ type: 'api-token-created', actor: ACTOR, environment: 'development' });
  });

  it('gives two tokens different secrets', async () => {
    const { service } = setup();
    const first = await service.create(input(), ADMIN_TOKEN, ACTOR);
    const second = await service.create(input(), ADMIN_TOKEN, ACTOR);
    expect(first.secret).not.toBe(second.secret);
  });

  it('checks the permission of the token type for users', async () => {
    const { service } = setup({ 2: [grant('CREATE_FRONTEND_API_TOKEN')], 3: [grant('ADMIN')] });
    await expect(service.create(input({ type: 'frontend' }), user(2), ACTOR)).resolves.toMatchObject({ type: 'frontend' });
    const refused = await failure(service.create(input({ type: 'backend' }), user(2), ACTOR));
    expect(refused.name).toBe('NoAccessError');
    expect(refused.message).toContain('"CREATE_CLIENT_API_TOKEN"');
    await expect(service.create(input(), user(3), ACTOR)).resolves.toBeDefined();
  });

  it('reports an unknown environment, unknown projects and a past expiry together', async () => {
    const { service, store } = setup();
    const error = await failure(
      service.create(input({ environment: 'qa', projects: ['nope'], expiresAt: new Date(Date.now() - 1000) }), ADMIN_TOKEN, ACTOR),
    );
    expect(error.name).toBe('ValidationError');
    expect(error.details?.map((d) => d.path)).toEqual(['/body/environment', '/body/project', '/body/expiresAt']);
    expect(store.rows).toEqual([]);
  });

  it('lists only the types a user may see', async () => {
    const { service } = setup({ 2: [grant('READ_FRONTEND_API_TOKEN')] });
    await service.create(input({ tokenName: 'c' }), ADMIN_TOKEN, ACTOR);
    await service.create(input({ tokenName: 'f', type: 'frontend' }), ADMIN_TOKEN, ACTOR);
    expect((await service.list(user(2))).map((t) => t.tokenName)).toEqual(['f']);
    expect((await service.list(ADMIN_TOKEN)).map((t) => t.tokenName)).toEqual(['c', 'f']);
  });

  it('updates and deletes only with the permission of the type; unknown ids are 404', async () => {
    const { service, recorded } = setup({ 2: [grant('UPDATE_FRONTEND_API_TOKEN'), grant('DELETE_FRONTEND_API_TOKEN')] });
    const client = await service.create(input(), ADMIN_TOKEN, ACTOR);
    const frontend = await service.create(input({ type: 'frontend' }), ADMIN_TOKEN, ACTOR);
    expect((await failure(service.updateExpiry({ id: client.id }, new Date(), user(2), ACTOR))).name).toBe('NoAccessError');
    const later = new Date(Date.now() + 3600_000);
    expect((await service.updateExpiry({ id: frontend.id }, later, user(2), ACTOR)).expiresAt).toBe(later.toISOString());
    expect(recorded.at(-1)).toMatchObject({
      type: 'api-token-updated',
      data: { expiresAt: later.toISOString() },
      preData: { expiresAt: null },
    });
    expect((await failure(service.delete({ id: client.id }, user(2), ACTOR))).name).toBe('NoAccessError');
    await service.delete({ id: frontend.id }, user(2), ACTOR);
    expect((await failure(service.delete({ id: frontend.id }, user(2), ACTOR))).name).toBe('NotFoundError');
    expect((await failure(service.updateExpiry({ id: 999 }, later, ADMIN_TOKEN, ACTOR))).message).toBe(
      'Could not find API token with id 999.',
    );
  });
});
