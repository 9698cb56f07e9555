import { seedPerson } from '../helpers/seeds.js';
import { ADMIN_TOKEN, createTestApp, FRONTEND_TOKEN, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { UUID } from './strategies.fixtures.js';

const APP = 'https://app.example.com';

/** CORS of the frontend API, as Unleash serves it: `*` by default, origins kept by the admin API; the admin API stays same-origin. */
describe('frontend API CORS', () => {
  let t: TestApp;
  const setCors = (frontendApiOrigins: unknown) =>
    t.http().post('/api/admin/ui-config/cors').set('Authorization', ADMIN_TOKEN).send({ frontendApiOrigins });
  const preflight = (path: string, origin = APP) =>
    t
      .http()
      .options(path)
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers preflights and requests from any origin by default, refusals included', async () => {
    for (const path of ['/api/frontend', '/api/frontend/client/metrics', '/api/frontend/client/register']) {
      const res = await preflight(path).expect(204);
      expect(res.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
        'access-control-allow-headers': 'authorization,content-type',
        'access-control-max-age': '86400',
        vary: 'Origin',
      });
    }
    const ok = await t.http().get('/api/frontend').set('Origin', APP).set('Authorization', FRONTEND_TOKEN).expect(200);
    expect(ok.headers).toMatchObject({ 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' });
    const refused = await t.http().get('/api/frontend').set('Origin', APP).expect(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    // A server-side SDK sends no Origin: no CORS headers.
    const server = await t.http().get('/api/frontend').set('Authorization', FRONTEND_TOKEN).expect(200);
    expect(server.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps the admin API same-origin', async () => {
    const res = await t.http().get('/api/admin/projects').set('Origin', APP).set('Authorization', ADMIN_TOKEN).expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    await t.http().options('/api/admin/projects').set('Origin', APP).set('Access-Control-Request-Method', 'GET').expect(404);
  });

  it('answers only the origins an admin sets, records the setting and shows it in ui-config', async () => {
    await setCors([APP, 'http://localhost:3000']).expect(204);
    const allowed = await preflight('/api/frontend').expect(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(APP);
    const other = await preflight('/api/frontend', 'https://evil.example.com').expect(204);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers.vary).toBe('Origin');
    const get = await t.http().get('/api/frontend').set('Origin', 'http://localhost:3000').set('Authorization', FRONTEND_TOKEN).expect(200);
    expect(get.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const config = await t.http().get('/api/admin/ui-config').set('Authorization', ADMIN_TOKEN).expect(200);
    expect(config.body.frontendApiOrigins).toEqual([APP, 'http://localhost:3000']);
    await setCors(['*']).expect(204);
    expect((await preflight('/api/frontend', 'https://evil.example.com').expect(204)).headers['access-control-allow-origin']).toBe('*');
    const events = (await t.http().get('/api/admin/events?limit=1000').set('Authorization', ADMIN_TOKEN).expect(200)).body.events as {
      type: string;
      data: unknown;
      preData: unknown;
    }[];
    const settings = events.filter((event) => event.type.startsWith('setting-')).reverse();
    expect(settings).toEqual([
      expect.objectContaining({
        type: 'setting-created',
        data: { id: 'unleash.frontend', frontendApiOrigins: [APP, 'http://localhost:3000'] },
        preData: null,
      }),
      expect.objectContaining({
        type: 'setting-updated',
        data: { id: 'unleash.frontend', frontendApiOrigins: ['*'] },
        preData: { frontendApiOrigins: [APP, 'http://localhost:3000'] },
      }),
    ]);
  });

  it('refuses what is not an origin, naming it, and needs ADMIN or UPDATE_CORS', async () => {
    const res = await setCors(['*', 'https://app.example.com/path', 'nope']).expect(400);
    expect(res.body.details.map((detail: { path: string }) => detail.path)).toEqual([
      '/body/frontendApiOrigins/1',
      '/body/frontendApiOrigins/2',
    ]);
    expect((await setCors('x').expect(400)).body.details[0].path).toBe('/body/frontendApiOrigins');
    const cookie = await sessionCookieFor(t, await seedPerson(t, { username: 'cors-viewer' }));
    const refused = await t
      .http()
      .post('/api/admin/ui-config/cors')
      .set('Cookie', cookie)
      .send({ frontendApiOrigins: ['*'] })
      .expect(403);
    expect(refused.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NoAccessError',
      message:
        'You don\'t have the required permissions to perform this operation. To perform this action, you need one of the following permissions: "ADMIN", "UPDATE_CORS".',
    });
  });
});
