import { createHash } from 'node:crypto';
import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { hourOf, SearchFixtures } from './search.fixtures.js';

const day = (d: number, hour = 10) => new Date(Date.UTC(2024, 0, d, hour));
const gravatar = (key: string) => `https://gravatar.com/avatar/${createHash('sha256').update(key).digest('hex')}?s=42&d=retro&r=g`;

/** Every active feature in the default order: createdAt ascending, ties by name (exp_One and gamma share a time). */
const ACTIVE = ['alpha', 'beta', 'exp_One', 'gamma', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby'];

describe('GET /api/admin/search/features', () => {
  let t: TestApp;
  let f: SearchFixtures;
  let admin: { cookie: string };
  let ada: number;
  let bob: number;
  let now: Date;
  let segA: number;
  let segB: number;

  beforeAll(async () => {
    t = await createTestApp();
    f = new SearchFixtures(t);
    f.settleMidHour();
    now = t.clock.now();
    admin = { cookie: await sessionCookieFor(t, 1) };
    ada = await f.user({ name: 'Ada Lovelace', username: 'ada', email: 'Ada@Example.com' });
    bob = await f.user({ username: 'bob' });
    await f.project('payments');
    await f.tagType('team', '#1A73E8');
    segA = await f.segment('seg_a');
    segB = await f.segment('seg_b');
    await f.segment('seg_c');

    await f.feature({
      name: 'alpha',
      description: 'Alpha checkout flow',
      createdBy: ada,
      createdAt: day(10),
      lastSeenAt: new Date(now.getTime() - 600_000),
    });
    await f.feature({ name: 'beta', type: 'experiment', stale: true, createdBy: bob, createdAt: day(11), impressionData: true });
    await f.feature({
      name: 'gamma',
      project: 'payments',
      type: 'kill-switch',
      potentiallyStale: true,
      description: 'Payments gateway',
      createdAt: day(12),
      lastSeenAt: new Date('2024-03-01T12:00:00Z'),
    });
    await f.feature({
      name: 'exp_One',
      project: 'payments',
      type: 'experiment',
      description: 'EXPERIMENT with under_score',
      createdAt: day(12),
    });
    await f.feature({ name: 'ks_two', type: 'kill-switch', createdBy: 999, createdAt: day(13) });
    await f.feature({ name: 'pct_one', description: '100% ready', createdBy: null, createdAt: day(14) });
    await f.feature({ name: 'pct_two', description: '1000 ready', createdBy: ada, createdAt: day(15) });
    await f.feature({ name: 'xa_by', type: 'operational', createdBy: ada, createdAt: day(16) });
    await f.feature({ name: 'xacby', type: 'operational', createdBy: ada, createdAt: day(17) });
    await f.feature({ name: 'old_archived', description: 'Old archived', createdBy: ada, createdAt: day(5), archivedAt: day(32) });
    await f.feature({ name: 'live_archived', project: 'payments', createdAt: day(6), archivedAt: day(33) });

    await f.environment('alpha', 'development', { enabled: true, lastSeenAt: new Date(now.getTime() - 600_000) });
    await f.environment('alpha', 'production', { enabled: false });
    await f.environment('beta', 'development', { enabled: false });
    await f.environment('beta', 'production', { enabled: true, variants: 2 });
    await f.environment('gamma', 'development', { enabled: true });
    await f.environment('gamma', 'production', { enabled: true, lastSeenAt: new Date('2024-03-01T12:00:00Z') });
    await f.environment('exp_One', 'development', { enabled: true });
    await f.environment('pct_one', 'production', { enabled: false });
    await f.environment('pct_two', 'production', { enabled: true });
    await f.environment('old_archived', 'development', { enabled: true });

    await f.strategy('alpha', 'development', { segments: [segA] });
    await f.strategy('beta', 'production', { disabled: true });
    await f.strategy('gamma', 'development', { segments: [segB] });
    await f.strategy('gamma', 'production', { segments: [segA, segB] });
    await f.strategy('gamma', 'production', { disabled: true });

    await f.tag('alpha', 'simple', 'beta');
    await f.tag('alpha', 'team', 'checkout');
    await f.tag('beta', 'simple', '100%_sure');
    await f.tag('gamma', 'team', 'payments');
    await f.tag('old_archived', 'simple', 'beta');

    await f.lifecycle('alpha', 'initial', day(10));
    await f.lifecycle('alpha', 'pre-live', day(20));
    await f.lifecycle('beta', 'initial', day(11));
    await f.lifecycle('beta', 'live', day(21));
    await f.lifecycle('gamma', 'initial', day(12));
    await f.lifecycle('gamma', 'completed', day(22), 'kept');
    for (const name of ['exp_One', 'pct_one', 'pct_two', 'xa_by', 'xacby']) await f.lifecycle(name, 'initial', day(12));
    await f.lifecycle('old_archived', 'initial', day(5));
    await f.lifecycle('old_archived', 'archived', day(32));
    await f.lifecycle('live_archived', 'initial', day(6));
    await f.lifecycle('live_archived', 'live', day(7));

    await f.favorite(1, 'alpha');
    await f.favorite(1, 'gamma');
    await f.dependency('beta', 'alpha');

    await f.metrics('alpha', 'development', hourOf(now), 5, 3);
    await f.metrics('alpha', 'development', new Date(hourOf(now).getTime() - 3 * 3_600_000), 100, 100);
    await f.metrics('gamma', 'production', hourOf(now), 7, 0);
  });

  afterAll(async () => {
    await t.close();
  });

  describe('result items', () => {
    it('shows every field of a feature, with the caller as the one whose favorites count', async () => {
      const res = await f.search('query=alpha', admin).expect(200);
      expect(res.body).toEqual({
        total: 1,
        features: [
          {
            name: 'alpha',
            type: 'release',
            description: 'Alpha checkout flow',
            dependencyType: 'parent',
            archived: false,
            project: 'default',
            stale: false,
            favorite: true,
            impressionData: false,
            createdAt: '2024-01-10T10:00:00.000Z',
            archivedAt: null,
            lastSeenAt: new Date(now.getTime() - 600_000).toISOString(),
            environments: [
              {
                name: 'development',
                type: 'development',
                enabled: true,
                sortOrder: 2,
                variantCount: 0,
                lastSeenAt: new Date(now.getTime() - 600_000).toISOString(),
                hasStrategies: true,
                hasEnabledStrategies: true,
                yes: 5,
                no: 3,
              },
              {
                name: 'production',
                type: 'production',
                enabled: false,
                sortOrder: 3,
                variantCount: 0,
                lastSeenAt: null,
                hasStrategies: false,
                hasEnabledStrategies: false,
                yes: 0,
                no: 0,
              },
            ],
            segments: ['seg_a'],
            tags: [
              { value: 'beta', type: 'simple', color: '#FFFFFF' },
              { value: 'checkout', type: 'team', color: '#1A73E8' },
            ],
            lifecycle: { stage: 'pre-live', status: null, enteredStageAt: '2024-01-20T10:00:00.000Z' },
            createdBy: { id: ada, name: 'Ada Lovelace', imageUrl: gravatar('ada@example.com') },
          },
        ],
      });
    });

    it('shows nulls, empty lists and "unknown" for what a feature lacks, and leaves out a lifecycle it never had', async () => {
      const res = await f.search('query=ks_two').expect(200);
      expect(res.body.features).toEqual([
        {
          name: 'ks_two',
          type: 'kill-switch',
          description: null,
          dependencyType: null,
          archived: false,
          project: 'default',
          stale: false,
          favorite: false,
          impressionData: false,
          createdAt: '2024-01-13T10:00:00.000Z',
          archivedAt: null,
          lastSeenAt: null,
          environments: [],
          segments: [],
          tags: [],
          createdBy: { id: 999, name: 'unknown', imageUrl: gravatar('999') },
        },
      ]);
    });

    it('names a creator by name, else username, and counts a creator without a row as id 0', async () => {
      const { body } = await f.search('project=IS:default&limit=1000').expect(200);
      const creators = Object.fromEntries(body.features.map((x: { name: string; createdBy: unknown }) => [x.name, x.createdBy]));
      expect(creators.beta).toEqual({ id: bob, name: 'bob', imageUrl: gravatar('bob') });
      expect(creators.pct_one).toEqual({ id: 0, name: 'unknown', imageUrl: gravatar('0') });
      expect(creators.pct_two).toEqual({ id: ada, name: 'Ada Lovelace', imageUrl: gravatar('ada@example.com') });
    });

    it('reports strategies, variants, segments, the child side of a dependency and a completed stage with its status', async () => {
      const { body } = await f.search('query=beta,gamma,exp_One').expect(200);
      const byName = Object.fromEntries(body.features.map((x: { name: string }) => [x.name, x]));
      expect(byName.beta).toMatchObject({
        dependencyType: 'child',
        stale: true,
        impressionData: true,
        lifecycle: { stage: 'live', status: null, enteredStageAt: '2024-01-21T10:00:00.000Z' },
        environments: [
          expect.objectContaining({ name: 'development', enabled: false, hasStrategies: false, hasEnabledStrategies: false }),
          expect.objectContaining({ name: 'production', enabled: true, variantCount: 2, hasStrategies: true, hasEnabledStrategies: false }),
        ],
      });
      expect(byName.gamma).toMatchObject({
        segments: ['seg_a', 'seg_b'],
        lifecycle: { stage: 'completed', status: 'kept', enteredStageAt: '2024-01-22T10:00:00.000Z' },
        lastSeenAt: '2024-03-01T12:00:00.000Z',
        environments: [
          expect.objectContaining({
            name: 'development',
            lastSeenAt: null,
            hasStrategies: true,
            hasEnabledStrategies: true,
            yes: 0,
            no: 0,
          }),
          expect.objectContaining({
            name: 'production',
            lastSeenAt: '2024-03-01T12:00:00.000Z',
            hasStrategies: true,
            hasEnabledStrategies: true,
            yes: 7,
            no: 0,
          }),
        ],
      });
      expect(byName.exp_One).toMatchObject({ dependencyType: null, segments: [], tags: [], lifecycle: { stage: 'initial', status: null } });
    });

    it('counts only the last hour of evaluations', async () => {
      const { body } = await f.search('query=alpha').expect(200);
      expect(body.features[0].environments[0]).toMatchObject({ yes: 5, no: 3 });
    });

    it('writes any text correctly, even the marker its serialization uses internally', async () => {
      // PostgreSQL text cannot hold NUL, so there the marker cannot occur at all.
      const odd = [...(t.db.isPostgres ? [] : ['\u0000search-slot\u0000']), 'quote " backslash \\ newline \n tab \t', '日本語 ✓ 🚀'];
      for (const [i, description] of odd.entries()) {
        await f.feature({ name: `odd_${i}`, description, createdAt: day(1) });
        await f.environment(`odd_${i}`, 'production', { enabled: true });
      }
      const res = await f.search('query=odd_').expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(
        res.body.features.map((x: { description: string; environments: { name: string }[] }) => [
          x.description,
          x.environments.map((e) => e.name),
        ]),
      ).toEqual(odd.map((description) => [description, ['production']]));
      await t.db.execute("DELETE FROM flagwright_features WHERE name LIKE 'odd\\_%' ESCAPE '\\'");
    });

    it('shows favorite false for API tokens', async () => {
      const { body } = await f.search('query=alpha,gamma').expect(200);
      expect(body.features.map((x: { favorite: boolean }) => x.favorite)).toEqual([false, false]);
    });
  });

  describe('paging', () => {
    it('lists active features by creation, ties by name, 50 at a time, with the total', async () => {
      expect(await f.names()).toEqual({ names: ACTIVE, total: 9 });
    });

    it('pages with offset and limit, also over the last page and past the end', async () => {
      expect(await f.names('limit=2')).toEqual({ names: ['alpha', 'beta'], total: 9 });
      expect(await f.names('offset=2&limit=3')).toEqual({ names: ['exp_One', 'gamma', 'ks_two'], total: 9 });
      expect(await f.names('offset=7&limit=5')).toEqual({ names: ['xa_by', 'xacby'], total: 9 });
      expect(await f.names('offset=9')).toEqual({ names: [], total: 9 });
      expect(await f.names('offset=100000&limit=1000')).toEqual({ names: [], total: 9 });
    });

    it.each([
      [
        'a feature matching two status entries',
        'status=development:enabled&status=production:enabled',
        ['alpha', 'beta', 'exp_One', 'gamma', 'pct_two'],
      ],
      ['a feature holding two of the tags', 'tag=INCLUDE_ANY_OF:simple:beta,team:checkout,team:payments', ['alpha', 'gamma']],
      [
        'a feature holding two of the tags, newest first',
        'tag=INCLUDE:simple:beta,team:checkout,simple:100%25_sure&sortOrder=desc',
        ['beta', 'alpha'],
      ],
    ])('pages one feature at a time through %s, each feature once', async (_, filter, expected) => {
      expect(await f.names(filter)).toEqual({ names: expected, total: expected.length });
      const paged: string[] = [];
      for (let offset = 0; offset < expected.length; offset++) paged.push(...(await f.names(`${filter}&limit=1&offset=${offset}`)).names);
      expect(paged).toEqual(expected);
    });

    it('answers an empty result with an empty list and a zero total', async () => {
      const res = await f.search('query=nothing-like-this').expect(200);
      expect(res.body).toEqual({ features: [], total: 0 });
    });
  });

  describe('query', () => {
    it.each([
      ['alpha', ['alpha']],
      ['CHECKOUT', ['alpha']],
      ['checkout', ['alpha']],
      ['gateway', ['gamma']],
      ['team:pay', ['gamma']],
      ['m:pay', ['gamma']],
      ['beta', ['alpha', 'beta']],
      ['alpha,xacby', ['alpha', 'xacby']],
      ['%20alpha%20,%20', ['alpha']],
      ['xa', ['xa_by', 'xacby']],
      ['a_b', ['xa_by']],
      ['0%25', ['beta', 'pct_one']],
      ['100%25', ['beta', 'pct_one']],
      ['_', ['beta', 'exp_One', 'ks_two', 'pct_one', 'pct_two', 'xa_by']],
      ['under_score', ['exp_One']],
      ['archived', []],
      ['alpha%0Aalpha', []],
      ['flow%0A', ['alpha']],
    ])('query=%s matches names, descriptions and tags literally, ignoring case', async (query, names) => {
      const result = await f.names(`query=${query}`);
      expect(result).toEqual({ names, total: names.length });
    });

    it('treats a query of only commas and spaces as no filter', async () => {
      expect(await f.names('query=%20,%20')).toEqual({ names: ACTIVE, total: 9 });
    });
  });

  describe('filters', () => {
    it.each([
      ['project=IS:payments', ['exp_One', 'gamma']],
      ['project=IS_ANY_OF:payments,default', ACTIVE],
      ['project=IS_NOT:payments', ['alpha', 'beta', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['project=IS_NONE_OF:payments,default', []],
      ['project=IS:nowhere', []],
      ['project=IS:', ACTIVE],
      ['type=IS:experiment', ['beta', 'exp_One']],
      ['type=IS_NONE_OF:release,experiment', ['gamma', 'ks_two', 'xa_by', 'xacby']],
      ['type=IS:experiment,release', ['alpha', 'beta', 'exp_One', 'pct_one', 'pct_two']],
      ['createdBy=IS:999', ['ks_two']],
      ['state=IS:active', ['alpha', 'exp_One', 'gamma', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['state=IS:stale', ['beta']],
      ['state=IS:potentially-stale', ['gamma']],
      ['state=IS_NOT:stale', ['alpha', 'exp_One', 'gamma', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['state=IS_ANY_OF:stale,potentially-stale', ['beta', 'gamma']],
      ['state=IS_NONE_OF:stale,potentially-stale', ['alpha', 'exp_One', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['tag=INCLUDE:simple:beta', ['alpha']],
      ['tag=INCLUDE_ANY_OF:simple:beta,%20team:payments', ['alpha', 'gamma']],
      ['tag=INCLUDE_ALL_OF:simple:beta,team:checkout', ['alpha']],
      ['tag=INCLUDE_ALL_OF:simple:beta,team:payments', []],
      ['tag=DO_NOT_INCLUDE:simple:beta', ['beta', 'exp_One', 'gamma', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['tag=EXCLUDE_IF_ANY_OF:simple:beta,team:payments', ['beta', 'exp_One', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['tag=EXCLUDE_ALL:simple:beta,team:checkout', ['beta', 'exp_One', 'gamma', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['tag=EXCLUDE_ALL:simple:beta,team:payments', ACTIVE],
      ['tag=INCLUDE:simple:100%25_sure', ['beta']],
      ['segment=INCLUDE:seg_a', ['alpha', 'gamma']],
      ['segment=INCLUDE_ANY_OF:seg_c', []],
      ['segment=INCLUDE_ALL_OF:seg_a,seg_b', ['gamma']],
      ['segment=DO_NOT_INCLUDE:seg_a', ['beta', 'exp_One', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['segment=EXCLUDE_IF_ANY_OF:seg_b', ['alpha', 'beta', 'exp_One', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['segment=EXCLUDE_ALL:seg_a,seg_b', ['alpha', 'beta', 'exp_One', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['createdAt=IS_BEFORE:2024-01-12', ['alpha', 'beta']],
      ['createdAt=IS_ON_OR_AFTER:2024-01-16', ['xa_by', 'xacby']],
      ['lastSeenAt=IS_BEFORE:2024-06-01', ['gamma']],
      ['lastSeenAt=IS_ON_OR_AFTER:2024-03-01', ['alpha', 'gamma']],
      ['status=unknown:enabled', []],
      ['project=IS:default&type=IS:release&state=IS:active', ['alpha', 'pct_one', 'pct_two']],
    ])('%s', async (query, names) => {
      expect(await f.names(query)).toEqual({ names, total: names.length });
    });

    it('filters by creator id, including and excluding (features without a creator are not excluded)', async () => {
      expect(await f.names(`createdBy=IS:${ada}`)).toEqual({ names: ['alpha', 'pct_two', 'xa_by', 'xacby'], total: 4 });
      expect(await f.names(`createdBy=IS_NONE_OF:${ada},${bob}`)).toEqual({ names: ['exp_One', 'gamma', 'ks_two', 'pct_one'], total: 4 });
    });

    it('never trims tags or segments', async () => {
      const { body } = await f.search('tag=INCLUDE:simple:beta&segment=INCLUDE:seg_a').expect(200);
      expect(body.features[0].tags).toHaveLength(2);
      const gamma = await f.search('segment=INCLUDE:seg_b&query=gamma').expect(200);
      expect(gamma.body.features[0].segments).toEqual(['seg_a', 'seg_b']);
    });
  });

  describe('status', () => {
    const environmentsOf = async (query: string) => {
      const { body } = await f.search(query).expect(200);
      return Object.fromEntries(
        body.features.map((x: { name: string; environments: { name: string }[] }) => [x.name, x.environments.map((e) => e.name)]),
      );
    };

    it('keeps features in the given state and trims their environments to the matching ones', async () => {
      expect(await environmentsOf('status=production:enabled')).toEqual({
        beta: ['production'],
        gamma: ['production'],
        pct_two: ['production'],
      });
      expect(await environmentsOf('status[]=production:disabled')).toEqual({ alpha: ['production'], pct_one: ['production'] });
    });

    it('ORs several entries, given repeated or as status[]', async () => {
      const expected = {
        alpha: ['development'],
        beta: ['production'],
        exp_One: ['development'],
        gamma: ['development', 'production'],
        pct_two: ['production'],
      };
      expect(await environmentsOf('status=development:enabled&status=production:enabled')).toEqual(expected);
      expect(await environmentsOf('status[]=development:enabled&status[]=production:enabled')).toEqual(expected);
      expect(await environmentsOf('status=development:enabled&status[]=production:enabled')).toEqual(expected);
      expect(await environmentsOf('status[]=production:enabled&status[]=development:disabled')).toEqual({
        beta: ['development', 'production'],
        gamma: ['production'],
        pct_two: ['production'],
      });
    });
  });

  describe('archived features and lifecycle', () => {
    it('shows archived features only when asked for', async () => {
      expect(await f.names('archived=IS:true')).toEqual({ names: ['old_archived', 'live_archived'], total: 2 });
      expect(await f.names('archived=IS:false')).toEqual({ names: ACTIVE, total: 9 });
      expect(await f.names('query=archived')).toEqual({ names: [], total: 0 });
      expect(await f.names('query=old&archived=IS:true')).toEqual({ names: ['old_archived'], total: 1 });
      expect(await f.names('tag=INCLUDE:simple:beta&archived=IS:true')).toEqual({ names: ['old_archived'], total: 1 });
    });

    it('shows an archived feature as archived, in stage archived', async () => {
      const { body } = await f.search('archived=IS:true').expect(200);
      expect(
        body.features.map((x: { name: string; archived: boolean; archivedAt: string; lifecycle: unknown }) => [
          x.name,
          x.archived,
          x.archivedAt,
          x.lifecycle,
        ]),
      ).toEqual([
        ['old_archived', true, '2024-02-01T10:00:00.000Z', { stage: 'archived', status: null, enteredStageAt: '2024-02-01T10:00:00.000Z' }],
        [
          'live_archived',
          true,
          '2024-02-02T10:00:00.000Z',
          { stage: 'archived', status: null, enteredStageAt: '2024-02-02T10:00:00.000Z' },
        ],
      ]);
    });

    it.each([
      ['lifecycle=IS:initial', ['exp_One', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['lifecycle=IS:pre-live', ['alpha']],
      ['lifecycle=IS:live', ['beta']],
      ['lifecycle=IS:completed', ['gamma']],
      ['lifecycle=IS:archived', ['old_archived', 'live_archived']],
      ['lifecycle=IS_ANY_OF:live,archived', ['old_archived', 'live_archived', 'beta']],
      ['lifecycle=IS_NOT:initial', ['alpha', 'beta', 'gamma', 'ks_two']],
      ['lifecycle=IS_NONE_OF:initial,pre-live,archived', ['beta', 'gamma', 'ks_two']],
      ['lifecycle=IS:unknown-stage', []],
      ['archived=IS:true&lifecycle=IS:live', []],
      ['archived=IS:true&lifecycle=IS_ANY_OF:live,archived', ['old_archived', 'live_archived']],
      ['archived=IS:true&lifecycle=IS_NOT:live', ['old_archived', 'live_archived']],
      [
        'archived=IS:true&lifecycle=IS_NOT:archived',
        ['alpha', 'beta', 'exp_One', 'gamma', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby'],
      ],
    ])('%s', async (query, names) => {
      expect(await f.names(query)).toEqual({ names, total: names.length });
    });
  });

  describe('favorites', () => {
    it("filters by the caller's favorites", async () => {
      expect(await f.names('favorite=IS:true', admin)).toEqual({ names: ['alpha', 'gamma'], total: 2 });
      expect(await f.names('favorite=IS:false', admin)).toEqual({
        names: ['beta', 'exp_One', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby'],
        total: 7,
      });
      expect(await f.names('favorite=IS_ANY_OF:true,false', admin)).toEqual({ names: ACTIVE, total: 9 });
    });

    it('gives API tokens no favorites', async () => {
      expect(await f.names('favorite=IS:true')).toEqual({ names: [], total: 0 });
      expect(await f.names('favorite=IS:false')).toEqual({ names: ACTIVE, total: 9 });
      expect(await f.names('favoritesFirst=true')).toEqual({ names: ACTIVE, total: 9 });
    });

    it('puts favorites first with any sort, and pages across them', async () => {
      expect(await f.names('favoritesFirst=true', admin)).toEqual({
        names: ['alpha', 'gamma', 'beta', 'exp_One', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby'],
        total: 9,
      });
      expect(await f.names('favoritesFirst=true&sortBy=name&sortOrder=desc', admin)).toEqual({
        names: ['gamma', 'alpha', 'xacby', 'xa_by', 'pct_two', 'pct_one', 'ks_two', 'exp_One', 'beta'],
        total: 9,
      });
      expect(await f.names('favoritesFirst=true&offset=1&limit=2', admin)).toEqual({ names: ['gamma', 'beta'], total: 9 });
      expect(await f.names('favoritesFirst=false', admin)).toEqual({ names: ACTIVE, total: 9 });
    });
  });

  describe('sorting', () => {
    it.each([
      ['sortBy=createdAt', ACTIVE],
      ['sortOrder=desc', ['xacby', 'xa_by', 'pct_two', 'pct_one', 'ks_two', 'exp_One', 'gamma', 'beta', 'alpha']],
      ['sortBy=name', ['alpha', 'beta', 'exp_One', 'gamma', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['sortBy=name&sortOrder=desc', ['xacby', 'xa_by', 'pct_two', 'pct_one', 'ks_two', 'gamma', 'exp_One', 'beta', 'alpha']],
      ['sortBy=type', ['beta', 'exp_One', 'gamma', 'ks_two', 'xa_by', 'xacby', 'alpha', 'pct_one', 'pct_two']],
      ['sortBy=type&sortOrder=desc', ['alpha', 'pct_one', 'pct_two', 'xa_by', 'xacby', 'gamma', 'ks_two', 'beta', 'exp_One']],
      ['sortBy=stale', ['alpha', 'exp_One', 'gamma', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby', 'beta']],
      ['sortBy=stale&sortOrder=desc', ['beta', 'alpha', 'exp_One', 'gamma', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['sortBy=project', ['alpha', 'beta', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby', 'exp_One', 'gamma']],
      ['sortBy=project&sortOrder=desc', ['exp_One', 'gamma', 'alpha', 'beta', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['sortBy=lastSeenAt', ['gamma', 'alpha', 'beta', 'exp_One', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['sortBy=lastSeenAt&sortOrder=desc', ['alpha', 'gamma', 'beta', 'exp_One', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby']],
      ['sortBy=environment:production', ['alpha', 'pct_one', 'beta', 'gamma', 'pct_two', 'exp_One', 'ks_two', 'xa_by', 'xacby']],
      [
        'sortBy=environment:production&sortOrder=desc',
        ['beta', 'gamma', 'pct_two', 'alpha', 'pct_one', 'exp_One', 'ks_two', 'xa_by', 'xacby'],
      ],
      [
        'sortBy=environment:development&sortOrder=desc',
        ['alpha', 'exp_One', 'gamma', 'beta', 'ks_two', 'pct_one', 'pct_two', 'xa_by', 'xacby'],
      ],
      ['sortBy=environment:nowhere', ACTIVE],
    ])('%s', async (query, names) => {
      expect(await f.names(query)).toEqual({ names, total: 9 });
    });

    it('pages through a sort across its groups', async () => {
      expect(await f.names('sortBy=environment:production&offset=1&limit=3')).toEqual({ names: ['pct_one', 'beta', 'gamma'], total: 9 });
      expect(await f.names('sortBy=environment:production&offset=4&limit=2')).toEqual({ names: ['pct_two', 'exp_One'], total: 9 });
      expect(await f.names('sortBy=lastSeenAt&offset=1&limit=2')).toEqual({ names: ['alpha', 'beta'], total: 9 });
    });

    it.each([
      'query=100%25',
      'query=_',
      'query=xa',
      'tag=INCLUDE_ANY_OF:simple:beta,team:payments',
      'segment=INCLUDE_ALL_OF:seg_a,seg_b',
      'status=development:enabled',
      'favorite=IS:false',
      'project=IS:payments',
      'createdAt=IS_ON_OR_AFTER:2024-01-12&sortOrder=desc',
      'sortBy=environment:production&status=production:enabled',
    ])('pages %s one by one (read along an index) as it lists it whole (read from its matches)', async (query) => {
      const whole = await f.names(`${query}&limit=1000`, admin);
      const oneByOne: string[] = [];
      for (let offset = 0; offset < whole.total; offset++) {
        const page = await f.names(`${query}&offset=${offset}&limit=1`, admin);
        expect(page.total).toBe(whole.total);
        oneByOne.push(...page.names);
      }
      expect(oneByOne).toEqual(whole.names);
    });

    it('sorts and filters together', async () => {
      expect(await f.names('sortBy=name&sortOrder=desc&project=IS:default&state=IS:active&limit=3')).toEqual({
        names: ['xacby', 'xa_by', 'pct_two'],
        total: 6,
      });
      expect(await f.names('sortBy=environment:production&query=pct')).toEqual({ names: ['pct_one', 'pct_two'], total: 2 });
    });
  });

  describe('changes', () => {
    it('sees new features, tags, environments and metrics at once', async () => {
      await f.feature({ name: 'zeta_new', description: 'Brand new', createdAt: day(18) });
      expect(await f.names('offset=9')).toEqual({ names: ['zeta_new'], total: 10 });
      expect(await f.names('query=brand')).toEqual({ names: ['zeta_new'], total: 1 });

      await f.tag('zeta_new', 'simple', 'fresh-tag');
      expect(await f.names('query=fresh-tag')).toEqual({ names: ['zeta_new'], total: 1 });
      expect(await f.names('tag=INCLUDE:simple:fresh-tag')).toEqual({ names: ['zeta_new'], total: 1 });

      await f.environment('zeta_new', 'production', { enabled: true });
      expect(await f.names('status=production:enabled')).toEqual({ names: ['beta', 'gamma', 'pct_two', 'zeta_new'], total: 4 });

      await t.db.execute("UPDATE flagwright_features SET description = 'Renamed idea' WHERE name = 'zeta_new'");
      expect(await f.names('query=brand')).toEqual({ names: [], total: 0 });
      const { body } = await f.search('query=renamed').expect(200);
      expect(body.features[0]).toMatchObject({
        name: 'zeta_new',
        description: 'Renamed idea',
        tags: [{ type: 'simple', value: 'fresh-tag', color: '#FFFFFF' }],
      });

      await t.db.execute("UPDATE flagwright_feature_environments SET last_seen_at = :at WHERE feature_name = 'zeta_new'", {
        at: t.db.toTimestamp(now),
      });
      await f.metrics('zeta_new', 'production', hourOf(now), 2, 9);
      const seen = await f.search('query=renamed').expect(200);
      expect(seen.body.features[0].environments[0]).toMatchObject({ lastSeenAt: now.toISOString(), yes: 2, no: 9 });

      await t.db.execute("DELETE FROM flagwright_feature_tags WHERE feature_name = 'zeta_new'");
      expect(await f.names('query=fresh-tag')).toEqual({ names: [], total: 0 });
      await t.db.execute("UPDATE flagwright_features SET archived_at = :at WHERE name = 'zeta_new'", { at: t.db.toTimestamp(now) });
      expect(await f.names()).toEqual({ names: ACTIVE, total: 9 });
      await t.db.execute("DELETE FROM flagwright_features WHERE name = 'zeta_new'");
      expect(await f.names('archived=IS:true')).toEqual({ names: ['old_archived', 'live_archived'], total: 2 });
    });
  });

  describe('activity', () => {
    const alphaDevelopment = async () => (await f.search('query=alpha').expect(200)).body.features[0].environments[0];

    it('shows new evaluations and last-seen times at once, and lets an hour pass', async () => {
      expect(await alphaDevelopment()).toMatchObject({ yes: 5, no: 3 });
      await t.db.execute(
        "UPDATE flagwright_client_metrics_hourly SET yes_count = yes_count + 10 WHERE feature_name = 'alpha' AND hour_start = :hour",
        { hour: t.db.toTimestamp(hourOf(now)) },
      );
      expect(await alphaDevelopment()).toMatchObject({ yes: 15, no: 3 });
      const seenAt = new Date(now.getTime() - 60_000);
      await t.db.execute(
        "UPDATE flagwright_feature_environments SET last_seen_at = :at WHERE feature_name = 'alpha' AND environment = 'development'",
        { at: t.db.toTimestamp(seenAt) },
      );
      await t.db.execute("UPDATE flagwright_features SET last_seen_at = :at WHERE name = 'alpha'", { at: t.db.toTimestamp(seenAt) });
      const { body } = await f.search('query=alpha').expect(200);
      expect(body.features[0]).toMatchObject({
        lastSeenAt: seenAt.toISOString(),
        environments: [{ lastSeenAt: seenAt.toISOString(), yes: 15, no: 3 }, { lastSeenAt: null }],
      });

      // Still counted an hour later (that hour overlaps the last 60 minutes), no longer two hours later.
      t.clock.advance(3_600_000);
      try {
        expect(await alphaDevelopment()).toMatchObject({ yes: 15, no: 3 });
        t.clock.advance(3_600_000);
        expect(await alphaDevelopment()).toMatchObject({ yes: 0, no: 0 });
      } finally {
        t.clock.advance(-2 * 3_600_000);
      }
      expect(await alphaDevelopment()).toMatchObject({ yes: 15, no: 3 });
    });
  });

  describe('indexes', () => {
    it('keeps a trigram index over names, descriptions and tags', async () => {
      if (t.db.isPostgres) {
        const rows = await t.db.query<{ indexname: string }>(
          "SELECT indexname FROM pg_indexes WHERE indexname LIKE '%trgm%' ORDER BY indexname",
        );
        expect(rows.map((r) => r.indexname)).toEqual([
          'flagwright_feature_tags_trgm_idx',
          'flagwright_features_description_trgm_idx',
          'flagwright_features_name_trgm_idx',
        ]);
      } else {
        const rows = await t.db.query<{ name: string; text: string }>(
          'SELECT k.feature_name AS name, s.text FROM flagwright_feature_search_fts s JOIN flagwright_feature_search_keys k ON k.id = s.rowid WHERE flagwright_feature_search_fts MATCH \'"team:pay"\'',
        );
        expect(rows).toEqual([{ name: 'gamma', text: 'gamma\npayments gateway\nteam:payments' }]);
      }
    });
  });

  describe('who may search', () => {
    it('lets a Viewer search', async () => {
      const viewer = await f.user({ username: 'viewer', rootRole: 3 });
      expect((await f.names('', { cookie: await sessionCookieFor(t, viewer) })).total).toBe(9);
    });

    it('answers 200 with the admin token, with or without a Bearer prefix', async () => {
      await f.search('', { token: `Bearer ${ADMIN_TOKEN}` }).expect(200);
    });
  });
});
