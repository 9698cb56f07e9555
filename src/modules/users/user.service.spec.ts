import { ROLE } from '../../core/access/permissions.js';
import { FakeAccessReadModel } from '../../core/testing/access-read-model.fake.js';
import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { FakePasswordHasher } from '../../core/testing/fake-password-hasher.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { fakeRequest, fakeResponse } from '../../core/testing/http.js';
import { ACTOR, apiTokenPrincipal, userPrincipal } from '../../core/testing/principals.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { SessionService } from '../sessions/session.service.js';
import { FakeSessionStore } from '../sessions/testing/session-store.fake.js';
import { UserService } from './user.service.js';
import { FakeUserReadModel } from './testing/user-read-model.fake.js';
import { FakeUserStore } from './testing/user-store.fake.js';

function setup() {
  const store = new FakeUserStore();
  const admin = store.add({ username: 'admin', root_role_id: ROLE.ADMIN, password_hash: 'fake:old' });
  const sessionStore = new FakeSessionStore();
  const clock = new FixedClock();
  const db = fakeDatabase();
  const config = testConfig();
  const { events, eventStore } = recordingEvents(clock);
  const access = new FakeAccessReadModel({
    [admin.id]: [
      { permission: 'ADMIN', project: null, environment: null },
      { permission: 'ADMIN', project: null, environment: null },
      { permission: 'UPDATE_FEATURE', project: 'p', environment: 'production' },
    ],
  });
  const sessions = new SessionService(sessionStore, events, db, clock, config);
  const hasher = new FakePasswordHasher();
  const service = new UserService(store, new FakeUserReadModel(store), access, db, events, sessions, hasher, clock, config);
  return { service, store, admin, sessionStore, hasher, recorded: eventStore.recorded };
}

describe('UserService', () => {
  it('creates a person with a trimmed username, a lower-cased email, a hashed password and an event without it', async () => {
    const { service, store, recorded } = setup();
    const user = await service.create({ username: ' ada ', email: ' Ada@Example.COM ', password: 'pw', rootRole: 'Editor' }, ACTOR);
    expect(user).toMatchObject({ id: 2, username: 'ada', email: 'ada@example.com', name: null, rootRole: ROLE.EDITOR });
    expect(store.row(2)!.password_hash).toBe('fake:pw');
    expect(recorded).toEqual([
      {
        type: 'user-created',
        actor: ACTOR,
        data: { id: 2, name: null, username: 'ada', email: 'ada@example.com', rootRole: ROLE.EDITOR },
      },
    ]);
  });

  it('names an unknown root role, then reports a taken username and email together', async () => {
    const { service } = setup();
    expect((await failure(service.create({ username: 'x', rootRole: 9 }, ACTOR))).details).toEqual([
      {
        path: '/body/rootRole',
        message: 'The `/body/rootRole` property must name an existing root role, but there is no root role with id 9.',
      },
    ]);
    await service.create({ username: 'ada', email: 'ada@example.com', rootRole: 3 }, ACTOR);
    expect(await failure(service.create({ username: 'ada', email: 'ADA@example.com', rootRole: 3 }, ACTOR))).toMatchObject({
      name: 'NameExistsError',
      message: 'A user or service account with the username "ada" already exists. A user with the email "ada@example.com" already exists.',
    });
  });

  it('keeps the last admin: neither deleted nor demoted, until another admin exists', async () => {
    const { service, admin } = setup();
    const last = await failure(service.delete(admin.id, ACTOR));
    expect(last.message).toBe(
      'You cannot delete the last admin: at least one user must keep the Admin root role. Give another user the Admin role first.',
    );
    expect((await failure(service.update(admin.id, { rootRole: ROLE.EDITOR }, ACTOR))).message).toContain(
      'You cannot demote the last admin',
    );
    await service.create({ username: 'second', rootRole: 'Admin' }, ACTOR);
    expect((await service.update(admin.id, { rootRole: ROLE.EDITOR }, ACTOR)).rootRole).toBe(ROLE.EDITOR);
  });

  it('refuses to remove the email of a user without a username', async () => {
    const { service } = setup();
    const user = await service.create({ email: 'a@b.c', rootRole: 3 }, ACTOR);
    expect((await failure(service.update(user.id, { email: null }, ACTOR))).details?.[0].path).toBe('/body/email');
  });

  it('deletes a person with their sessions, and answers 404 for an unknown id', async () => {
    const { service, store, sessionStore, recorded } = setup();
    const user = await service.create({ username: 'ada', rootRole: 3 }, ACTOR);
    await sessionStore.insert({
      idHash: 'h',
      userId: user.id,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
      address: null,
      userAgent: null,
    });
    await service.delete(user.id, ACTOR);
    expect(store.row(user.id)).toBeUndefined();
    expect(sessionStore.rows).toEqual([]);
    expect(recorded.at(-1)).toMatchObject({ type: 'user-deleted', preData: { id: user.id, username: 'ada' } });
    expect(await failure(service.get(user.id))).toMatchObject({ name: 'NotFoundError', message: 'Could not find user with id 2.' });
  });

  it('changes the own password: any caller must give the old one, which must be right; sessions end and the own is renewed', async () => {
    const { service, store, admin, sessionStore } = setup();
    for (const via of ['pat', 'session'] as const) {
      const caller = userPrincipal(admin.id, { via });
      expect((await failure(service.changeOwnPassword(caller, { password: 'new' }, ACTOR))).details?.[0].path).toBe('/body/oldPassword');
    }
    const byPat = userPrincipal(admin.id, { via: 'pat' });
    expect(await failure(service.changeOwnPassword(byPat, { password: 'new', oldPassword: 'wrong' }, ACTOR))).toMatchObject({
      name: 'AuthenticationRequired',
      message: 'The old password you provided is not correct.',
    });
    await sessionStore.insert({
      idHash: 'other',
      userId: admin.id,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
      address: null,
      userAgent: null,
    });
    const response = fakeResponse();
    const self = { userId: admin.id, username: 'admin' };
    await service.changeOwnPassword(userPrincipal(admin.id), { password: 'new', oldPassword: 'old' }, self, {
      request: fakeRequest(),
      response,
    });
    expect(store.row(admin.id)!.password_hash).toBe('fake:new');
    expect(sessionStore.rows.map((row) => row.idHash)).not.toContain('other');
    expect(sessionStore.rows).toHaveLength(1);
    expect(response.setCookies).toHaveLength(1);
  });

  it('refuses password changes and "me" for API tokens and service accounts', async () => {
    const { service } = setup();
    expect((await failure(service.me(apiTokenPrincipal()))).name).toBe('NoAccessError');
    expect(await failure(service.changeOwnPassword(userPrincipal(1, { isService: true }), { password: 'x' }, ACTOR))).toMatchObject({
      name: 'NoAccessError',
      message: 'Service accounts have no password; they authenticate with their tokens.',
    });
  });

  it('keeps no password for a person acting as the host application’s user', async () => {
    const { service, store, admin } = setup();
    expect(await failure(service.changeOwnPassword(userPrincipal(admin.id, { via: 'host' }), { password: 'new' }, ACTOR))).toMatchObject({
      name: 'NoAccessError',
      message: 'You act here as the host application’s user, which signs you in; Flagwright keeps no password for you.',
    });
    expect(store.row(admin.id)!.password_hash).toBe('fake:old');
  });

  it('answers "me" with each distinct permission, limited to a project or environment only where the grant is', async () => {
    const { service, admin } = setup();
    expect((await service.me(userPrincipal(admin.id))).permissions).toEqual([
      { permission: 'ADMIN' },
      { permission: 'UPDATE_FEATURE', project: 'p', environment: 'production' },
    ]);
    expect((await failure(service.me(userPrincipal(99)))).message).toBe('Your account no longer exists.');
  });
});
