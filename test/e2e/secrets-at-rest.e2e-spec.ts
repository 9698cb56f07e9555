import { databaseSchema } from '../helpers/database-schema.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 14, item 6: after a realistic session (logins, failed logins, tokens of every kind, their use, password
 * changes, logout) with logging on at debug, no secret that was used is in any column of any table, nor in any log
 * line, in plain text.
 */
describe('secrets at rest and in logs', () => {
  let t: TestApp;
  const logs: string[] = [];
  /** Every secret the session used: token secrets, passwords, session cookies and their ids. */
  const secrets = new Set<string>([ADMIN_TOKEN, CLIENT_TOKEN, FRONTEND_TOKEN]);
  const expiresAt = '2099-01-01T00:00:00.000Z';

  beforeAll(async () => {
    t = await createTestApp({}, undefined, logs);
  });
  afterAll(() => t.close());

  /** The session cookie a login answered, its value kept as a secret (raw, decoded and its id alone). */
  const login = async (username: string, password: string, status = 200) => {
    secrets.add(password);
    const res = await t.http().post('/auth/simple/login').send({ username, password }).expect(status);
    if (status !== 200) return '';
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    const value = cookie.slice(cookie.indexOf('=') + 1);
    const decoded = decodeURIComponent(value);
    secrets
      .add(value)
      .add(decoded)
      .add(decoded.slice(2, decoded.lastIndexOf('.')));
    return cookie;
  };
  const secretOf = (res: { body: { secret: string } }) => {
    secrets.add(res.body.secret).add(res.body.secret.slice(res.body.secret.indexOf('.') + 1));
    return res.body.secret;
  };

  it('leaves no token secret, password, session id or cookie in plain text in the database or the logs', async () => {
    const admin = await login('admin', 'unleash4all');
    await login('admin', 'Wrong-Guess-4242', 401);
    const asAdmin = (method: 'post' | 'get', url: string, body?: object) => t.http()[method](url).set('Cookie', admin).send(body);

    const apiTokens: string[] = [];
    for (const type of ['client', 'backend', 'frontend', 'admin']) {
      const environment = type === 'admin' ? '*' : 'development';
      const res = await asAdmin('post', '/api/admin/api-tokens', {
        tokenName: `secret-${type}`,
        type,
        environment,
        projects: ['*'],
      }).expect(201);
      apiTokens.push(secretOf(res));
    }
    const pat = secretOf(await asAdmin('post', '/api/admin/user/tokens', { description: 'laptop', expiresAt }).expect(201));
    const account = await asAdmin('post', '/api/admin/service-account', { username: 'deployer', name: 'Deployer', rootRole: 2 }).expect(
      201,
    );
    const accountToken = secretOf(
      await asAdmin('post', `/api/admin/service-account/${account.body.id}/token`, { description: 'ci', expiresAt }).expect(201),
    );

    const user = await asAdmin('post', '/api/admin/user-admin', { username: 'ada', password: 'Analytical-Engine-1', rootRole: 2 }).expect(
      201,
    );
    secrets.add('Analytical-Engine-1').add('Difference-Engine-2').add('Jacquard-Loom-3!');
    await asAdmin('post', `/api/admin/user-admin/${user.body.id}/change-password`, { password: 'Difference-Engine-2' }).expect(200);
    const ada = await login('ada', 'Difference-Engine-2');
    await t
      .http()
      .post('/api/admin/user/change-password')
      .set('Cookie', ada)
      .send({ password: 'Jacquard-Loom-3!', confirmPassword: 'Jacquard-Loom-3!', oldPassword: 'Difference-Engine-2' })
      .expect(200);
    await login('ada', 'Analytical-Engine-1', 401);
    const adaAgain = await login('ada', 'Jacquard-Loom-3!');
    await t.http().get('/api/admin/user').set('Cookie', adaAgain).expect(200);
    await t.http().post('/logout').set('Cookie', adaAgain).expect(200);
    await t.http().get('/api/admin/user').set('Cookie', adaAgain).expect(401);

    // Every credential used as SDKs and scripts use them, with and without "Bearer", and one that is unknown.
    for (const token of [ADMIN_TOKEN, pat, accountToken, apiTokens[3]]) {
      await t.http().get('/api/admin/projects').set('Authorization', token).expect(200);
      await t.http().get('/api/admin/projects').set('Authorization', `Bearer ${token}`).expect(200);
    }
    for (const token of [CLIENT_TOKEN, apiTokens[0], apiTokens[1]])
      await t.http().get('/api/client/features').set('Authorization', token).expect(200);
    for (const token of [FRONTEND_TOKEN, apiTokens[2]]) await t.http().get('/api/frontend').set('Authorization', token).expect(200);
    const unknown = 'default:development.never-issued-secret-0123456789';
    secrets.add(unknown);
    await t.http().get('/api/client/features').set('Authorization', unknown).expect(401);
    await t.http().get('/api/admin/projects').set('Authorization', CLIENT_TOKEN).expect(403);

    const schema = await databaseSchema(t.db);
    const stored: string[] = [];
    for (const table of Object.keys(schema)) {
      for (const row of await t.db.query(`SELECT * FROM "${table}"`)) stored.push(`${table}: ${JSON.stringify(row)}`);
    }
    // The scan can fail: what it looks for is there to be found (the logs hold the session's requests).
    expect(stored.some((row) => row.startsWith('flagwright_users: ') && row.includes('"ada"'))).toBe(true);
    expect(logs.some((line) => line.includes('/api/admin/user-admin'))).toBe(true);
    const leaks = [...secrets].flatMap((secret) =>
      [...stored.filter((row) => row.includes(secret)), ...logs.filter((line) => line.includes(secret))].map(
        (where) => `${secret} in ${where.slice(0, 300)}`,
      ),
    );
    expect(leaks).toEqual([]);
  });
});
