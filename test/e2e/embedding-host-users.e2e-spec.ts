import { inspect } from 'node:util';
import { eventsOf } from '../helpers/events.js';
import { type CanActivate, type ExecutionContext, Injectable, Logger, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { FlagwrightModule, flagwrightEntities, type HostUsersOptions } from '../../src/index.js';
import { startEmbeddingHost } from '../helpers/embedding-host.js';

const HOST_ADMIN_TOKEN = '*:*.host-users-admin-secret-0123456789abcdef';
/** The host's own bearer token (a JWT in a real host): not one of ours, so it must not refuse the host's user. */
const HOST_JWT = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJob3N0LXVzZXIifQ.host-jwt-signature-0123456789';
const UNREACHABLE_DIRECTORY = 'directory-down@host.test';

/** What the host's authentication (passport with a JWT strategy, say) leaves on a request as `request.user`. */
interface HostAccount {
  sub: string;
  email: string;
  username?: string;
  displayName?: string;
  role: string;
}

/** The host's global guard: a real one verifies a JWT; this one takes the host's user from a header. */
@Injectable()
class HostAuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: HostAccount }>();
    const header = request.headers['x-host-user'];
    if (header) request.user = JSON.parse(header) as HostAccount;
    return true;
  }
}

const FLAGWRIGHT_ROLE_OF: Record<string, 'Admin' | 'Editor' | 'Viewer'> = { owner: 'Admin', developer: 'Editor', support: 'Viewer' };

/** The host's mapping, as docs/embedding.md shows it. */
const hostUsers: HostUsersOptions<HostAccount> = {
  resolve: (request) => {
    const user = request.user;
    if (user?.email === UNREACHABLE_DIRECTORY) throw new Error('the host’s directory is unreachable');
    return user && { email: user.email, username: user.username, name: user.displayName, rootRole: FLAGWRIGHT_ROLE_OF[user.role] };
  },
};

function startHost(options: { hostUsers?: HostUsersOptions }) {
  return startEmbeddingHost({
    flagwright: { bootstrap: { adminApiTokens: [HOST_ADMIN_TOKEN] }, ...options },
    providers: [{ provide: APP_GUARD, useClass: HostAuthGuard }],
  });
}

describe('host users acting in an embedded Flagwright', () => {
  let host: Awaited<ReturnType<typeof startHost>>;

  beforeAll(async () => {
    host = await startHost({ hostUsers });
  });

  afterAll(async () => {
    await host.close();
  });

  afterEach(() => vi.restoreAllMocks());

  const as = (account: Partial<HostAccount>) => JSON.stringify({ sub: 'host-id', ...account });
  const meAs = (account: Partial<HostAccount>) => host.http().get('/flags/api/admin/user').set('x-host-user', as(account));
  const createFeatureAs = (account: Partial<HostAccount>, name: string) =>
    host.http().post('/flags/api/admin/projects/default/features').set('x-host-user', as(account)).send({ name });
  const admin = () => ({
    get: (path: string) => host.http().get(`/flags${path}`).set('Authorization', HOST_ADMIN_TOKEN),
    put: (path: string, body: object) => host.http().put(`/flags${path}`).set('Authorization', HOST_ADMIN_TOKEN).send(body),
    post: (path: string, body: object) => host.http().post(`/flags${path}`).set('Authorization', HOST_ADMIN_TOKEN).send(body),
  });
  const people = async () => (await admin().get('/api/admin/user-admin').expect(200)).body.users as { id: number; email?: string }[];
  const events = (type: string) => eventsOf({ http: host.http, prefix: '/flags', token: HOST_ADMIN_TOKEN }, { type });
  const errorBody = (name: string, message: string) => ({ id: expect.any(String), name, message });

  it('creates a person with the host’s root role on first sight, recorded as the system’s doing', async () => {
    const first = await meAs({ email: 'Ada@Host.test', username: 'ada', displayName: 'Ada Lovelace', role: 'support' }).expect(200);
    expect(first.body.user).toMatchObject({
      email: 'ada@host.test',
      username: 'ada',
      name: 'Ada Lovelace',
      rootRole: 3,
      accountType: 'User',
    });
    expect(first.body.permissions).toEqual([]);
    const ada = first.body.user.id;
    expect((await people()).filter((person) => person.email === 'ada@host.test')).toEqual([
      expect.objectContaining({ id: ada, rootRole: 3 }),
    ]);
    expect((await events('user-created')).filter((event: { data: { id: number } }) => event.data.id === ada)).toEqual([
      expect.objectContaining({
        createdBy: 'unleash_system_user',
        createdByUserId: -1337,
        data: { id: ada, username: 'ada', email: 'ada@host.test', name: 'Ada Lovelace', rootRole: 3 },
      }),
    ]);

    expect((await meAs({ email: 'ada@host.test', role: 'support' }).expect(200)).body.user.id).toBe(ada);
    expect(await events('user-created')).toHaveLength(1);
  });

  it('refuses a Viewer’s write with our 403 body and writes nothing', async () => {
    const refused = await createFeatureAs({ email: 'vera@host.test', role: 'support' }, 'viewer-flag').expect(403);
    expect(refused.body).toEqual(
      errorBody(
        'NoAccessError',
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_FEATURE" permission of the "default" project.',
      ),
    );
    await admin().get('/api/admin/projects/default/features/viewer-flag').expect(404);
  });

  it('lets an Editor create a feature, recorded as made by them', async () => {
    const created = await createFeatureAs({ email: 'eddie@host.test', username: 'eddie', role: 'developer' }, 'editor-flag').expect(201);
    expect(created.body).toMatchObject({ name: 'editor-flag', project: 'default' });
    const eddie = (await people()).find((person) => person.email === 'eddie@host.test')!;
    const [event] = (await events('feature-created')).filter((e) => e.featureName === 'editor-flag');
    expect(event).toMatchObject({ createdBy: 'eddie', createdByUserId: eddie.id });
    const found = await admin().get('/api/admin/search/features?query=editor-flag').expect(200);
    expect(found.body.features.map((feature: { createdBy: unknown }) => feature.createdBy)).toEqual([
      expect.objectContaining({ id: eddie.id, name: 'eddie' }),
    ]);
  });

  it('follows a change of root role in the host from the next request, recorded as the system’s doing', async () => {
    const wren = { email: 'wren@host.test', username: 'wren' };
    await createFeatureAs({ ...wren, role: 'support' }, 'promoted-flag').expect(403);
    await createFeatureAs({ ...wren, role: 'developer' }, 'promoted-flag').expect(201);
    const id = (await meAs({ ...wren, role: 'developer' }).expect(200)).body.user.id;
    expect((await admin().get(`/api/admin/user-admin/${id}`).expect(200)).body.rootRole).toBe(2);
    expect((await events('user-updated')).filter((event: { data: { id: number } }) => event.data.id === id)).toEqual([
      expect.objectContaining({
        createdBy: 'unleash_system_user',
        data: expect.objectContaining({ rootRole: 2 }),
        preData: expect.objectContaining({ rootRole: 3 }),
      }),
    ]);

    // The host decides: a role given in Flagwright lasts until the host user's next request.
    await admin().put(`/api/admin/user-admin/${id}`, { rootRole: 'Viewer' }).expect(200);
    expect((await meAs({ ...wren, role: 'developer' }).expect(200)).body.user.rootRole).toBe(2);
  });

  it('answers a request without a host user with our 401 body', async () => {
    expect((await host.http().get('/flags/api/admin/user').expect(401)).body).toEqual({
      ...errorBody(
        'AuthenticationRequired',
        'You must log in to use Flagwright. Your request had no authorization header, so we could not authorize you. Try logging in at /flags/auth/simple/login',
      ),
      path: '/flags/auth/simple/login',
      type: 'password',
      defaultHidden: false,
    });
  });

  it('lets our own token win over the host’s user, and the host’s own bearer token through to it', async () => {
    const viewer = as({ email: 'tess@host.test', username: 'tess', role: 'support' });
    const byToken = await host
      .http()
      .post('/flags/api/admin/projects/default/features')
      .set('Authorization', HOST_ADMIN_TOKEN)
      .set('x-host-user', viewer)
      .send({ name: 'token-flag' })
      .expect(201);
    expect((await events('feature-created')).find((e) => e.featureName === byToken.body.name)).toMatchObject({
      createdBy: 'init-admin-token',
      createdByUserId: -42,
    });

    const me = await host.http().get('/flags/api/admin/user').set('Authorization', HOST_JWT).set('x-host-user', viewer).expect(200);
    expect(me.body.user).toMatchObject({ email: 'tess@host.test', rootRole: 3 });
    expect((await host.http().get('/flags/api/admin/user').set('Authorization', HOST_JWT).expect(401)).body).toEqual(
      errorBody(
        'AuthenticationRequired',
        'You must log in to use Flagwright. The authorization header you sent is not a valid, unexpired token.',
      ),
    );
  });

  it('lets our session win over the host’s user', async () => {
    await admin().post('/api/admin/user-admin', { username: 'sid', rootRole: 'Editor', password: 'Sid-password-123' }).expect(201);
    const login = await host.http().post('/flags/auth/simple/login').send({ username: 'sid', password: 'Sid-password-123' }).expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const me = await host
      .http()
      .get('/flags/api/admin/user')
      .set('Cookie', cookie)
      .set('x-host-user', as({ email: 'not-sid@host.test', role: 'owner' }))
      .expect(200);
    expect(me.body.user).toMatchObject({ username: 'sid', rootRole: 2 });
    expect((await people()).filter((person) => person.email === 'not-sid@host.test')).toEqual([]);
  });

  it('creates one person for concurrent first requests of the same host user', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => meAs({ sub: `tab-${n}`, email: 'rush@host.test', username: 'rush', role: 'developer' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body.user.id)).size).toBe(1);
    expect((await people()).filter((person) => person.email === 'rush@host.test')).toHaveLength(1);
    const id = answers[0].body.user.id;
    expect((await events('user-created')).filter((event: { data: { id: number } }) => event.data.id === id)).toHaveLength(1);
  });

  it('makes host users with the same email one person, whatever else differs', async () => {
    const first = await meAs({ sub: 'sso-1', email: 'sam@host.test', username: 'sam', displayName: 'Sam', role: 'support' }).expect(200);
    const second = await meAs({
      sub: 'sso-2',
      email: ' SAM@host.TEST ',
      username: 'samuel',
      displayName: 'Samuel',
      role: 'support',
    }).expect(200);
    expect(second.body.user).toEqual(first.body.user);
    expect((await people()).filter((person) => person.email === 'sam@host.test')).toHaveLength(1);
  });

  it('refuses a host user whose username is another person’s, rather than guessing who they are', async () => {
    await admin().post('/api/admin/user-admin', { username: 'dora', rootRole: 'Viewer' }).expect(201);
    const refused = await meAs({ email: 'dora@host.test', username: 'dora', role: 'developer' }).expect(409);
    expect(refused.body).toEqual(
      errorBody(
        'NameExistsError',
        'You are signed in to the host application as dora@host.test, whose username "dora" belongs to another Flagwright account. ' +
          "Flagwright matches the host's users by email: give that account the email dora@host.test if it is yours, or have the hostUsers option answer another username.",
      ),
    );
    expect((await people()).filter((person) => person.email === 'dora@host.test')).toEqual([]);
  });

  it('keeps its last admin an admin: a host demoting them is refused until another admin exists', async () => {
    const olga = { email: 'olga@host.test', username: 'olga' };
    expect((await meAs({ ...olga, role: 'owner' }).expect(200)).body.user.rootRole).toBe(1);
    expect((await meAs({ ...olga, role: 'support' }).expect(403)).body).toEqual(
      errorBody(
        'NoAccessError',
        "The host application gives you the Viewer root role, but you are the last person with Flagwright's Admin root role, who keeps it. " +
          'Give another person the Admin root role first; until then you cannot act in Flagwright.',
      ),
    );
    await meAs({ email: 'oscar@host.test', role: 'owner' }).expect(200);
    expect((await meAs({ ...olga, role: 'support' }).expect(200)).body.user.rootRole).toBe(3);
  });

  it('keeps no password for a host user', async () => {
    const changed = await host
      .http()
      .post('/flags/api/admin/user/change-password')
      .set('x-host-user', as({ email: 'pat@host.test', role: 'developer' }))
      .send({ password: 'Host-user-password-1', confirmPassword: 'Host-user-password-1' })
      .expect(403);
    expect(changed.body).toEqual(
      errorBody('NoAccessError', 'You act here as the host application’s user, which signs you in; Flagwright keeps no password for you.'),
    );
  });

  it('answers a resolver that throws with a 500 logged once, with the id the client sees and none of the request’s secrets', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const answer = await host
      .http()
      .get('/flags/api/admin/user')
      .set('Authorization', HOST_JWT)
      .set('Cookie', 'host-session=host-cookie-secret-0123456789')
      .set('x-host-user', as({ email: UNREACHABLE_DIRECTORY, role: 'developer' }))
      .expect(500);
    expect(answer.body).toEqual(errorBody('InternalError', `Something went wrong on our side. Error id: ${answer.body.id}.`));
    expect(logged).toHaveBeenCalledTimes(1);
    const line = inspect(logged.mock.calls[0], { depth: 5 });
    expect(line).toContain(answer.body.id);
    expect(line).toContain('the `hostUsers.resolve` option threw');
    expect(line).toContain('the host’s directory is unreachable');
    expect(line).not.toMatch(/host-jwt-signature|host-cookie-secret/);
  });

  it('answers a resolver that names no root role of ours with a 500 that says so in the log', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const answer = await meAs({ email: 'intern@host.test', role: 'intern' }).expect(500);
    expect(answer.body.name).toBe('InternalError');
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][1])).toContain(
      'Flagwright: `hostUsers.resolve` must answer the host’s user ({ email, rootRole, username?, name? }) or undefined, but its user’s `rootRole` is undefined, not one of "Admin", "Editor", "Viewer".',
    );
    expect((await people()).filter((person) => person.email === 'intern@host.test')).toEqual([]);
  });
});

describe('an embedded Flagwright without the hostUsers option', () => {
  it('ignores the host’s user: the request is not authenticated', async () => {
    const host = await startHost({});
    try {
      const answer = await host
        .http()
        .get('/flags/api/admin/user')
        .set('x-host-user', JSON.stringify({ sub: 'host-id', email: 'ada@host.test', role: 'owner' }))
        .expect(401);
      expect(answer.body).toEqual({
        id: expect.any(String),
        name: 'AuthenticationRequired',
        message:
          'You must log in to use Flagwright. Your request had no authorization header, so we could not authorize you. Try logging in at /flags/auth/simple/login',
        path: '/flags/auth/simple/login',
        type: 'password',
        defaultHidden: false,
      });
      expect((await host.http().get('/flags/api/admin/user-admin').set('Authorization', HOST_ADMIN_TOKEN).expect(200)).body.users).toEqual(
        [],
      );
    } finally {
      await host.close();
    }
  });
});

describe('the hostUsers option at start', () => {
  it('refuses one whose resolve is not a function, saying what to pass', async () => {
    // Refused while the module is built: the data source is never opened.
    const dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [...flagwrightEntities] });

    @Module({
      imports: [
        FlagwrightModule.forRoot({
          dataSource,
          session: { secret: 'host-session-secret-0123456789' },
          hostUsers: { resolve: 'request.user' } as unknown as HostUsersOptions,
        }),
      ],
    })
    class HostModule {}

    await expect(Test.createTestingModule({ imports: [HostModule] }).compile()).rejects.toThrow(
      "Flagwright: `hostUsers.resolve` must be a function that answers the host's user of a request ({ email, rootRole, username?, name? }) " +
        "or undefined, e.g. { hostUsers: { resolve: (request) => request.user && { email: request.user.email, rootRole: 'Viewer' } } }. " +
        "Leave `hostUsers` out to let only Flagwright's own credentials in.",
    );
    expect(dataSource.isInitialized).toBe(false);
  });
});
