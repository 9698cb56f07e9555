import { HostUserPrincipals } from '../../core/access/host-user-principals.js';
import { ROLE } from '../../core/access/permissions.js';
import { SYSTEM_ACTOR } from '../../core/access/principal.js';
import { FakeAccessReadModel } from '../../core/testing/access-read-model.fake.js';
import { FakeChangeWatcher } from '../../core/testing/change-watcher.fake.js';
import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { FakePasswordHasher } from '../../core/testing/fake-password-hasher.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { fakeRequest } from '../../core/testing/http.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { SessionService } from '../sessions/session.service.js';
import { FakeSessionStore } from '../sessions/testing/session-store.fake.js';
import { HostUserService } from './host-user.service.js';
import { FakeUserReadModel } from './testing/user-read-model.fake.js';
import { FakeUserStore } from './testing/user-store.fake.js';
import { UserService } from './user.service.js';

function setup() {
  const store = new FakeUserStore();
  const readModel = new FakeUserReadModel(store);
  const clock = new FixedClock();
  const db = fakeDatabase();
  const config = testConfig({ hostUsers: { resolve: () => ({ email: 'host@host.test', rootRole: 'Viewer' }) } });
  const { events, eventStore } = recordingEvents(clock);
  const sessions = new SessionService(new FakeSessionStore(), events, db, clock, config);
  const users = new UserService(
    store,
    readModel,
    new FakeAccessReadModel({}),
    db,
    events,
    sessions,
    new FakePasswordHasher(),
    clock,
    config,
  );
  const principals = new HostUserPrincipals(config, new FakeChangeWatcher(), clock);
  const service = new HostUserService(users, readModel, principals);
  return { service, store, readModel, principals, recorded: eventStore.recorded };
}

describe('HostUserService', () => {
  it('hands itself over to core when built, so core finds the host’s user through it', async () => {
    const { principals, store } = setup();
    expect(await principals.principalOf(fakeRequest())).toMatchObject({ id: 1, email: 'host@host.test', via: 'host' });
    expect(store.rows).toHaveLength(1);
  });

  it('creates the person on first sight with the lower-cased email, username, name and root role, as the system', async () => {
    const { service, store, recorded } = setup();
    const principal = await service.principalFor({ email: ' Ada@Host.Test ', username: 'ada', name: 'Ada', rootRole: 'Editor' });
    expect(principal).toEqual({ kind: 'user', id: 1, username: 'ada', email: 'ada@host.test', name: 'Ada', isService: false, via: 'host' });
    expect(Object.isFrozen(principal)).toBe(true);
    expect(store.row(1)).toMatchObject({
      email: 'ada@host.test',
      username: 'ada',
      name: 'Ada',
      root_role_id: ROLE.EDITOR,
      password_hash: null,
    });
    expect(recorded).toEqual([
      {
        type: 'user-created',
        actor: SYSTEM_ACTOR,
        data: { id: 1, name: 'Ada', username: 'ada', email: 'ada@host.test', rootRole: ROLE.EDITOR },
      },
    ]);
  });

  it('finds the person by email alone, changing nothing while the root role is the same', async () => {
    const { service, store, recorded } = setup();
    const existing = store.add({ email: 'ada@host.test', username: 'lovelace', root_role_id: ROLE.VIEWER });
    const principal = await service.principalFor({ email: 'ADA@host.test', username: 'someone-else', name: 'Other', rootRole: 'Viewer' });
    expect(principal).toMatchObject({ id: existing.id, username: 'lovelace', email: 'ada@host.test', via: 'host' });
    expect(store.rows).toHaveLength(1);
    expect(recorded).toEqual([]);
  });

  it('keeps the root role at the host’s, recording the change as the system’s', async () => {
    const { service, store, recorded } = setup();
    const existing = store.add({ email: 'ada@host.test', username: 'ada', root_role_id: ROLE.VIEWER });
    await service.principalFor({ email: 'ada@host.test', rootRole: 'Editor' });
    expect(store.row(existing.id)!.root_role_id).toBe(ROLE.EDITOR);
    expect(recorded).toEqual([
      expect.objectContaining({
        type: 'user-updated',
        actor: SYSTEM_ACTOR,
        data: expect.objectContaining({ id: existing.id, rootRole: ROLE.EDITOR }),
        preData: expect.objectContaining({ id: existing.id, rootRole: ROLE.VIEWER }),
      }),
    ]);
  });

  it('refuses a username that is another account’s, saying how the host’s users are matched', async () => {
    const { service, store } = setup();
    store.add({ username: 'ada', email: null });
    const refused = await failure(service.principalFor({ email: 'ada@host.test', username: ' ada ', rootRole: 'Viewer' }));
    expect(refused).toMatchObject({
      name: 'NameExistsError',
      message:
        'You are signed in to the host application as ada@host.test, whose username "ada" belongs to another Flagwright account. ' +
        "Flagwright matches the host's users by email: give that account the email ada@host.test if it is yours, or have the hostUsers option answer another username.",
    });
    expect(store.rows).toHaveLength(1);
  });

  it('takes the person another request created meanwhile', async () => {
    const { service, store, readModel } = setup();
    const created = store.add({ email: 'ada@host.test', username: 'ada' });
    // The first lookup ran before the other request's insert.
    vi.spyOn(readModel, 'personWithEmail').mockResolvedValueOnce(undefined);
    expect(await service.principalFor({ email: 'ada@host.test', username: 'ada', rootRole: 'Viewer' })).toMatchObject({ id: created.id });
    expect(store.rows).toHaveLength(1);
  });

  it('refuses to act for the last admin while the host demotes them, and keeps their Admin root role', async () => {
    const { service, store } = setup();
    const last = store.add({ email: 'root@host.test', root_role_id: ROLE.ADMIN });
    expect(await failure(service.principalFor({ email: 'root@host.test', rootRole: 'Viewer' }))).toMatchObject({
      name: 'NoAccessError',
      message:
        "The host application gives you the Viewer root role, but you are the last person with Flagwright's Admin root role, who keeps it. " +
        'Give another person the Admin root role first; until then you cannot act in Flagwright.',
    });
    expect(store.row(last.id)!.root_role_id).toBe(ROLE.ADMIN);
  });
});
