import { seedConfiguredFeature, seedDependency, seedPerson, seedProject, seedSegment, seedStrategy } from '../helpers/seeds.js';
import {
  ADMIN_TOKEN,
  adminUserToken,
  CLIENT_TOKEN,
  createTestApp,
  FRONTEND_TOKEN,
  sessionCookieFor,
  type TestApp,
} from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('client API: GET /api/client/features', () => {
  let t: TestApp;
  let segmentId: number;
  let rolloutId: string;
  let defaultId: string;
  let productionId: string;
  let betaProductionId: string;
  let omegaId: string;
  const blue = { name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'b' } };

  async function createToken(body: object): Promise<string> {
    const res = await t.http().post('/api/admin/api-tokens').set('Authorization', ADMIN_TOKEN).send(body).expect(201);
    return res.body.secret;
  }

  // As today's SDKs call it: segments apart (client specification 4.2.0 and later).
  const features = (token: string, query = '') =>
    t.http().get(`/api/client/features${query}`).set('Authorization', token).set('Unleash-Client-Spec', '5.2.0');
  const names = (body: { features: { name: string }[] }) => body.features.map((f) => f.name);

  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'other');
    segmentId = await seedSegment(t, 'beta-users', null, [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2'] }]);
    await seedSegment(t, 'unused', null, [{ contextName: 'userId', operator: 'IN', values: ['nobody'] }]);

    await seedConfiguredFeature(t, {
      name: 'alpha',
      description: 'first',
      impressionData: true,
      environments: { development: { enabled: true, variants: [blue] }, production: { enabled: false } },
    });
    rolloutId = await seedStrategy(t, {
      feature: 'alpha',
      name: 'flexibleRollout',
      title: 'Half',
      parameters: { rollout: '50', stickiness: 'userId', groupId: 'alpha' },
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
      segments: [segmentId],
      sortOrder: 0,
    });
    await seedStrategy(t, { feature: 'alpha', disabled: true, sortOrder: 1 });
    defaultId = await seedStrategy(t, { feature: 'alpha', sortOrder: 2 });
    productionId = await seedStrategy(t, { feature: 'alpha', environment: 'production' });

    await seedConfiguredFeature(t, {
      name: 'beta',
      stale: true,
      type: 'kill-switch',
      environments: { development: { enabled: false }, production: { enabled: true } },
    });
    betaProductionId = await seedStrategy(t, { feature: 'beta', environment: 'production' });

    await seedConfiguredFeature(t, { name: 'gamma', archived: true, environments: { development: { enabled: true } } });
    await seedStrategy(t, { feature: 'gamma' });

    await seedConfiguredFeature(t, { name: 'delta', environments: { development: { enabled: true } } });
    await seedDependency(t, 'delta', 'alpha', true, ['blue']);

    await seedConfiguredFeature(t, { name: 'omega', project: 'other', environments: { development: { enabled: true } } });
    omegaId = await seedStrategy(t, { feature: 'omega', project: 'other' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a client token with its environment's configuration of its project's active features", async () => {
    const res = await features(CLIENT_TOKEN).expect(200);
    expect(res.body).toEqual({
      version: 2,
      features: [
        {
          name: 'alpha',
          type: 'release',
          description: 'first',
          project: 'default',
          enabled: true,
          stale: false,
          impressionData: true,
          strategies: [
            {
              id: rolloutId,
              name: 'flexibleRollout',
              title: 'Half',
              constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'], caseInsensitive: false, inverted: false }],
              parameters: { rollout: '50', stickiness: 'userId', groupId: 'alpha' },
              variants: [],
              segments: [segmentId],
              sortOrder: 0,
              disabled: false,
            },
            { id: defaultId, name: 'default', constraints: [], parameters: {}, variants: [], segments: [], sortOrder: 2, disabled: false },
          ],
          variants: [blue],
        },
        {
          name: 'beta',
          type: 'kill-switch',
          description: null,
          project: 'default',
          enabled: false,
          stale: true,
          impressionData: false,
          strategies: [],
          variants: [],
        },
        {
          name: 'delta',
          type: 'release',
          description: null,
          project: 'default',
          enabled: true,
          stale: false,
          impressionData: false,
          strategies: [],
          variants: [],
          dependencies: [{ feature: 'alpha', enabled: true, variants: ['blue'] }],
        },
      ],
      segments: [
        {
          id: segmentId,
          name: 'beta-users',
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2'], caseInsensitive: false, inverted: false }],
        },
      ],
      query: { environment: 'development', project: ['default'] },
    });
  });

  it('answers a production token with the production configuration', async () => {
    const token = await createToken({ tokenName: 'prod-sdk', type: 'backend', environment: 'production', project: 'default' });
    const res = await features(token).expect(200);
    expect(res.body.query).toEqual({ environment: 'production', project: ['default'] });
    expect(res.body.segments).toEqual([]);
    const byName = Object.fromEntries(res.body.features.map((f: { name: string }) => [f.name, f]));
    expect(Object.keys(byName)).toEqual(['alpha', 'beta', 'delta']);
    expect(byName.alpha).toMatchObject({ enabled: false, variants: [], strategies: [{ id: productionId, name: 'default' }] });
    expect(byName.beta).toMatchObject({ enabled: true, strategies: [{ id: betaProductionId }] });
    expect(byName.delta).toMatchObject({ enabled: false, strategies: [] });
  });

  it('limits a token to its projects; an all-projects token sees every project', async () => {
    const several = await createToken({ tokenName: 'both', type: 'client', environment: 'development', projects: ['default', 'other'] });
    expect(several).toMatch(/^\[\]:development\./);
    expect(names((await features(several).expect(200)).body)).toEqual(['alpha', 'beta', 'delta', 'omega']);

    const onlyOther = await createToken({ tokenName: 'other', type: 'client', environment: 'development', project: 'other' });
    const other = await features(onlyOther).expect(200);
    expect(other.body.features).toEqual([
      {
        name: 'omega',
        type: 'release',
        description: null,
        project: 'other',
        enabled: true,
        stale: false,
        impressionData: false,
        strategies: [
          { id: omegaId, name: 'default', constraints: [], parameters: {}, variants: [], segments: [], sortOrder: 0, disabled: false },
        ],
        variants: [],
      },
    ]);

    const all = await createToken({ tokenName: 'all', type: 'client', environment: 'development' });
    expect(all).toMatch(/^\*:development\./);
    const res = await features(all).expect(200);
    expect(names(res.body)).toEqual(['alpha', 'beta', 'delta', 'omega']);
    expect(res.body.query).toEqual({ environment: 'development' });
  });

  it('narrows by ?project= and ?namePrefix= but never widens', async () => {
    const all = await createToken({ tokenName: 'all-2', type: 'client', environment: 'development' });
    const narrowed = await features(all, '?project=other').expect(200);
    expect(names(narrowed.body)).toEqual(['omega']);
    expect(narrowed.body.query).toEqual({ environment: 'development', project: ['other'] });
    expect(names((await features(all, '?project=other&project=default').expect(200)).body)).toEqual(['alpha', 'beta', 'delta', 'omega']);

    const widened = await features(CLIENT_TOKEN, '?project=other').expect(200);
    expect(widened.body.features).toEqual([]);
    expect(widened.body.query).toEqual({ environment: 'development', project: [] });

    const prefixed = await features(all, '?namePrefix=al').expect(200);
    expect(names(prefixed.body)).toEqual(['alpha']);
    expect(prefixed.body.query).toEqual({ environment: 'development', namePrefix: 'al' });
    expect(names((await features(all, '?namePrefix=AL').expect(200)).body)).toEqual([]);
  });

  it('keeps a client token to its own environment whatever ?environment= says, and ignores unknown parameters', async () => {
    const res = await features(CLIENT_TOKEN, '?environment=production&tag=simple:x&inlineSegmentConstraints=true').expect(200);
    expect(res.body.query).toEqual({ environment: 'development', project: ['default'] });
  });

  it('lets an admin user choose the environment (development by default); admin API tokens are refused', async () => {
    const admin = await adminUserToken(t);
    const refused = await features(ADMIN_TOKEN).expect(403);
    expect(refused.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NoAccessError',
      message: expect.stringContaining('expected a different token type'),
    });
    const byDefault = await features(admin).expect(200);
    expect(byDefault.body.query).toEqual({ environment: 'development' });
    expect(names(byDefault.body)).toEqual(['alpha', 'beta', 'delta', 'omega']);
    const production = await features(admin, '?environment=production').expect(200);
    expect(production.body.query).toEqual({ environment: 'production' });
    expect(production.body.features.find((f: { name: string }) => f.name === 'beta').enabled).toBe(true);

    const unknown = await features(admin, '?environment=staging').expect(400);
    expect(unknown.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'ValidationError',
      message: 'The `/query/environment` property must name an existing environment. There is no environment named "staging".',
      details: [
        {
          path: '/query/environment',
          message: 'The `/query/environment` property must name an existing environment. There is no environment named "staging".',
        },
      ],
    });

    const cookie = await sessionCookieFor(t, 1);
    await t.http().get('/api/client/features').set('Cookie', cookie).expect(200);
  });

  it('answers 401 without credentials or with an unknown token, 403 for a frontend token or a non-admin user', async () => {
    const none = await t.http().get('/api/client/features').expect(401);
    expect(none.body.name).toBe('AuthenticationRequired');
    await features('default:development.unknown-secret').expect(401);
    const frontend = await features(FRONTEND_TOKEN).expect(403);
    expect(frontend.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NoAccessError',
      message: expect.stringContaining('expected a different token type'),
    });

    await t
      .http()
      .get('/api/client/features')
      .set('Cookie', await sessionCookieFor(t, await seedPerson(t, { username: 'client-viewer' })))
      .expect(403);
  });

  it('answers a token whose projects are all narrowed away with no features', async () => {
    const token = await createToken({ tokenName: 'default-only', type: 'client', environment: 'development', project: 'default' });
    const res = await features(token, '?project=nothing').expect(200);
    expect(res.body).toEqual({ version: 2, features: [], segments: [], query: { environment: 'development', project: [] } });
  });
});
