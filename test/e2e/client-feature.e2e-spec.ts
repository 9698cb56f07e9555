import { seedPerson, seedProject, seedSegment } from '../helpers/seeds.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { ROLE } from '../../src/core/access/permissions.js';
import { admin, createFeature, UUID } from './features.fixtures.js';

/** One flag in the client shape (getClientFeature), with the list's token scope. */
describe('client API: GET /api/client/features/{featureName}', () => {
  let t: TestApp;
  let segmentId: number;
  const one = (name: string, token = CLIENT_TOKEN, spec: string | null = '5.2.0', query = '') => {
    const request = t.http().get(`/api/client/features/${name}${query}`).set('Authorization', token);
    return spec === null ? request : request.set('Unleash-Client-Spec', spec);
  };
  const list = async (token = CLIENT_TOKEN, spec: string | null = '5.2.0', query = '') => {
    const request = t.http().get(`/api/client/features${query}`).set('Authorization', token);
    return (await (spec === null ? request : request.set('Unleash-Client-Spec', spec)).expect(200)).body as {
      features: { name: string }[];
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'other');
    segmentId = await seedSegment(t, 'beta', null, [{ contextName: 'userId', operator: 'IN', values: ['u1'] }]);
    await createFeature(t, 'default', 'shoe', { description: 'a shoe' });
    await admin(t)
      .post('/api/admin/projects/default/features/shoe/environments/development/strategies', {
        name: 'flexibleRollout',
        parameters: { rollout: '40', stickiness: 'default', groupId: 'shoe' },
        constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
        segments: [segmentId],
      })
      .expect(200);
    await admin(t).post('/api/admin/projects/default/features/shoe/environments/development/on').expect(200);
    await createFeature(t, 'default', 'boot');
    await createFeature(t, 'other', 'hidden');
    await createFeature(t, 'default', 'old');
    await admin(t).delete('/api/admin/projects/default/features/old').expect(202);
  });
  afterAll(() => t.close());

  it('answers the flag exactly as the list shows it (200), segments apart for clients of 4.2.0 and later', async () => {
    const res = await one('shoe').expect(200);
    const fromList = (await list()).features.find((f) => f.name === 'shoe');
    expect(res.body).toEqual(fromList);
    expect(res.body).toMatchObject({
      name: 'shoe',
      type: 'release',
      description: 'a shoe',
      project: 'default',
      enabled: true,
      stale: false,
      impressionData: false,
      variants: [],
      strategies: [expect.objectContaining({ name: 'flexibleRollout', segments: [segmentId] })],
    });
  });

  it('inlines the segments’ constraints for older clients and clients without the header, as the list does', async () => {
    for (const spec of [null, '4.1.0']) {
      const res = await one('shoe', CLIENT_TOKEN, spec).expect(200);
      expect(res.body).toEqual((await list(CLIENT_TOKEN, spec)).features.find((f) => f.name === 'shoe'));
      expect(res.body.strategies[0].segments).toBeUndefined();
      expect(res.body.strategies[0].constraints.map((c: { contextName: string }) => c.contextName)).toEqual(['userId', 'appName']);
    }
  });

  it('answers a change at once: it is served from the same snapshot as the list', async () => {
    await admin(t).post('/api/admin/projects/default/features/shoe/environments/development/off').expect(200);
    expect((await one('shoe').expect(200)).body.enabled).toBe(false);
    await admin(t).post('/api/admin/projects/default/features/shoe/environments/development/on').expect(200);
    expect((await one('shoe').expect(200)).body.enabled).toBe(true);
  });

  it('keeps to the token’s scope: 404 for a flag of another project, an archived or unknown one', async () => {
    const foreign = await one('hidden').expect(404);
    expect(foreign.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find feature flag hidden' });
    expect((await one('old').expect(404)).body.message).toBe('Could not find feature flag old');
    expect((await one('ghost').expect(404)).body.message).toBe('Could not find feature flag ghost');
    // ?project= narrows as in the list; ?namePrefix= does not hide the flag named.
    await one('shoe', CLIENT_TOKEN, '5.2.0', '?project=other').expect(404);
    await one('shoe', CLIENT_TOKEN, '5.2.0', '?namePrefix=zzz').expect(200);
  });

  it('lets an admin user pick the environment; answers 400 for an unknown one or a bad client spec', async () => {
    const adminId = await seedPerson(t, { username: 'cf-admin', rootRole: ROLE.ADMIN });
    const cookie = await sessionCookieFor(t, adminId);
    const production = await t.http().get('/api/client/features/shoe?environment=production').set('Cookie', cookie).expect(200);
    expect(production.body.enabled).toBe(false);
    const unknown = await t.http().get('/api/client/features/shoe?environment=nowhere').set('Cookie', cookie).expect(400);
    expect(unknown.body.name).toBe('ValidationError');
    const badSpec = await one('shoe', CLIENT_TOKEN, 'not-a-version').expect(400);
    expect(badSpec.body.details[0].path).toBe('/headers/unleash-client-spec');
  });

  it('answers 401 without credentials, 403 for admin and frontend tokens and non-admin users', async () => {
    expect((await t.http().get('/api/client/features/shoe').expect(401)).body.name).toBe('AuthenticationRequired');
    for (const token of [ADMIN_TOKEN, FRONTEND_TOKEN]) expect((await one('shoe', token).expect(403)).body.name).toBe('NoAccessError');
    const viewerId = await seedPerson(t, { username: 'cf-viewer', rootRole: ROLE.VIEWER });
    await t
      .http()
      .get('/api/client/features/shoe')
      .set('Cookie', await sessionCookieFor(t, viewerId))
      .expect(403);
  });
});
