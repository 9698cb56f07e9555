import { ACTOR } from '../../core/testing/principals.js';
import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { PatService } from '../personal-access-tokens/pat.service.js';
import { FakePatStore } from '../personal-access-tokens/testing/pat-store.fake.js';
import { FakeRoleReadModel } from '../roles/testing/role-read-model.fake.js';
import { ServiceAccountUsers } from '../users/service-account-users.js';
import { FakeServiceAccountUserStore } from '../users/testing/service-account-user-store.fake.js';
import { ServiceAccountService } from './service-account.service.js';
import { FakeServiceAccountsReadModel } from './testing/service-accounts-read-model.fake.js';

function setup() {
  const store = new FakeServiceAccountUserStore(['admin', 'alice']);
  const patStore = new FakePatStore();
  const clock = new FixedClock();
  const db = fakeDatabase();
  const { events, eventStore } = recordingEvents(clock);
  const pats = new PatService(patStore, db, events, clock, testConfig());
  const readModel = new FakeServiceAccountsReadModel(store, patStore);
  const service = new ServiceAccountService(new ServiceAccountUsers(store), readModel, new FakeRoleReadModel(), pats, events, db, clock);
  return { service, store, patStore, recorded: eventStore.recorded };
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

describe('ServiceAccountService tokens', () => {
  it('creates a token for an account, lists it without the secret and records service-account events', async () => {
    const { service, patStore, recorded } = setup();
    const account = await service.create({ username: 'bot', name: 'Bot', rootRole: 3 }, ACTOR);
    const token = await service.createToken(account.id, { description: ' ci ', expiresAt: '2100-01-01T00:00:00.000Z' }, ACTOR);
    expect(token).toMatchObject({ id: 1, userId: account.id, description: 'ci', expiresAt: '2100-01-01T00:00:00.000Z' });
    expect(token.secret).toMatch(/^user:[0-9a-f]{64}$/);
    expect(await service.listTokens(account.id)).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);
    expect(patStore.rows[0].secretHash).not.toContain(token.secret);
    await service.deleteToken(account.id, token.id, ACTOR);
    expect(recorded.map((event) => event.type)).toEqual([
      'service-account-created',
      'service-account-token-created',
      'service-account-token-deleted',
    ]);
    expect((await failure(service.getToken(account.id, token.id))).message).toBe('Could not find personal access token with id 1.');
  });
});
