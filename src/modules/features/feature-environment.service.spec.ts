import { FakeAccessReadModel, grant } from '../../core/testing/access-read-model.fake.js';
import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { ACTOR, apiTokenPrincipal, userPrincipal } from '../../core/testing/principals.js';
import type { StoredStrategy } from '../strategies/index.js';
import { FeatureEnvironmentService } from './feature-environment.service.js';
import type { FeatureVariant } from './feature.model.js';
import { fakeFeatureStrategyService, featureFakes } from './testing/feature-services.js';
import { FakeFeatureEnvironmentStore, FakeFeatureLifecycleStore } from './testing/feature-stores.fake.js';

const PRODUCTION = { projectId: 'default', featureName: 'f1', environment: 'production' };
const DEVELOPMENT = { ...PRODUCTION, environment: 'development' };
/** May create strategies in production only. */
const RESTRICTED = 8;
const NO_STRATEGY_RIGHT = 9;
const RED: FeatureVariant = { name: 'red', weight: 1000, weightType: 'variable', stickiness: 'default' };

function strategy(id: string, disabled: boolean, environment = 'production'): StoredStrategy {
  return {
    id,
    name: 'default',
    title: null,
    disabled,
    featureName: 'f1',
    sortOrder: Number(id.slice(1)),
    segments: [],
    constraints: [],
    variants: [],
    parameters: {},
    projectId: 'default',
    environment,
  };
}

function buildFeatureEnvironments(limits: { strategiesPerFeatureEnvironment?: number } = {}) {
  const fakes = featureFakes();
  fakes.tables.addFeature('f1');
  fakes.tables.addFeature('archived', 'default', { archivedAt: '2024-02-01T00:00:00.000Z' });
  fakes.tables.environments.set('qa', 'test');
  const access = new FakeAccessReadModel({
    [ACTOR.userId]: [grant('ADMIN')],
    [RESTRICTED]: [{ permission: 'CREATE_FEATURE_STRATEGY', project: 'default', environment: 'production' }],
    [NO_STRATEGY_RIGHT]: [{ permission: 'UPDATE_FEATURE_ENVIRONMENT', project: 'default', environment: null }],
  });
  const config = testConfig({ limits });
  const strategies = fakeFeatureStrategyService(fakes, config).service;
  const service = new FeatureEnvironmentService(
    new FakeFeatureEnvironmentStore(fakes.tables),
    fakes.readModel,
    fakes.lookup,
    new FakeFeatureLifecycleStore(fakes.tables),
    access,
    fakes.events,
    fakes.db.asDatabase(),
    fakes.clock,
    strategies,
    config,
  );
  service.onModuleInit();
  return { service, strategies, ...fakes };
}

describe('FeatureEnvironmentService', () => {
  it('switches a feature on with the default strategy it lacks, in a transaction, and it goes live in production', async () => {
    const { service, tables, db, recorded } = buildFeatureEnvironments();
    await service.setEnabled(PRODUCTION, true, userPrincipal(ACTOR.userId), ACTOR);
    expect(tables.environmentRow('f1', 'production')?.enabled).toBe(true);
    const added = {
      id: expect.any(String),
      name: 'flexibleRollout',
      title: null,
      disabled: false,
      featureName: 'f1',
      sortOrder: 0,
      segments: [],
      constraints: [],
      variants: [],
      parameters: { rollout: '100', stickiness: 'default', groupId: 'f1' },
    };
    expect(tables.strategies).toEqual([{ ...added, projectId: 'default', environment: 'production' }]);
    expect(db.transactionsOpened).toBe(1);
    expect(recorded).toEqual([
      {
        type: 'feature-strategy-add',
        actor: ACTOR,
        project: 'default',
        featureName: 'f1',
        environment: 'production',
        data: added,
        tags: [],
      },
      {
        type: 'feature-environment-enabled',
        actor: ACTOR,
        project: 'default',
        featureName: 'f1',
        environment: 'production',
        data: { enabled: true },
        preData: { enabled: false },
        tags: [],
      },
    ]);
    expect(tables.stagesOf('f1')).toEqual(['live']);
  });

  it('adds no strategy where one is enabled, records nothing when the state does not change, and is not live outside production', async () => {
    const { service, tables, recorded } = buildFeatureEnvironments();
    tables.strategies.push(strategy('s1', false, 'development'));
    await service.setEnabled(DEVELOPMENT, true, userPrincipal(ACTOR.userId), ACTOR);
    await service.setEnabled(DEVELOPMENT, true, userPrincipal(ACTOR.userId), ACTOR);
    await service.setEnabled(DEVELOPMENT, false, userPrincipal(ACTOR.userId), ACTOR);
    expect(tables.strategies).toHaveLength(1);
    expect(recorded.map((event) => event.type)).toEqual(['feature-environment-enabled', 'feature-environment-disabled']);
    expect(tables.stagesOf('f1')).toEqual([]);
  });

  it('needs the right to create strategies in that environment to add the default one; API tokens are not asked', async () => {
    const { service, tables } = buildFeatureEnvironments();
    expect(await failure(service.setEnabled(DEVELOPMENT, true, userPrincipal(RESTRICTED), ACTOR))).toMatchObject({
      name: 'NoAccessError',
      message:
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_FEATURE_STRATEGY" permission in the "development" environment of the "default" project.',
    });
    expect((await failure(service.setEnabled(PRODUCTION, true, userPrincipal(NO_STRATEGY_RIGHT), ACTOR))).name).toBe('NoAccessError');
    expect(tables.environmentRow('f1', 'development')?.enabled).toBe(false);
    await service.setEnabled(PRODUCTION, true, userPrincipal(RESTRICTED), ACTOR);
    await service.setEnabled(DEVELOPMENT, true, apiTokenPrincipal(), ACTOR);
    expect(tables.strategies.map((s) => s.environment)).toEqual(['production', 'development']);
  });

  it('enables the disabled strategies instead when asked to, each with its event', async () => {
    const { service, tables, recorded } = buildFeatureEnvironments();
    tables.strategies.push(strategy('s1', true), strategy('s2', true));
    await service.setEnabled(PRODUCTION, true, userPrincipal(ACTOR.userId), ACTOR, true);
    expect(tables.strategies.map((s) => [s.id, s.disabled])).toEqual([
      ['s1', false],
      ['s2', false],
    ]);
    expect(
      recorded.map((event) => [event.type, (event.data as { id?: string }).id, (event.preData as { disabled?: boolean })?.disabled]),
    ).toEqual([
      ['feature-strategy-update', 's1', true],
      ['feature-strategy-update', 's2', true],
      ['feature-environment-enabled', undefined, undefined],
    ]);
  });

  it('adds the default strategy after the disabled ones, unless they reach the limit', async () => {
    const { service, tables } = buildFeatureEnvironments({ strategiesPerFeatureEnvironment: 2 });
    tables.strategies.push(strategy('s1', true), strategy('s4', true));
    expect(await failure(service.setEnabled(PRODUCTION, true, userPrincipal(ACTOR.userId), ACTOR))).toMatchObject({
      name: 'ValidationError',
      details: [
        {
          path: '/params/environment',
          message:
            'Cannot add the default strategy that switching f1 on in production needs: it has 2 (disabled) strategies, the limit is 2. Enable one of them or remove some first.',
        },
      ],
    });
    tables.strategies.pop();
    await service.setEnabled(PRODUCTION, true, userPrincipal(ACTOR.userId), ACTOR);
    expect(tables.strategies.map((s) => [s.name, s.sortOrder])).toEqual([
      ['default', 1],
      ['flexibleRollout', 2],
    ]);
  });

  it('resolves the URL in order and refuses to change an archived feature', async () => {
    const { service } = buildFeatureEnvironments();
    const on = (address: typeof PRODUCTION) => failure(service.setEnabled(address, true, apiTokenPrincipal(), ACTOR));
    expect((await on({ ...PRODUCTION, projectId: 'nope' })).message).toBe('Could not find project nope');
    expect((await on({ ...PRODUCTION, featureName: 'nope' })).message).toBe('Could not find feature nope in project default');
    expect((await on({ ...PRODUCTION, environment: 'nope' })).message).toBe('Could not find environment nope');
    expect((await on({ ...PRODUCTION, environment: 'qa' })).message).toBe('Could not find environment qa in project default');
    expect(await on({ ...PRODUCTION, featureName: 'archived' })).toMatchObject({
      name: 'ValidationError',
      message: 'Cannot perform this operation on archived features: archived is archived. Revive it first.',
    });
    expect((await failure(service.variants({ ...PRODUCTION, featureName: 'archived' }))).name).toBe('NotFoundError');
  });

  it('replaces the variants, records before and after, and nothing when they do not change', async () => {
    const { service, tables, recorded } = buildFeatureEnvironments();
    // The variants arrive validated, weights fixed, by FeatureVariantsBody (feature-variant.rules has their spec).
    expect(await service.setVariants(PRODUCTION, [RED], ACTOR)).toEqual([RED]);
    expect(tables.environmentRow('f1', 'production')?.variants).toEqual([RED]);
    expect(await service.variants(PRODUCTION)).toEqual([RED]);
    await service.setVariants(PRODUCTION, [{ ...RED }], ACTOR);
    expect(recorded).toEqual([
      {
        type: 'feature-environment-variants-updated',
        actor: ACTOR,
        project: 'default',
        featureName: 'f1',
        environment: 'production',
        data: { variants: [RED] },
        preData: { variants: [] },
        tags: [],
      },
    ]);
  });

  it('patches the variant list, naming problems of the patched list by their pointer in it', async () => {
    const { service, tables } = buildFeatureEnvironments();
    await service.patchVariants(PRODUCTION, [{ op: 'add', path: '/-', value: { name: 'red', weight: 0 } }], ACTOR);
    expect(tables.environmentRow('f1', 'production')?.variants).toEqual([RED]);
    const error = await failure(service.patchVariants(PRODUCTION, [{ op: 'replace', path: '/0/name', value: 7 }], ACTOR));
    expect(error.details?.map((detail) => detail.path)).toEqual(['/0/name']);
    expect((await failure(service.patchVariants(PRODUCTION, [{ op: 'remove', path: '/5' }], ACTOR))).name).toBe('ValidationError');
    expect(tables.environmentRow('f1', 'production')?.variants).toEqual([RED]);
  });

  it('is the switch strategy changes use: disabling the last enabled strategy switches the environment off', async () => {
    const { service, strategies, tables, recorded } = buildFeatureEnvironments();
    tables.strategies.push(strategy('s1', false));
    await service.setEnabled(PRODUCTION, true, apiTokenPrincipal(), ACTOR);
    await strategies.update({ ...PRODUCTION, strategyId: 's1' }, { disabled: true }, ACTOR);
    expect(tables.strategies.map((s) => [s.id, s.disabled])).toEqual([['s1', true]]);
    expect(tables.environmentRow('f1', 'production')?.enabled).toBe(false);
    expect(recorded.map((event) => event.type)).toEqual([
      'feature-environment-enabled',
      'feature-strategy-update',
      'feature-environment-disabled',
    ]);
  });

  it("adds an environment's feature states to a project, archived features too, and removes them with their strategies", async () => {
    const { service, tables } = buildFeatureEnvironments();
    tables.addFeature('elsewhere', 'other');
    tables.strategies.push(strategy('s1', false), strategy('s2', false, 'development'));
    await service.addProjectEnvironment('default', 'qa');
    expect([...tables.featureEnvironments.keys()].filter((key) => key.endsWith('|qa'))).toEqual(['f1|qa', 'archived|qa']);
    expect(tables.environmentRow('f1', 'qa')).toEqual({ enabled: false, variants: [], lastSeenAt: null });
    await service.removeProjectEnvironment('default', 'production');
    expect([...tables.featureEnvironments.keys()]).toEqual([
      'f1|development',
      'archived|development',
      'elsewhere|development',
      'f1|qa',
      'archived|qa',
    ]);
    expect(tables.strategies.map((s) => s.id)).toEqual(['s2']);
  });

  it('answers the feature in one environment', async () => {
    const { service } = buildFeatureEnvironments();
    expect(await service.get(DEVELOPMENT)).toEqual({
      name: 'f1',
      featureName: 'f1',
      environment: 'development',
      type: 'development',
      enabled: false,
      sortOrder: 0,
      strategies: [],
      variants: [],
      lastSeenAt: null,
    });
  });
});
