import { ROLE } from '../../src/core/access/permissions.js';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';
import { strategiesUrl } from './strategies.fixtures.js';

const PLAYGROUND = '/api/admin/playground';
const ADVANCED = '/api/admin/playground/advanced';

describe('playground', () => {
  let t: TestApp;
  let rolloutId: string;
  let customId: string;
  let segmentId: number;

  beforeAll(async () => {
    t = await createTestApp({ playgroundEvaluationLimit: 12 });
    await createProject(t, 'pg');
    segmentId = (
      await admin(t)
        .post('/api/admin/segments', {
          name: 'beta-users',
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2'], inverted: false, caseInsensitive: false }],
        })
        .expect(201)
    ).body.id;
    await createFeature(t, 'pg', 'pg-constrained');
    rolloutId = (
      await admin(t)
        .post(strategiesUrl('pg', 'pg-constrained', 'development'), {
          name: 'flexibleRollout',
          parameters: { rollout: '100', stickiness: 'default', groupId: 'pg-constrained' },
          constraints: [{ contextName: 'country', operator: 'IN', values: ['NO'], inverted: false, caseInsensitive: false }],
          segments: [segmentId],
        })
        .expect(200)
    ).body.id;
    await admin(t).post('/api/admin/projects/pg/features/pg-constrained/environments/development/on').expect(200);
    await createFeature(t, 'pg', 'pg-custom');
    await admin(t).post('/api/admin/strategies', { name: 'my-custom', parameters: [] }).expect(201);
    customId = (
      await admin(t)
        .post(strategiesUrl('pg', 'pg-custom', 'development'), { name: 'my-custom', parameters: {} })
        .expect(200)
    ).body.id;
    await admin(t).post('/api/admin/projects/pg/features/pg-custom/environments/development/on').expect(200);
    await createFeature(t, 'pg', 'pg-off');
  });
  afterAll(async () => {
    await t.close();
  });

  const flag = (body: { features: { name: string }[] }, name: string) => body.features.find((feature) => feature.name === name);

  it("answers each flag's result with each strategy's, constraint's and segment's own, echoing the input", async () => {
    const input = {
      environment: 'development',
      projects: ['pg'],
      context: { appName: 'web', userId: 'u1', properties: { country: 'NO' } },
    };
    const res = await admin(t).post(PLAYGROUND, input).expect(200);
    expect(res.body.input).toEqual(input);
    expect(res.body.features.map((feature: { name: string }) => feature.name)).toEqual(['pg-constrained', 'pg-custom', 'pg-off']);
    expect(flag(res.body, 'pg-constrained')).toEqual({
      name: 'pg-constrained',
      projectId: 'pg',
      isEnabled: true,
      isEnabledInCurrentEnvironment: true,
      hasUnsatisfiedDependency: false,
      variant: { name: 'disabled', enabled: false, feature_enabled: true, featureEnabled: true },
      variants: [],
      strategies: {
        result: true,
        data: [
          {
            id: rolloutId,
            name: 'flexibleRollout',
            disabled: false,
            parameters: { rollout: '100', stickiness: 'default', groupId: 'pg-constrained' },
            result: { evaluationStatus: 'complete', enabled: true },
            constraints: [
              { contextName: 'country', operator: 'IN', values: ['NO'], inverted: false, caseInsensitive: false, result: true },
            ],
            segments: [
              {
                id: segmentId,
                name: 'beta-users',
                result: true,
                constraints: [
                  { contextName: 'userId', operator: 'IN', values: ['u1', 'u2'], inverted: false, caseInsensitive: false, result: true },
                ],
              },
            ],
            links: { edit: `/projects/pg/features/pg-constrained/strategies/edit?environmentId=development&strategyId=${rolloutId}` },
          },
        ],
      },
    });
    expect(flag(res.body, 'pg-custom')).toMatchObject({
      isEnabled: false,
      isEnabledInCurrentEnvironment: true,
      strategies: {
        result: 'unknown',
        data: [{ id: customId, name: 'my-custom', result: { evaluationStatus: 'incomplete', enabled: 'unknown' } }],
      },
      variant: { name: 'disabled', enabled: false, feature_enabled: false, featureEnabled: false },
    });
    expect(flag(res.body, 'pg-off')).toEqual({
      name: 'pg-off',
      projectId: 'pg',
      isEnabled: false,
      isEnabledInCurrentEnvironment: false,
      hasUnsatisfiedDependency: false,
      variant: { name: 'disabled', enabled: false, feature_enabled: false, featureEnabled: false },
      variants: [],
      strategies: { result: false, data: [] },
    });
  });

  it('names the constraint and segment that fail, and agrees with /api/frontend for the same context', async () => {
    const context = { appName: 'web', userId: 'u9', country: 'SE' };
    const res = await admin(t).post(PLAYGROUND, { environment: 'development', context }).expect(200);
    const constrained = flag(res.body, 'pg-constrained') as unknown as {
      isEnabled: boolean;
      strategies: { result: boolean; data: { result: unknown; constraints: { result: boolean }[]; segments: { result: boolean }[] }[] };
    };
    expect(constrained.isEnabled).toBe(false);
    expect(constrained.strategies.result).toBe(false);
    expect(constrained.strategies.data[0].result).toEqual({ evaluationStatus: 'complete', enabled: false });
    expect(constrained.strategies.data[0].constraints[0].result).toBe(false);
    expect(constrained.strategies.data[0].segments[0].result).toBe(false);
    expect(flag(res.body, 'pg-custom')).toMatchObject({ strategies: { result: 'unknown' }, isEnabled: false });

    const enabledHere = (body: { features: { name: string; projectId: string; isEnabled: boolean }[] }) =>
      body.features.filter((feature) => feature.isEnabled && feature.projectId === 'pg').map((feature) => feature.name);
    const person = await userWithRole(t, 'pg-admin', ROLE.ADMIN);
    for (const userId of ['u1', 'u9']) {
      const playground = await admin(t).post(PLAYGROUND, {
        environment: 'development',
        context: { appName: 'web', userId, country: 'NO' },
      });
      const frontend = await t
        .http()
        .get(`/api/frontend?userId=${userId}&country=NO&environment=development`)
        .set('Cookie', person.cookie)
        .expect(200);
      expect(enabledHere(playground.body)).toEqual(
        frontend.body.toggles.map((toggle: { name: string }) => toggle.name).filter((name: string) => name.startsWith('pg-')),
      );
    }
  });

  it('lists a disabled strategy in sort order as Unleash does: unevaluated, unknown, its constraints and segment checked', async () => {
    await createProject(t, 'pgd');
    const onlyHere = (
      await admin(t)
        .post('/api/admin/segments', {
          name: 'pgd-segment',
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'], inverted: false, caseInsensitive: false }],
        })
        .expect(201)
    ).body.id;
    await createFeature(t, 'pgd', 'pgd-mixed');
    const url = strategiesUrl('pgd', 'pgd-mixed', 'development');
    const offId = (
      await admin(t)
        .post(url, { name: 'flexibleRollout', parameters: { rollout: '0', stickiness: 'default', groupId: 'g' }, sortOrder: 0 })
        .expect(200)
    ).body.id;
    const disabledId = (
      await admin(t)
        .post(url, {
          name: 'default',
          disabled: true,
          sortOrder: 1,
          constraints: [{ contextName: 'country', operator: 'IN', values: ['NO'], inverted: false, caseInsensitive: false }],
          segments: [onlyHere],
        })
        .expect(200)
    ).body.id;
    await admin(t).post('/api/admin/projects/pgd/features/pgd-mixed/environments/development/on').expect(200);
    const input = { environment: 'development', projects: ['pgd'], context: { appName: 'web', userId: 'u1', country: 'SE' } };
    const res = await admin(t).post(PLAYGROUND, input).expect(200);
    const edit = (id: string) => `/projects/pgd/features/pgd-mixed/strategies/edit?environmentId=development&strategyId=${id}`;
    expect(res.body.features).toEqual([
      {
        name: 'pgd-mixed',
        projectId: 'pgd',
        isEnabled: false,
        isEnabledInCurrentEnvironment: true,
        hasUnsatisfiedDependency: false,
        variant: { name: 'disabled', enabled: false, feature_enabled: false, featureEnabled: false },
        variants: [],
        strategies: {
          result: 'unknown',
          data: [
            {
              id: offId,
              name: 'flexibleRollout',
              disabled: false,
              parameters: { rollout: '0', stickiness: 'default', groupId: 'g' },
              result: { evaluationStatus: 'complete', enabled: false },
              constraints: [],
              segments: [],
              links: { edit: edit(offId) },
            },
            {
              id: disabledId,
              name: 'default',
              disabled: true,
              parameters: {},
              result: { evaluationStatus: 'unevaluated', enabled: 'unknown' },
              constraints: [
                { contextName: 'country', operator: 'IN', values: ['NO'], inverted: false, caseInsensitive: false, result: false },
              ],
              segments: [
                {
                  id: onlyHere,
                  name: 'pgd-segment',
                  result: true,
                  constraints: [
                    { contextName: 'userId', operator: 'IN', values: ['u1'], inverted: false, caseInsensitive: false, result: true },
                  ],
                },
              ],
              links: { edit: edit(disabledId) },
            },
          ],
        },
      },
    ]);

    // An enabled strategy that is on decides the flag; the disabled one is still listed, unevaluated.
    await admin(t)
      .put(`${url}/${offId}`, { name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: 'g' } })
      .expect(200);
    const on = await admin(t)
      .post(ADVANCED, { environments: ['development'], projects: ['pgd'], context: { appName: 'web' } })
      .expect(200);
    const [evaluated] = on.body.features[0].environments.development;
    expect(evaluated).toMatchObject({ isEnabled: true, strategies: { result: true } });
    expect(
      evaluated.strategies.data.map((strategy: { disabled: boolean; result: unknown }) => [strategy.disabled, strategy.result]),
    ).toEqual([
      [false, { evaluationStatus: 'complete', enabled: true }],
      [true, { evaluationStatus: 'unevaluated', enabled: 'unknown' }],
    ]);
  });

  it('evaluates every combination of comma-separated values in every environment (advanced)', async () => {
    const input = { environments: ['development', 'production'], projects: ['pg'], context: { appName: 'web', userId: 'u1,u9' } };
    const res = await admin(t).post(ADVANCED, input).expect(200);
    expect(res.body.input).toEqual(input);
    const constrained = res.body.features.find((feature: { name: string }) => feature.name === 'pg-constrained');
    expect(Object.keys(constrained.environments)).toEqual(['development', 'production']);
    expect(
      constrained.environments.development.map((entry: { context: object; isEnabled: boolean }) => [entry.context, entry.isEnabled]),
    ).toEqual([
      [{ appName: 'web', userId: 'u1' }, false],
      [{ appName: 'web', userId: 'u9' }, false],
    ]);
    expect(constrained.environments.production[0]).toMatchObject({
      name: 'pg-constrained',
      environment: 'production',
      projectId: 'pg',
      isEnabledInCurrentEnvironment: false,
      variant: { name: 'disabled', enabled: false, feature_enabled: false },
    });
    expect(constrained.environments.production[0].variant).not.toHaveProperty('featureEnabled');
    const withCountry = await admin(t)
      .post(ADVANCED, {
        environments: ['development'],
        projects: ['pg'],
        context: { appName: 'web', userId: 'u1,u9', properties: { country: 'NO' } },
      })
      .expect(200);
    const entries = withCountry.body.features.find((feature: { name: string }) => feature.name === 'pg-constrained').environments
      .development;
    expect(entries.map((entry: { context: object; isEnabled: boolean }) => [entry.context, entry.isEnabled])).toEqual([
      [{ country: 'NO', appName: 'web', userId: 'u1' }, true],
      [{ country: 'NO', appName: 'web', userId: 'u9' }, false],
    ]);
  });

  it('refuses more evaluations than the configured limit with 400, naming the counts', async () => {
    const res = await admin(t)
      .post(ADVANCED, { environments: ['development', 'production'], projects: ['pg'], context: { appName: 'web', userId: 'a,b,c' } })
      .expect(400);
    const message =
      'Rejecting evaluation as it would generate 18 combinations exceeding 12 limit. Please reduce the number of selected environments (2), features (3), context field combinations (3).';
    expect(res.body).toEqual({ id: expect.stringMatching(UUID), name: 'ValidationError', message, details: [{ message }] });
  });

  it('answers 400 naming each offending property', async () => {
    const missing = await admin(t)
      .post(PLAYGROUND, { context: { userId: 5, properties: { tier: 1 } } })
      .expect(400);
    expect(missing.body.details.map((detail: { path: string }) => detail.path)).toEqual([
      '/body/environment',
      '/body/context/appName',
      '/body/context/userId',
      '/body/context/properties/tier',
    ]);
    const badTime = await admin(t)
      .post(PLAYGROUND, { environment: 'development', context: { appName: 'a', currentTime: 'soon' } })
      .expect(400);
    expect(badTime.body.details).toEqual([
      {
        path: '/body/context/currentTime',
        message: 'The `/body/context/currentTime` property must be a date-time such as 2026-11-28T12:00:00.000Z. You sent "soon".',
      },
    ]);
    const noContext = await admin(t).post(PLAYGROUND, { environment: 'development', projects: 'pg' }).expect(400);
    expect(noContext.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/body/projects', '/body/context']);
    const noEnvironments = await admin(t)
      .post(ADVANCED, { environments: [], context: { appName: 'a' } })
      .expect(400);
    expect(noEnvironments.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/body/environments']);
  });

  it('needs an authenticated admin caller: 401 without one, 403 for a client token', async () => {
    await t
      .http()
      .post(PLAYGROUND)
      .send({ environment: 'development', context: { appName: 'a' } })
      .expect(401);
    await t
      .http()
      .post(PLAYGROUND)
      .set('Authorization', CLIENT_TOKEN)
      .send({ environment: 'development', context: { appName: 'a' } })
      .expect(403);
  });
});
