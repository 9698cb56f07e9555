import { ROLE } from '../../src/core/access/permissions.js';
import { eventsOf } from '../helpers/events.js';
import { adminUserToken, createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, UUID, userWithRole } from './features.fixtures.js';

const EXPORT = '/api/admin/features-batch/export';
const VALIDATE = '/api/admin/features-batch/validate';
const IMPORT = '/api/admin/features-batch/import';
const ENV = 'development';

describe('feature export and import: /api/admin/features-batch', () => {
  let t: TestApp;
  let pat: string;
  let segmentId: number;
  const asPerson = (url: string, body: unknown) =>
    t
      .http()
      .post(url)
      .set('Authorization', pat)
      .send(body as object);
  const strategiesUrl = (project: string, feature: string) =>
    `/api/admin/projects/${project}/features/${feature}/environments/${ENV}/strategies`;

  beforeAll(async () => {
    t = await createTestApp();
    pat = await adminUserToken(t);
    await createProject(t, 'source');
    await createProject(t, 'target');
    await admin(t)
      .post('/api/admin/context', { name: 'tier', legalValues: [{ value: 'gold' }, { value: 'silver' }] })
      .expect(201);
    await admin(t).post('/api/admin/context', { name: 'region', stickiness: true }).expect(201);
    segmentId = (await admin(t).post('/api/admin/segments', { name: 'beta-users', constraints: [] }).expect(201)).body.id;
    await admin(t).post('/api/admin/tag-types', { name: 'team', description: 'Owning team' }).expect(201);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Two features of `source`: a parent with a constrained rollout, variants and tags, and its child. */
  async function seedSource(): Promise<void> {
    await createFeature(t, 'source', 'checkout', { description: 'New checkout', type: 'experiment', impressionData: true });
    await createFeature(t, 'source', 'checkout-button');
    await admin(t)
      .post(strategiesUrl('source', 'checkout'), {
        name: 'flexibleRollout',
        title: 'Gold first',
        parameters: { rollout: '50', stickiness: 'region', groupId: 'checkout' },
        constraints: [{ contextName: 'tier', operator: 'IN', values: ['gold'] }],
        segments: [segmentId],
      })
      .expect(200);
    await admin(t)
      .put(`/api/admin/projects/source/features/checkout/environments/${ENV}/variants`, [
        { name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'b' } },
      ])
      .expect(200);
    await admin(t).post('/api/admin/features/checkout/tags', { type: 'team', value: 'payments' }).expect(201);
    await admin(t).post('/api/admin/features/checkout/tags', { type: 'simple', value: 'web' }).expect(201);
    await admin(t).post(`/api/admin/projects/source/features/checkout/environments/${ENV}/on`).expect(200);
    await admin(t).post('/api/admin/projects/source/features/checkout-button/dependencies', { feature: 'checkout' }).expect(200);
  }

  it('exports features by name with everything they use, and records features-exported', async () => {
    await seedSource();
    const res = await admin(t)
      .post(EXPORT, { features: ['checkout', 'checkout-button'], environment: ENV })
      .expect(200);
    const strategyId = res.body.featureStrategies[0].id;
    expect(strategyId).toMatch(UUID);
    expect(res.body).toEqual({
      features: [
        {
          name: 'checkout',
          description: 'New checkout',
          type: 'experiment',
          project: 'source',
          stale: false,
          impressionData: true,
          archived: false,
        },
        {
          name: 'checkout-button',
          description: null,
          type: 'release',
          project: 'source',
          stale: false,
          impressionData: false,
          archived: false,
        },
      ],
      featureStrategies: [
        {
          id: strategyId,
          name: 'flexibleRollout',
          title: 'Gold first',
          disabled: false,
          featureName: 'checkout',
          sortOrder: 0,
          segments: [segmentId],
          constraints: [{ contextName: 'tier', operator: 'IN', values: ['gold'], inverted: false, caseInsensitive: false }],
          variants: [],
          parameters: { rollout: '50', stickiness: 'region', groupId: 'checkout' },
        },
      ],
      featureEnvironments: [
        {
          enabled: true,
          featureName: 'checkout',
          environment: ENV,
          variants: [
            { name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'b' } },
          ],
          name: 'checkout',
        },
        { enabled: false, featureName: 'checkout-button', environment: ENV, variants: [], name: 'checkout-button' },
      ],
      contextFields: [
        { name: 'region', description: null, stickiness: true, sortOrder: 0, legalValues: [] },
        { name: 'tier', description: null, stickiness: false, sortOrder: 0, legalValues: [{ value: 'gold' }, { value: 'silver' }] },
      ],
      featureTags: [
        { featureName: 'checkout', tagType: 'simple', tagValue: 'web', createdByUserId: -42 },
        { featureName: 'checkout', tagType: 'team', tagValue: 'payments', createdByUserId: -42 },
      ],
      segments: [{ id: segmentId, name: 'beta-users' }],
      tagTypes: [
        { name: 'simple', description: 'Used to simplify filtering of features', icon: '#', color: '#FFFFFF' },
        { name: 'team', description: 'Owning team', icon: null, color: null },
      ],
      dependencies: [{ feature: 'checkout-button', dependencies: [{ feature: 'checkout', enabled: true, variants: [] }] }],
    });
    const [event] = (await eventsOf(t, { type: 'features-exported' })).slice(-1);
    expect(event).toMatchObject({ type: 'features-exported', createdBy: 'init-admin-token', data: { data: res.body } });
  });

  it('imports an export into another project: reading it back gives the same export', async () => {
    const exported = (
      await admin(t)
        .post(EXPORT, { features: ['checkout', 'checkout-button'], environment: ENV })
        .expect(200)
    ).body;
    // The names must be free: remove the source's features first.
    for (const name of ['checkout-button', 'checkout']) await admin(t).delete(`/api/admin/projects/source/features/${name}`).expect(202);
    for (const name of ['checkout-button', 'checkout']) await admin(t).delete(`/api/admin/archive/${name}`).expect(200);
    const before = (await eventsOf(t)).length;
    const validation = await asPerson(VALIDATE, { project: 'target', environment: ENV, data: exported }).expect(200);
    expect(validation.body).toEqual({ errors: [], warnings: [], permissions: [] });
    const res = await asPerson(IMPORT, { project: 'target', environment: ENV, data: exported }).expect(200);
    expect(res.body).toEqual({});
    const again = (await admin(t).post(EXPORT, { project: 'target', environment: ENV }).expect(200)).body;
    const inTarget = (feature: { project: string }) => ({ ...feature, project: 'target' });
    expect(again).toEqual({
      ...exported,
      features: exported.features.map(inTarget),
      featureStrategies: [{ ...exported.featureStrategies[0], id: again.featureStrategies[0].id }],
      featureTags: exported.featureTags.map((tag: object) => ({ ...tag, createdByUserId: 1 })),
    });
    const types = (await eventsOf(t)).slice(before).map((event) => `${event.type} ${event.featureName ?? ''}`.trim());
    expect(types).toEqual([
      'feature-created checkout',
      'feature-created checkout-button',
      'feature-environment-variants-updated checkout',
      'feature-tagged checkout',
      'feature-tagged checkout',
      'feature-strategy-add checkout',
      'feature-environment-enabled checkout',
      'feature-dependency-added checkout-button',
      'features-imported',
      'features-exported',
    ]);
    const imported = (await eventsOf(t, { type: 'features-imported' }))[0];
    expect(imported).toMatchObject({ project: 'target', environment: ENV, createdBy: 'admin', data: null });
  });

  it('exports by tag value (any tag type), and every active feature when nothing selects', async () => {
    const byTag = (await admin(t).post(EXPORT, { tag: 'payments', environment: ENV }).expect(200)).body;
    expect(byTag.features.map((f: { name: string }) => f.name)).toEqual(['checkout']);
    expect(byTag.tagTypes.map((type: { name: string }) => type.name)).toEqual(['simple', 'team']);
    const all = (await admin(t).post(EXPORT, { features: [], environment: ENV }).expect(200)).body;
    expect(all.features.map((f: { name: string }) => f.name)).toEqual(['checkout', 'checkout-button']);
    const elsewhere = (await admin(t).post(EXPORT, { project: 'target', environment: 'nowhere' }).expect(200)).body;
    expect([elsewhere.featureStrategies, elsewhere.featureEnvironments, elsewhere.segments]).toEqual([[], [], []]);
  });

  describe('validation and refusals', () => {
    const data = () => ({
      features: [
        { name: 'kept-flag' },
        { name: 'other-flag' },
        { name: 'old-flag' },
        { name: 'dup-flag' },
        { name: 'dup-flag' },
        { name: 'fresh-child' },
      ],
      featureStrategies: [
        { name: 'unknownStrategy', featureName: 'fresh-child' },
        { name: 'my-custom', featureName: 'kept-flag', parameters: {} },
      ],
      contextFields: [{ name: 'tier', legalValues: [{ value: 'platinum' }] }],
      segments: [{ id: 99, name: 'nowhere' }],
      dependencies: [{ feature: 'fresh-child', dependencies: [{ feature: 'ghost-parent' }] }],
      tagTypes: [],
    });

    beforeAll(async () => {
      await createFeature(t, 'source', 'other-flag');
      await createFeature(t, 'target', 'old-flag');
      await admin(t).delete('/api/admin/projects/target/features/old-flag').expect(202);
      await createFeature(t, 'target', 'kept-flag');
      await admin(t).post(strategiesUrl('target', 'kept-flag'), { name: 'default' }).expect(200);
      await admin(t).post('/api/admin/strategies', { name: 'my-custom', parameters: [] }).expect(201);
    });

    it('reports every error and warning in Unleash words, and changes nothing', async () => {
      const before = (await eventsOf(t)).length;
      const res = await asPerson(VALIDATE, { project: 'target', environment: ENV, data: data() }).expect(200);
      expect(res.body).toEqual({
        errors: [
          { message: 'We detected the following custom strategy that needs to be created first:', affectedItems: ['unknownStrategy'] },
          {
            message: 'We detected the following context fields that do not have matching legal values with the imported ones:',
            affectedItems: ['tier'],
          },
          {
            message:
              'You cannot import a features that already exist in other projects. You already have the following features defined outside of project target:',
            affectedItems: ['other-flag (in project source)'],
          },
          { message: 'We detected the following features are duplicate in your import data:', affectedItems: ['dup-flag'] },
          { message: 'We detected the following segments that need to be created first:', affectedItems: ['nowhere'] },
          { message: 'We detected the following dependencies that need to be created first:', affectedItems: ['ghost-parent'] },
        ],
        warnings: [
          {
            message:
              'The following strategy types will be used in import. Please make sure the strategy type parameters are configured as in source environment:',
            affectedItems: ['my-custom'],
          },
          {
            message:
              'The following features will not be imported as they are currently archived. To import them, please unarchive them first:',
            affectedItems: ['old-flag'],
          },
          { message: 'The following features already exist in this project and will be overwritten:', affectedItems: ['kept-flag'] },
        ],
        permissions: [],
      });
      expect((await eventsOf(t)).length).toBe(before);
    });

    it('refuses each error with a 400 naming the offending items, in Unleash order, and writes nothing', async () => {
      const body = (change: (d: ReturnType<typeof data>) => void) => {
        const d = data();
        change(d);
        return { project: 'target', environment: ENV, data: d };
      };
      const strategies = await asPerson(
        IMPORT,
        body(() => undefined),
      ).expect(400);
      expect(strategies.body).toMatchObject({
        name: 'ValidationError',
        message: 'Some of the strategies you are trying to import are not supported.',
        details: [{ path: '/body/data/featureStrategies/0/name', message: 'unknownStrategy is not supported.' }],
      });
      const fields = await asPerson(
        IMPORT,
        body((d) => (d.featureStrategies = [])),
      ).expect(400);
      expect(fields.body).toMatchObject({
        message: 'Some of the context fields you are trying to import are not supported.',
        details: [{ path: '/body/data/contextFields/0', message: 'tier is not supported.' }],
      });
      const others = await asPerson(
        IMPORT,
        body((d) => {
          d.featureStrategies = [];
          d.contextFields = [];
        }),
      ).expect(400);
      expect(others.body).toMatchObject({
        message: 'These features exist already in other projects: other-flag (in project source)',
        details: [{ path: '/body/data/features/1/name', message: 'other-flag (in project source) exists already.' }],
      });
      const dup = await asPerson(
        IMPORT,
        body((d) => {
          d.featureStrategies = [];
          d.contextFields = [];
          d.features.splice(1, 1);
        }),
      ).expect(400);
      expect(dup.body).toMatchObject({
        message: 'These features are listed more than once in the import data: dup-flag',
        details: [{ path: '/body/data/features/3/name', message: 'dup-flag is listed more than once.' }],
      });
      const segments = await asPerson(
        IMPORT,
        body((d) => {
          d.featureStrategies = [];
          d.contextFields = [];
          d.features = [{ name: 'fresh-child' }];
        }),
      ).expect(400);
      expect(segments.body).toMatchObject({
        message: 'Unsupported segments: nowhere',
        details: [{ path: '/body/data/segments/0', message: 'nowhere is not a segment usable in this project.' }],
      });
      const dependencies = await asPerson(
        IMPORT,
        body((d) => {
          d.featureStrategies = [];
          d.contextFields = [];
          d.features = [{ name: 'fresh-child' }];
          d.segments = [];
        }),
      ).expect(400);
      expect(dependencies.body).toMatchObject({
        message: 'The following dependent features are missing: ghost-parent',
        details: [{ path: '/body/data/dependencies/0/dependencies/0/feature', message: 'ghost-parent does not exist.' }],
      });
      await admin(t).get('/api/admin/projects/target/features/fresh-child').expect(404);
    });

    it('leaves archived features out, replaces strategies and tags, creates missing tag types and context fields', async () => {
      await admin(t).post('/api/admin/features/kept-flag/tags', { type: 'simple', value: 'stale-tag' }).expect(201);
      const before = (await eventsOf(t)).length;
      await asPerson(IMPORT, {
        project: 'target',
        environment: ENV,
        data: {
          features: [{ name: 'kept-flag', description: 'Kept', type: 'operational' }, { name: 'old-flag' }],
          featureStrategies: [
            { name: 'my-custom', featureName: 'kept-flag', constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'] }] },
            { name: 'default', featureName: 'old-flag' },
          ],
          featureEnvironments: [
            { name: 'kept-flag', enabled: false },
            { name: 'old-flag', enabled: true },
          ],
          featureTags: [
            { featureName: 'kept-flag', tagType: 'squad', tagValue: 'alpha' },
            { featureName: 'old-flag', tagType: 'squad', tagValue: 'beta' },
          ],
          tagTypes: [{ name: 'squad', description: 'Squads' }],
          contextFields: [{ name: 'plan', legalValues: [{ value: 'pro' }], project: 'elsewhere' }],
        },
      }).expect(200);
      const kept = (await admin(t).get('/api/admin/projects/target/features/kept-flag').expect(200)).body;
      expect(kept).toMatchObject({ description: 'Kept', type: 'operational' });
      const strategies = kept.environments.find((env: { name: string }) => env.name === ENV).strategies;
      expect(strategies.map((s: { name: string; constraints: unknown }) => [s.name, s.constraints])).toEqual([
        ['my-custom', [{ contextName: 'plan', operator: 'IN', values: ['pro'], inverted: false, caseInsensitive: false }]],
      ]);
      expect(kept.tags).toEqual([{ type: 'squad', value: 'alpha' }]);
      expect((await admin(t).get('/api/admin/tag-types/squad').expect(200)).body.tagType).toEqual({
        name: 'squad',
        description: 'Squads',
        icon: null,
        color: null,
      });
      expect((await admin(t).get('/api/admin/projects/target/context/plan').expect(200)).body).toMatchObject({
        name: 'plan',
        project: 'target',
        legalValues: [{ value: 'pro' }],
      });
      const old = (await admin(t).get('/api/admin/archive/features').expect(200)).body.features;
      expect(old.find((f: { name: string }) => f.name === 'old-flag')).toMatchObject({ archived: true });
      const types = (await eventsOf(t)).slice(before).map((event) => `${event.type} ${event.featureName ?? ''}`.trim());
      expect(types).toEqual([
        'feature-metadata-updated kept-flag',
        'tag-type-created',
        'tag-created',
        'feature-tagged kept-flag',
        'feature-untagged kept-flag',
        'context-field-created',
        'feature-strategy-remove kept-flag',
        'feature-strategy-add kept-flag',
        'features-imported',
      ]);
    });

    it('lists the permissions a caller lacks and refuses the import with 403 naming them', async () => {
      const viewer = await userWithRole(t, 'import-viewer', ROLE.VIEWER);
      const body = {
        project: 'target',
        environment: ENV,
        data: {
          features: [{ name: 'kept-flag' }, { name: 'brand-new' }],
          featureStrategies: [{ name: 'default', featureName: 'brand-new' }],
          featureEnvironments: [{ name: 'brand-new', enabled: true, variants: [{ name: 'a', weight: 1000 }] }],
          tagTypes: [{ name: 'brand-new-type' }],
          contextFields: [{ name: 'brand-new-field' }],
        },
      };
      const res = await t.http().post(VALIDATE).set('Cookie', viewer.cookie).send(body).expect(200);
      const missing = [
        'Create context fields',
        'Create activation strategies',
        'Delete activation strategies',
        'Update variants',
        'Create feature flags',
        'Update feature flags',
        'Create tag types',
      ];
      expect(res.body).toEqual({
        errors: [],
        warnings: [
          { message: 'The following features already exist in this project and will be overwritten:', affectedItems: ['kept-flag'] },
        ],
        permissions: [{ message: 'We detected you are missing the following permissions:', affectedItems: missing }],
      });
      const refused = await t.http().post(IMPORT).set('Cookie', viewer.cookie).send(body).expect(403);
      expect(refused.body).toMatchObject({
        name: 'NoAccessError',
        message: `You don't have the required permissions to perform this operation. To perform this action, you need one of the following permissions: ${missing.map((p) => `"${p}"`).join(', ')}.`,
      });
      await admin(t).get('/api/admin/projects/target/features/brand-new').expect(404);
    });

    it('answers 400 naming the property, 400 for an admin token, 404 for an unknown project, 401 without credentials', async () => {
      const noEnvironment = await admin(t).post(EXPORT, {}).expect(400);
      expect(noEnvironment.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/environment', '/body/features']);
      const badFeatures = await admin(t)
        .post(EXPORT, { environment: ENV, features: [''] })
        .expect(400);
      expect(badFeatures.body.details).toEqual([{ path: '/body/features', message: expect.stringContaining('1 character') }]);
      const badData = await asPerson(VALIDATE, {
        project: 'target',
        environment: ENV,
        data: { features: [{ type: 'release' }], featureStrategies: [], tagTypes: [], links: [{ url: 'x' }] },
      }).expect(400);
      expect(badData.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/data/features/0/name', '/body/data/links']);
      const badStrategy = await asPerson(IMPORT, {
        project: 'target',
        environment: ENV,
        data: {
          features: [{ name: 'kept-flag' }],
          featureStrategies: [{ name: 'default', featureName: 'kept-flag', constraints: [{ contextName: 'tier', operator: 'NOPE' }] }],
          tagTypes: [],
        },
      }).expect(400);
      expect(badStrategy.body.details.map((d: { path: string }) => d.path)).toEqual([
        '/body/data/featureStrategies/0/constraints/0/operator',
      ]);
      const token = await admin(t)
        .post(IMPORT, { project: 'target', environment: ENV, data: { features: [], featureStrategies: [], tagTypes: [] } })
        .expect(400);
      expect(token.body.message).toMatch(/^You can't use an admin token to import features\./);
      const unknown = await asPerson(VALIDATE, {
        project: 'ghost',
        environment: ENV,
        data: { features: [], featureStrategies: [], tagTypes: [] },
      }).expect(404);
      expect(unknown.body.message).toBe('Could not find project ghost');
      for (const url of [EXPORT, VALIDATE, IMPORT]) await t.http().post(url).send({}).expect(401);
    });
  });
});
