import { createServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { lastEventOf } from '../helpers/events.js';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const PUBLIC_URL = 'http://flagwright.test';
const CALLBACK = `${PUBLIC_URL}/auth/oidc/callback`;

type Answer = { status: number; headers: Record<string, unknown>; body: Record<string, unknown> };
const cookiesOf = (res: { headers: Record<string, unknown> }) => (res.headers['set-cookie'] as string[] | undefined) ?? [];
const cookieNamed = (res: { headers: Record<string, unknown> }, name: string) =>
  cookiesOf(res).find((cookie) => cookie.startsWith(`${name}=`));

describe('single sign-on with OpenID Connect', () => {
  let t: TestApp;
  let provider: TestProvider;
  const settingsBody = () => ({
    enabled: true,
    discoverUrl: provider.issuer,
    clientId: provider.clientId,
    secret: provider.clientSecret,
    autoCreate: true,
    defaultRootRole: 'Viewer',
    enableGroupSyncing: true,
    groupJsonPath: 'groups',
    addGroupsScope: true,
  });
  const admin = () => ({
    get: (path: string) => t.http().get(path).set('Authorization', ADMIN_TOKEN),
    post: (path: string, body: object) => t.http().post(path).set('Authorization', ADMIN_TOKEN).send(body),
  });

  /** Our redirect to the provider, the provider's login, and its redirect back to our callback. */
  const startSignIn = async (sub: string, redirect?: string) => {
    provider.signInAs(sub);
    const started = await t
      .http()
      .get('/auth/oidc/login')
      .query(redirect === undefined ? {} : { redirect })
      .expect(302);
    const transaction = cookieNamed(started, 'flagwright-oidc')!.split(';')[0];
    const back = await provider.authorize(started.headers.location as string);
    return { started, transaction, back };
  };
  const callback = (back: URL, transaction?: string) => {
    const request = t.http().get(`${back.pathname}${back.search}`);
    return transaction ? request.set('Cookie', transaction) : request;
  };
  const signIn = async (sub: string, redirect?: string): Promise<Answer> => {
    const { back, transaction } = await startSignIn(sub, redirect);
    return callback(back, transaction);
  };
  /** A refused sign-in: the browser is sent to the console's login page, the reason in `errorMsg`; no session. */
  const loginPageMessage = (res: Answer): string => {
    expect(res.status).toBe(302);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/login\?errorMsg=[^&]+$/);
    expect(cookieNamed(res, 'unleash-session')).toBeUndefined();
    return new URL(location, PUBLIC_URL).searchParams.get('errorMsg')!;
  };
  const sessionOf = (res: Answer) => cookieNamed(res, 'unleash-session')!.split(';')[0];
  const me = async (cookie: string) => (await t.http().get('/api/admin/user').set('Cookie', cookie).expect(200)).body.user;

  beforeAll(async () => {
    provider = await startTestProvider(CALLBACK, `${PUBLIC_URL}/`);
    t = await createTestApp({ publicUrl: PUBLIC_URL, loginRateLimitPerMinute: 100_000 });
    provider.accounts.set('ada', { email: 'Ada@Example.com', name: 'Ada Lovelace', groups: ['flag-admins', 'staff'] });
    provider.accounts.set('bob', { email: 'bob@other.org', name: 'Bob' });
    provider.accounts.set('nomail', { name: 'No Mail' });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  describe('settings: /api/admin/auth/oidc/settings', () => {
    it('answers the defaults before anything is set', async () => {
      const res = await admin().get('/api/admin/auth/oidc/settings').expect(200);
      expect(res.body).toEqual({
        enabled: false,
        discoverUrl: '',
        clientId: '',
        secret: '',
        autoCreate: false,
        emailDomains: '',
        defaultRootRole: 'Editor',
        enableGroupSyncing: false,
        groupJsonPath: '',
        addGroupsScope: false,
        enableSingleSignOut: false,
        idTokenSigningAlgorithm: 'RS256',
        acrValues: '',
        fromEnvironment: false,
      });
    });

    it('sends a sign-in back to the login page while single sign-on is off', async () => {
      const res = await t.http().get('/auth/oidc/login');
      expect(loginPageMessage(res)).toBe('Single sign-on with OpenID Connect is not enabled. Sign in with your username and password.');
      expect(res.headers.location).toBe(
        '/login?errorMsg=Single+sign-on+with+OpenID+Connect+is+not+enabled.+Sign+in+with+your+username+and+password.',
      );
    });

    it('refuses to enable without a client secret, and changes nothing', async () => {
      const res = await admin()
        .post('/api/admin/auth/oidc/settings', { ...settingsBody(), secret: undefined })
        .expect(400);
      expect(res.body).toEqual({
        id: expect.any(String),
        name: 'ValidationError',
        message: 'The `/body/secret` property is required to enable single sign-on with OpenID Connect.',
        details: [
          { path: '/body/secret', message: 'The `/body/secret` property is required to enable single sign-on with OpenID Connect.' },
        ],
      });
      expect((await admin().get('/api/admin/auth/oidc/settings').expect(200)).body.enabled).toBe(false);
    });

    it('stores the settings with the secret encrypted, answers it masked, and records the change', async () => {
      const res = await admin().post('/api/admin/auth/oidc/settings', settingsBody()).expect(200);
      expect(res.body).toEqual({
        ...settingsBody(),
        secret: '********',
        emailDomains: '',
        enableSingleSignOut: false,
        idTokenSigningAlgorithm: 'RS256',
        acrValues: '',
        fromEnvironment: false,
      });
      expect((await admin().get('/api/admin/auth/oidc/settings').expect(200)).body).toEqual(res.body);
      const [row] = await t.db.query<{ content: string }>("SELECT content FROM flagwright_auth_settings WHERE name = 'oidc'");
      expect(row.content).not.toContain(provider.clientSecret);
      expect(JSON.parse(row.content).sealedSecret).toMatch(/^v1:/);
      const created = await lastEventOf(t, { type: 'setting-created' });
      expect(created).toMatchObject({
        createdBy: 'init-admin-token',
        data: { id: 'unleash.enterprise.auth.oidc', enabled: true, secret: '********', clientId: provider.clientId },
        preData: null,
      });
      expect(JSON.stringify(created)).not.toContain(provider.clientSecret);
    });

    it('keeps the stored secret when the masked value is sent back', async () => {
      const current = (await admin().get('/api/admin/auth/oidc/settings').expect(200)).body;
      await admin()
        .post('/api/admin/auth/oidc/settings', { ...current, autoCreate: false })
        .expect(200);
      await admin().post('/api/admin/auth/oidc/settings', current).expect(200);
      const updated = await lastEventOf(t, { type: 'setting-updated' });
      expect(updated).toMatchObject({
        data: { id: 'unleash.enterprise.auth.oidc', secret: '********', autoCreate: true },
        preData: { id: 'unleash.enterprise.auth.oidc', secret: '********', autoCreate: false },
      });
      // The sign-in below still authenticates at the provider with the real secret.
    });

    it('is for admins only', async () => {
      await t.http().get('/api/admin/auth/oidc/settings').expect(401);
      await t.http().post('/api/admin/auth/oidc/settings').send(settingsBody()).expect(401);
    });
  });

  describe('sign-in', () => {
    it('sends the browser to the provider with PKCE, state and nonce', async () => {
      const res = await t.http().get('/auth/oidc/login').expect(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin).toBe(provider.issuer);
      expect(Object.fromEntries(location.searchParams)).toEqual({
        client_id: provider.clientId,
        response_type: 'code',
        redirect_uri: CALLBACK,
        scope: 'openid email profile groups',
        state: expect.stringMatching(/^[\w-]{43}$/),
        nonce: expect.stringMatching(/^[\w-]{43}$/),
        code_challenge: expect.stringMatching(/^[\w-]{43}$/),
        code_challenge_method: 'S256',
      });
      expect(cookieNamed(res, 'flagwright-oidc')).toMatch(/; Max-Age=600; Path=\/auth\/oidc; .*HttpOnly; SameSite=Lax$/);
    });

    it('creates the person at their first sign-in with the default root role and their groups, and starts a session', async () => {
      const group = await admin()
        .post('/api/admin/groups', { name: 'admins from sso', mappingsSSO: ['flag-admins'], rootRole: 1 })
        .expect(201);
      await admin()
        .post('/api/admin/groups', { name: 'unmapped', mappingsSSO: ['nobody'] })
        .expect(201);
      const res = await signIn('ada', '/projects?tab=mine');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/projects?tab=mine');
      expect(cookieNamed(res, 'flagwright-oidc')).toMatch(/^flagwright-oidc=; Path=\/auth\/oidc; Expires=Thu, 01 Jan 1970/);
      const user = await me(sessionOf(res));
      expect(user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', username: null, rootRole: 3, loginAttempts: 0 });
      expect(user.seenAt).toEqual(expect.any(String));
      const members = (await admin().get(`/api/admin/groups/${group.body.id}`).expect(200)).body.users;
      expect(members).toEqual([{ user: expect.objectContaining({ id: user.id }), joinedAt: expect.any(String), createdBy: 'SSO' }]);
      // The group's Admin root role holds for them: they can read the OIDC settings.
      await t.http().get('/api/admin/auth/oidc/settings').set('Cookie', sessionOf(res)).expect(200);
      const created = await lastEventOf(t, { type: 'user-created' });
      expect(created).toMatchObject({ createdBy: 'unleash_system_user', data: { email: 'ada@example.com', rootRole: 3 } });
      const loggedIn = await lastEventOf(t, { type: 'user-logged-in' });
      expect(loggedIn).toMatchObject({
        createdBy: 'ada@example.com',
        data: { id: user.id, email: 'ada@example.com', method: 'oidc', created: true, joined: ['admins from sso'], left: [] },
      });
      const added = await lastEventOf(t, { type: 'group-user-added' });
      expect(added).toMatchObject({ createdBy: 'ada@example.com', data: { groupId: group.body.id, userId: user.id } });
    });

    it('signs the same person in again with a new session id, and syncs groups they left at the provider', async () => {
      const first = await signIn('ada');
      expect(first.headers.location).toBe('/');
      provider.accounts.set('ada', { ...provider.accounts.get('ada')!, groups: ['staff'] });
      const second = await signIn('ada');
      expect(sessionOf(second)).not.toBe(sessionOf(first));
      const user = await me(sessionOf(second));
      expect((await t.db.query('SELECT id FROM flagwright_users WHERE email = :email', { email: 'ada@example.com' })).length).toBe(1);
      const groups = (await admin().get('/api/admin/groups').expect(200)).body.groups as {
        name: string;
        users: { user: { id: number } }[];
      }[];
      expect(groups.find((g) => g.name === 'admins from sso')!.users).toEqual([]);
      const removed = await lastEventOf(t, { type: 'group-user-removed' });
      expect(removed).toMatchObject({ data: { groupName: 'admins from sso', userId: user.id } });
      await t.http().get('/api/admin/auth/oidc/settings').set('Cookie', sessionOf(second)).expect(403);
    });

    it('keeps memberships an admin gave, whatever the provider says', async () => {
      const kept = await admin()
        .post('/api/admin/groups', { name: 'given by hand', mappingsSSO: ['elsewhere'] })
        .expect(201);
      const adaId = (await t.db.query<{ id: number }>("SELECT id FROM flagwright_users WHERE email = 'ada@example.com'"))[0].id;
      await admin()
        .post(`/api/admin/groups/${kept.body.id}/users`, { users: [{ user: { id: Number(adaId) } }] })
        .expect(200);
      await signIn('ada');
      const members = (await admin().get(`/api/admin/groups/${kept.body.id}`).expect(200)).body.users;
      expect(members).toEqual([expect.objectContaining({ createdBy: 'init-admin-token' })]);
    });

    it('refuses a return URL to another site before going to the provider, sending the browser to the login page only', async () => {
      for (const redirect of [
        'https://evil.example/',
        '//evil.example/x',
        '/\\evil.example',
        'javascript:alert(1)',
        '/\r\nLocation: https://evil.example/',
      ]) {
        const res = await t.http().get('/auth/oidc/login').query({ redirect });
        expect(loginPageMessage(res)).toBe(
          'The `/query/redirect` parameter must be a path of this service (starting with a single `/`); links to other sites are refused.',
        );
        expect(cookieNamed(res, 'flagwright-oidc')).toBeUndefined();
      }
    });

    it('refuses a tampered state, and records the failure', async () => {
      const { back, transaction } = await startSignIn('ada');
      back.searchParams.set('state', 'forged-state');
      const res = await callback(back, transaction);
      expect(loginPageMessage(res)).toMatch(
        /^Single sign-on failed: the provider's answer was refused \(.*"state".*\)\. Start again from the login page\.$/,
      );
      const failed = await lastEventOf(t, { type: 'user-login-failed' });
      expect(failed).toMatchObject({
        createdBy: 'unleash_system_user',
        data: { method: 'oidc', reason: expect.stringContaining('state') },
      });
    });

    it('refuses a callback without the transaction cookie of the browser that started it', async () => {
      const { back } = await startSignIn('ada');
      const res = await callback(back);
      expect(loginPageMessage(res)).toBe(
        'Single sign-on failed: this sign-in was not started here, or took longer than 10 minutes. Start it again from the login page.',
      );
    });

    it('refuses an expired code', async () => {
      provider.codeTtlSeconds = 1;
      try {
        const { back, transaction } = await startSignIn('ada');
        await new Promise((resolve) => setTimeout(resolve, 2100));
        const res = await callback(back, transaction);
        expect(loginPageMessage(res)).toMatch(/^Single sign-on failed: the provider's answer was refused \(invalid_grant: .*\)/);
      } finally {
        provider.codeTtlSeconds = 60;
      }
    });

    it('refuses a code used twice', async () => {
      const { back, transaction } = await startSignIn('ada');
      expect(sessionOf(await callback(back, transaction).expect(302))).toMatch(/^unleash-session=/);
      expect(loginPageMessage(await callback(back, transaction))).toMatch(/^Single sign-on failed: the provider's answer was refused/);
    });

    it('refuses an ID token for another audience', async () => {
      provider.tamperAudience = true;
      try {
        const res = await signIn('ada');
        expect(loginPageMessage(res)).toMatch(/^Single sign-on failed: the provider's answer was refused \(.*"aud".*\)/);
      } finally {
        provider.tamperAudience = false;
      }
    });

    it('refuses a person without an email address', async () => {
      const res = await signIn('nomail');
      expect(loginPageMessage(res)).toBe(
        'Single sign-on failed: the provider sent no email address. Have it include the `email` claim in the ID token.',
      );
    });

    it('creates people only in the allowed email domains', async () => {
      await admin()
        .post('/api/admin/auth/oidc/settings', { ...settingsBody(), emailDomains: 'example.com, example.net' })
        .expect(200);
      const res = await signIn('bob');
      expect(loginPageMessage(res)).toBe(
        'Single sign-on failed: accounts are created at their first sign-in only for example.com, example.net, not for bob@other.org.',
      );
      expect(await t.db.query("SELECT id FROM flagwright_users WHERE email = 'bob@other.org'")).toEqual([]);
    });

    it('refuses unknown people when accounts are not created at first sign-in, and lets known ones in', async () => {
      await admin()
        .post('/api/admin/auth/oidc/settings', { ...settingsBody(), autoCreate: false })
        .expect(200);
      const refused = await signIn('bob');
      expect(loginPageMessage(refused)).toBe(
        'Single sign-on failed: there is no account for bob@other.org, and accounts are not created at their first sign-in.',
      );
      const failed = await lastEventOf(t, { type: 'user-login-failed' });
      expect(failed).toMatchObject({ data: { method: 'oidc', email: 'bob@other.org' } });
      await admin().post('/api/admin/user-admin', { email: 'bob@other.org', rootRole: 2 }).expect(201);
      const res = await signIn('bob');
      expect(res.status).toBe(302);
      expect(await me(sessionOf(res))).toMatchObject({ email: 'bob@other.org', rootRole: 2 });
    });

    it('refuses a locked account as a password login would, and lets it in once unlocked', async () => {
      for (let i = 0; i < 10; i++) {
        await t.http().post('/auth/simple/login').send({ username: 'bob@other.org', password: 'guess' }).expect(401);
      }
      const refused = await signIn('bob');
      expect(loginPageMessage(refused)).toMatch(/^This login is temporarily locked after too many failed attempts\. Try again in /);
      const failed = await lastEventOf(t, { type: 'user-login-failed' });
      expect(failed).toMatchObject({ data: { method: 'oidc', email: 'bob@other.org', reason: expect.stringContaining('locked') } });
      const bob = (await t.db.query<{ id: number }>("SELECT id FROM flagwright_users WHERE email = 'bob@other.org'"))[0];
      await t.http().post(`/api/admin/user-admin/${bob.id}/unlock`).set('Authorization', ADMIN_TOKEN).expect(200);
      expect((await signIn('bob')).status).toBe(302);
    });

    it("follows a rotation of the provider's signing key", async () => {
      await signIn('ada').then((res) => expect(res.status).toBe(302));
      await provider.rotateKey();
      const res = await signIn('ada');
      expect(res.status).toBe(302);
    });
  });

  describe('logout', () => {
    it('ends the session and goes home', async () => {
      const cookie = sessionOf(await signIn('ada'));
      const res = await t.http().get('/auth/oidc/logout').set('Cookie', cookie).expect(302);
      expect(res.headers.location).toBe('/');
      await t.http().get('/api/admin/user').set('Cookie', cookie).expect(401);
    });

    it("with single sign-out, also sends the browser to the provider's end-session endpoint", async () => {
      await admin()
        .post('/api/admin/auth/oidc/settings', { ...settingsBody(), enableSingleSignOut: true })
        .expect(200);
      const cookie = sessionOf(await signIn('ada'));
      const res = await t.http().get('/auth/oidc/logout').set('Cookie', cookie).expect(302);
      const location = new URL(res.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/session/end`);
      expect(Object.fromEntries(location.searchParams)).toEqual({
        client_id: provider.clientId,
        post_logout_redirect_uri: `${PUBLIC_URL}/`,
      });
      await t.http().get('/api/admin/user').set('Cookie', cookie).expect(401);
    });
  });

  describe('password login turned off', () => {
    afterAll(async () => {
      await admin().post('/api/admin/auth/simple/settings', { disabled: false }).expect(200);
    });

    it('refuses every password login but the break-glass admin, and records the change', async () => {
      expect((await admin().get('/api/admin/auth/simple/settings').expect(200)).body).toEqual({ disabled: false });
      await admin().post('/api/admin/user-admin', { username: 'carol', password: 'Sup3r-secret', rootRole: 1 }).expect(201);
      expect((await admin().post('/api/admin/auth/simple/settings', { disabled: true }).expect(200)).body).toEqual({ disabled: true });
      const refused = await t.http().post('/auth/simple/login').send({ username: 'carol', password: 'Sup3r-secret' }).expect(401);
      expect(refused.body).toEqual({
        id: expect.any(String),
        name: 'AuthenticationRequired',
        message: 'Logging in with username/password has been disabled.',
      });
      await t.http().post('/auth/simple/login').send({ username: 'admin', password: 'unleash4all' }).expect(200);
      const changed = await lastEventOf(t, { type: 'setting-created' });
      expect(changed).toMatchObject({ data: { id: 'unleash.auth.simple', disabled: true } });
      expect((await signIn('ada')).status).toBe(302);
    });

    it("tells a login page without credentials to hide the password form and offer single sign-on, as Unleash's 401 does", async () => {
      const withoutCredentials = await t.http().get('/api/admin/user').expect(401);
      expect(withoutCredentials.body).toEqual({
        id: expect.any(String),
        name: 'AuthenticationRequired',
        message:
          'You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login',
        path: '/auth/simple/login',
        type: 'password',
        defaultHidden: true,
        options: [{ type: 'oidc', message: 'Sign in with OIDC', path: '/auth/oidc/login' }],
      });
      // An API client that sent a header is told nothing of the login page.
      const withHeader = await t.http().get('/api/admin/user').set('Authorization', '*:*.not-a-token').expect(401);
      expect(Object.keys(withHeader.body)).toEqual(['id', 'name', 'message']);
      await admin().post('/api/admin/auth/simple/settings', { disabled: false }).expect(200);
      expect((await t.http().get('/api/admin/user').expect(401)).body).toMatchObject({ defaultHidden: false, options: [{ type: 'oidc' }] });
    });
  });

  describe('a provider that is down', () => {
    const DOWN_MESSAGE = (discoverUrl: string) =>
      new RegExp(
        `^The single sign-on provider at ${discoverUrl.replace(/\./g, '\\.')} could not be reached \\(.*\\)\\. Try again later, or sign in with your username and password\\.$`,
      );

    it('sends the browser back to the login page with a clear message, and password login still works', async () => {
      const closedPort = await new Promise<number>((resolve) => {
        const server = createServer().listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          server.close(() => resolve(port));
        });
      });
      const discoverUrl = `http://127.0.0.1:${closedPort}`;
      await admin()
        .post('/api/admin/auth/oidc/settings', { ...settingsBody(), discoverUrl })
        .expect(200);
      const message = loginPageMessage(await t.http().get('/auth/oidc/login'));
      expect(message).toMatch(DOWN_MESSAGE(discoverUrl));
      expect(message).toContain('ECONNREFUSED');
      await t.http().post('/auth/simple/login').send({ username: 'admin', password: 'unleash4all' }).expect(200);
      await admin().post('/api/admin/auth/oidc/settings', settingsBody()).expect(200);
    });

    it('does not ask a provider found down again for 30 seconds: sign-ins started meanwhile get the same answer at once', async () => {
      const connections: Socket[] = [];
      const down = createTcpServer((socket) => {
        connections.push(socket);
        socket.destroy();
      });
      await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
      const discoverUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
      try {
        await admin()
          .post('/api/admin/auth/oidc/settings', { ...settingsBody(), discoverUrl })
          .expect(200);
        const first = loginPageMessage(await t.http().get('/auth/oidc/login'));
        expect(first).toMatch(DOWN_MESSAGE(discoverUrl));
        expect(connections).toHaveLength(1);
        const again = await Promise.all(Array.from({ length: 20 }, () => t.http().get('/auth/oidc/login')));
        expect(again.map(loginPageMessage)).toEqual(Array(20).fill(first));
        expect(connections).toHaveLength(1);
        await t.http().post('/auth/simple/login').send({ username: 'admin', password: 'unleash4all' }).expect(200);
        t.clock.advance(31_000);
        expect(loginPageMessage(await t.http().get('/auth/oidc/login'))).toMatch(DOWN_MESSAGE(discoverUrl));
        expect(connections).toHaveLength(2);
      } finally {
        await new Promise((resolve) => down.close(resolve));
      }
      // Settings changed are tried at once.
      await admin().post('/api/admin/auth/oidc/settings', settingsBody()).expect(200);
      expect((await t.http().get('/auth/oidc/login')).headers.location).toMatch(new RegExp(`^${provider.issuer}/`));
    });

    it('sends the browser back to the login page when it goes down during the sign-in, and waits before asking it again', async () => {
      const { back, transaction } = await startSignIn('ada');
      await provider.stop();
      try {
        const message = loginPageMessage(await callback(back, transaction));
        expect(message).toMatch(/^The single sign-on provider at http:\/\/127\.0\.0\.1:\d+ could not be reached \(.*\)\. Try again/);
        const failed = await lastEventOf(t, { type: 'user-login-failed' });
        expect(failed).toMatchObject({ data: { method: 'oidc', reason: message } });
        await t.http().post('/auth/simple/login').send({ username: 'admin', password: 'unleash4all' }).expect(200);
      } finally {
        provider = await startTestProvider(CALLBACK, `${PUBLIC_URL}/`, Number(new URL(provider.issuer).port));
      }
      expect(loginPageMessage(await t.http().get('/auth/oidc/login'))).toMatch(/could not be reached/);
      t.clock.advance(31_000);
      expect((await t.http().get('/auth/oidc/login')).headers.location).toMatch(new RegExp(`^${provider.issuer}/`));
    });
  });
});

describe('single sign-on configured by the environment', () => {
  let t: TestApp;
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider(CALLBACK, `${PUBLIC_URL}/`);
    provider.accounts.set('eve', { email: 'eve@example.com', name: 'Eve' });
    t = await createTestApp({
      publicUrl: PUBLIC_URL,
      oidc: {
        enabled: true,
        discoverUrl: `${provider.issuer}/.well-known/openid-configuration`,
        clientId: provider.clientId,
        secret: provider.clientSecret,
        autoCreate: true,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  it('shows the settings masked and refuses to change them', async () => {
    const res = await t.http().get('/api/admin/auth/oidc/settings').set('Authorization', ADMIN_TOKEN).expect(200);
    expect(res.body).toMatchObject({ enabled: true, secret: '********', fromEnvironment: true, defaultRootRole: 'Editor' });
    const refused = await t
      .http()
      .post('/api/admin/auth/oidc/settings')
      .set('Authorization', ADMIN_TOKEN)
      .send({ enabled: false })
      .expect(400);
    expect(refused.body.message).toBe(
      'The OpenID Connect settings come from the environment (OIDC_* variables, or the `sso.oidc` module option) and cannot be changed through the API. Change them there and restart.',
    );
  });

  it('signs people in', async () => {
    provider.signInAs('eve');
    const started = await t.http().get('/auth/oidc/login').expect(302);
    const back = await provider.authorize(started.headers.location as string);
    const res = await t
      .http()
      .get(`${back.pathname}${back.search}`)
      .set('Cookie', cookieNamed(started, 'flagwright-oidc')!.split(';')[0])
      .expect(302);
    const user = (await t.http().get('/api/admin/user').set('Cookie', cookieNamed(res, 'unleash-session')!.split(';')[0]).expect(200)).body
      .user;
    expect(user).toMatchObject({ email: 'eve@example.com', rootRole: 2 });
  });
});
