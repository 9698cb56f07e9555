import type { Grant } from '../../core/access/access.read-model.js';
import { Clock } from '../../core/clock.js';
import { FakeAccessReadModel, grant } from '../../core/testing/access-read-model.fake.js';
import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { ACTOR, apiTokenPrincipal, userPrincipal } from '../../core/testing/principals.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import type { NewApiToken } from './api-token.model.js';
import { ApiTokenService } from './api-token.service.js';
import { FakeApiTokenReferencesReadModel } from '../../core/testing/api-token-references.fake.js';
import { FakeApiTokenStore } from './testing/api-token-store.fake.js';

const user = (id: number) => userPrincipal(id);
const ADMIN_TOKEN = apiTokenPrincipal();

function setup(grantsByUser: Record<number, Grant[]> = {}) {
  const store = new FakeApiTokenStore();
  const { events, eventStore } = recordingEvents();
  const service = new ApiTokenService(
    store,
    new FakeApiTokenReferencesReadModel(),
    new FakeAccessReadModel(grantsByUser),
    events,
    fakeDatabase(),
    new Clock(),
  );
  return { service, store, recorded: eventStore.recorded };
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
