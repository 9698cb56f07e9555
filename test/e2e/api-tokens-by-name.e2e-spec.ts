import { ROLE } from '../../src/core/access/permissions.js';
import { seedPerson, seedRootRole } from '../helpers/seeds.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { UUID } from './features.fixtures.js';

/** GET /api/admin/api-tokens/{name} (getApiTokensByName): names are not unique, so the answer is a list. */
describe('API tokens by name', () => {
  let t: TestApp;
  const create = async (body: object) =>
    (await t.http().post('/api/admin/api-tokens').set('Authorization', ADMIN_TOKEN).send(body).expect(201)).body as {
      id: number;
      secret: string;
      createdAt: string;
    };
  const byName = (name: string) => t.http().get(`/api/admin/api-tokens/${encodeURIComponent(name)}`);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every token of the name, without secrets, as the full list shows them (200)', async () => {
    const client = await create({ tokenName: 'shop app', type: 'client', environment: 'development', projects: ['default'] });
    const frontend = await create({ tokenName: 'shop app', type: 'frontend', environment: 'production', projects: ['default'] });
    await create({ tokenName: 'shop', type: 'client', environment: 'development', projects: ['default'] });
    const res = await byName('shop app').set('Authorization', ADMIN_TOKEN).expect(200);
    const all = (await t.http().get('/api/admin/api-tokens').set('Authorization', ADMIN_TOKEN).expect(200)).body.tokens as { id: number }[];
    expect(res.body).toEqual({ tokens: all.filter((token) => token.id === client.id || token.id === frontend.id) });
    expect(res.body.tokens).toEqual([
      expect.objectContaining({ id: client.id, tokenName: 'shop app', type: 'client', secretPrefix: 'default:development.' }),
      expect.objectContaining({ id: frontend.id, tokenName: 'shop app', type: 'frontend', secretPrefix: 'default:production.' }),
    ]);
    for (const token of res.body.tokens) expect(token).not.toHaveProperty('secret');
    expect(JSON.stringify(res.body)).not.toContain(client.secret.split('.')[1]);
  });

  it('answers an empty list for a name no token has', async () => {
    expect((await byName('nobody').set('Authorization', ADMIN_TOKEN).expect(200)).body).toEqual({ tokens: [] });
  });

  it('shows each caller only the token types it may see', async () => {
    const makerId = await seedPerson(t, {
      username: 'frontend-reader',
      rootRole: await seedRootRole(t, 'Frontend reader', ['READ_FRONTEND_API_TOKEN']),
    });
    const res = await byName('shop app')
      .set('Cookie', await sessionCookieFor(t, makerId))
      .expect(200);
    expect(res.body.tokens.map((token: { type: string }) => token.type)).toEqual(['frontend']);
  });

  it('answers 401 without credentials, 403 to a Viewer naming the permissions and to a client token', async () => {
    expect((await byName('shop app').expect(401)).body.name).toBe('AuthenticationRequired');
    const viewerId = await seedPerson(t, { username: 'token-viewer', rootRole: ROLE.VIEWER });
    const refused = await byName('shop app')
      .set('Cookie', await sessionCookieFor(t, viewerId))
      .expect(403);
    expect(refused.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NoAccessError',
      message: expect.stringMatching(/^You don't have the required permissions to perform this operation\. .*"READ_CLIENT_API_TOKEN"/),
    });
    expect((await byName('shop app').set('Authorization', CLIENT_TOKEN).expect(403)).body.name).toBe('NoAccessError');
  });
});
