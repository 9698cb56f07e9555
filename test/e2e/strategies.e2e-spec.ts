import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { seedEnvironment, seedFeature, seedFeatureTag, seedPerson, seedProject, seedSegment } from '../helpers/seeds.js';
import { eventsOf } from '../helpers/events.js';
import { createStrategy, isEnabled, seedScopedUser, strategiesUrl, UUID } from './strategies.fixtures.js';

const ERROR_ID = expect.stringMatching(UUID);

describe('feature strategies', () => {
  let t: TestApp;
  const put = (url: string) => t.http().put(url).set('Authorization', ADMIN_TOKEN);
  const get = (url: string) => t.http().get(url).set('Authorization', ADMIN_TOKEN);

  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'p1');
    await seedProject(t, 'p2', { defaultStickiness: 'userId' });
    await seedEnvironment(t, 'staging');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('create, read, list, delete', () => {
    it('creates a strategy with defaults, answers 200 with it, and records feature-strategy-add', async () => {
      await seedFeature(t, 'crud1', 'p1');
      const res = await t
        .http()
        .post(strategiesUrl('p1', 'crud1', 'production'))
        .set('Authorization', ADMIN_TOKEN)
        .send({ name: 'default' })
        .expect(200);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'default',
        title: null,
        disabled: false,
        featureName: 'crud1',
        sortOrder: 0,
        segments: [],
        constraints: [],
        variants: [],
        parameters: {},
      });
      const read = await get(strategiesUrl('p1', 'crud1', 'production', res.body.id)).expect(200);
      expect(read.body).toEqual(res.body);
      const events = await eventsOf(t, { feature: 'crud1' });
      expect(events).toEqual([
        expect.objectContaining({
          type: 'feature-strategy-add',
          project: 'p1',
          featureName: 'crud1',
          environment: 'production',
          data: res.body,
          preData: null,
        }),
      ]);
    });

    it('appends new strategies after the last one and lists them in order', async () => {
      await seedFeature(t, 'crud2', 'p1');
      const first = await createStrategy(t, 'p1', 'crud2', 'development', { name: 'default' });
      const second = await createStrategy(t, 'p1', 'crud2', 'development', {
        name: 'flexibleRollout',
        title: 'Half',
        parameters: { rollout: '50' },
      });
      const placed = await createStrategy(t, 'p1', 'crud2', 'development', { name: 'default', sortOrder: -1 });
      expect([first.sortOrder, second.sortOrder, placed.sortOrder]).toEqual([0, 1, -1]);
      expect(second.parameters).toEqual({ rollout: '50', stickiness: 'default', groupId: 'crud2' });
      const list = await get(strategiesUrl('p1', 'crud2', 'development')).expect(200);
      expect(list.body.map((s: { id: string }) => s.id)).toEqual([placed.id, first.id, second.id]);
      expect((await get(strategiesUrl('p1', 'crud2', 'production')).expect(200)).body).toEqual([]);
    });

    it('creates with every property, validated as the update is', async () => {
      await seedFeature(t, 'crud3', 'p1');
      const segment = await seedSegment(t, 'crud3-seg');
      const created = await createStrategy(t, 'p1', 'crud3', 'production', {
        name: 'remoteAddress',
        title: 'Office',
        disabled: true,
        parameters: { IPs: '10.0.0.1' },
        constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
        variants: [{ name: 'v', weight: 1, weightType: 'variable', stickiness: 'default' }],
        segments: [segment],
        id: 'ignored',
      });
      expect(created).toMatchObject({
        name: 'remoteAddress',
        title: 'Office',
        disabled: true,
        segments: [segment],
        constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'], caseInsensitive: false, inverted: false }],
        variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'default' }],
      });
      expect(created.id).not.toBe('ignored');
      const bad = await t
        .http()
        .post(strategiesUrl('p1', 'crud3', 'production'))
        .set('Authorization', ADMIN_TOKEN)
        .send({ title: 'x', constraints: [{ contextName: 'a', operator: 'NOPE' }] })
        .expect(400);
      expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/constraints/0/operator', '/body/name']);
      const unknownType = await t
        .http()
        .post(strategiesUrl('p1', 'crud3', 'production'))
        .set('Authorization', ADMIN_TOKEN)
        .send({ name: 'userWithId' })
        .expect(400);
      expect(unknownType.body).toEqual({
        id: ERROR_ID,
        name: 'ValidationError',
        message: 'The `/body/name` property must be the name of an existing strategy type. You sent "userWithId".',
        details: [
          {
            path: '/body/name',
            message: 'The `/body/name` property must be the name of an existing strategy type. You sent "userWithId".',
          },
        ],
      });
    });

    it('deletes a strategy, records feature-strategy-remove and then answers 404 for it', async () => {
      await seedFeature(t, 'crud4', 'p1');
      const keep = await createStrategy(t, 'p1', 'crud4', 'production', { name: 'default' });
      const gone = await createStrategy(t, 'p1', 'crud4', 'production', { name: 'default', title: 'bye' });
      await t
        .http()
        .delete(strategiesUrl('p1', 'crud4', 'production', gone.id))
        .set('Authorization', ADMIN_TOKEN)
        .expect(200);
      const res = await get(strategiesUrl('p1', 'crud4', 'production', gone.id)).expect(404);
      expect(res.body).toEqual({
        id: ERROR_ID,
        name: 'NotFoundError',
        message: `Could not find strategy ${gone.id} in environment production of feature crud4`,
      });
      await t
        .http()
        .delete(strategiesUrl('p1', 'crud4', 'production', gone.id))
        .set('Authorization', ADMIN_TOKEN)
        .expect(404);
      expect((await get(strategiesUrl('p1', 'crud4', 'production')).expect(200)).body.map((s: { id: string }) => s.id)).toEqual([keep.id]);
      const events = await eventsOf(t, { feature: 'crud4' });
      expect(events.at(-1)).toMatchObject({ type: 'feature-strategy-remove', environment: 'production', data: null, preData: gone });
    });

    it('refuses a 31st strategy in one feature environment, naming the limit', async () => {
      await seedFeature(t, 'crud5', 'p1');
      for (let i = 0; i < 30; i++) await createStrategy(t, 'p1', 'crud5', 'development', { name: 'default' });
      const res = await t
        .http()
        .post(strategiesUrl('p1', 'crud5', 'development'))
        .set('Authorization', ADMIN_TOKEN)
        .send({ name: 'default' })
        .expect(400);
      expect(res.body).toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining('limit of 30 strategies per feature environment'),
      });
      await createStrategy(t, 'p1', 'crud5', 'production', { name: 'default' });
    });
  });

  describe('the update (PUT)', () => {
    let seq = 0;
    async function fresh(body: object = {}, project = 'p1', enabledIn: string[] = []) {
      const feature = `upd${++seq}`;
      await seedFeature(t, feature, project, enabledIn);
      const strategy = await createStrategy(t, project, feature, 'production', {
        name: 'flexibleRollout',
        title: 'Original',
        parameters: { rollout: '25', stickiness: 'userId', groupId: 'g' },
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }],
        ...body,
      });
      return { feature, strategy, url: strategiesUrl(project, feature, 'production', strategy.id) };
    }

    it('moves the search generation only when what search shows changes (disabled), and writes the sort order it is given', async () => {
      const { url } = await fresh();
      const searchGeneration = async () =>
        String((await t.db.one<{ generation: unknown }>('SELECT generation FROM flagwright_search_generation WHERE id = 1'))?.generation);
      const configuration = { name: 'flexibleRollout', parameters: { rollout: '60', stickiness: 'userId', groupId: 'g' } };
      const before = await searchGeneration();
      await put(url)
        .send({ ...configuration, title: 'Edited', constraints: [] })
        .expect(200);
      expect(await searchGeneration()).toBe(before);
      expect(
        (
          await put(url)
            .send({ ...configuration, sortOrder: 7 })
            .expect(200)
        ).body.sortOrder,
      ).toBe(7);
      expect(await searchGeneration()).toBe(before);
      expect((await get(url).expect(200)).body).toMatchObject({ title: 'Edited', sortOrder: 7, disabled: false });
      expect(
        (
          await put(url)
            .send({ ...configuration, disabled: true })
            .expect(200)
        ).body.disabled,
      ).toBe(true);
      expect(await searchGeneration()).not.toBe(before);
      expect((await get(url).expect(200)).body).toMatchObject({ sortOrder: 7, disabled: true, parameters: { rollout: '60' } });
    });

    it('replaces everything it is given and answers the spec 2.3 shape; GET reads back the same', async () => {
      const { feature, strategy, url } = await fresh();
      const segA = await seedSegment(t, 'upd-a');
      const segB = await seedSegment(t, 'upd-b', 'p1');
      const body = {
        name: 'remoteAddress',
        title: 'New title',
        disabled: false,
        sortOrder: 5,
        parameters: { IPs: '127.0.0.1,10.0.0.1' },
        constraints: [
          { contextName: 'appName', operator: 'NOT_IN', values: ['a', 'b'], inverted: true, caseInsensitive: true },
          { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'] },
          { contextName: 'email', operator: 'STR_STARTS_WITH', values: ['admin'] },
          { contextName: 'email', operator: 'STR_CONTAINS', values: ['x'] },
          { contextName: 'age', operator: 'NUM_EQ', value: '42' },
          { contextName: 'age', operator: 'NUM_GT', value: '1.5' },
          { contextName: 'age', operator: 'NUM_GTE', value: '-3' },
          { contextName: 'age', operator: 'NUM_LT', value: '100' },
          { contextName: 'age', operator: 'NUM_LTE', value: '0' },
          { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2024-01-01T00:00:00.000Z' },
          { contextName: 'currentTime', operator: 'DATE_BEFORE', value: '2030-12-31' },
          { contextName: 'version', operator: 'SEMVER_EQ', value: '1.2.3' },
          { contextName: 'version', operator: 'SEMVER_GT', value: '1.2.3-beta.1' },
          { contextName: 'version', operator: 'SEMVER_LT', value: '2.0.0' },
          { contextName: 'version', operator: 'SEMVER_GTE', value: '1.0.0' },
          { contextName: 'version', operator: 'SEMVER_LTE', value: '3.0.0-rc.2' },
          { contextName: 'userId', operator: 'REGEX', value: '^user-\\d+$', caseInsensitive: true },
        ],
        variants: [
          { name: 'blue', weight: 200, weightType: 'fix', stickiness: 'userId', payload: { type: 'json', value: '{"color":"blue"}' } },
          { name: 'red', weight: 0, weightType: 'variable', stickiness: 'userId', payload: { type: 'string', value: 'red' } },
          { name: 'green', weight: 999, weightType: 'variable', stickiness: 'userId' },
        ],
        segments: [segB, segA],
      };
      const res = await put(url).send(body).expect(200);
      const expected = {
        id: strategy.id,
        name: 'remoteAddress',
        title: 'New title',
        disabled: false,
        featureName: feature,
        sortOrder: 5,
        segments: [segA, segB],
        constraints: body.constraints.map((c) => ({ values: [], caseInsensitive: false, inverted: false, ...c })),
        variants: [
          { name: 'blue', weight: 200, weightType: 'fix', stickiness: 'userId', payload: { type: 'json', value: '{"color":"blue"}' } },
          { name: 'green', weight: 400, weightType: 'variable', stickiness: 'userId' },
          { name: 'red', weight: 400, weightType: 'variable', stickiness: 'userId', payload: { type: 'string', value: 'red' } },
        ],
        parameters: { IPs: '127.0.0.1,10.0.0.1' },
      };
      expect(res.body).toEqual(expected);
      expect((await get(url).expect(200)).body).toEqual(expected);
      const links = await t.db.query<{ segment_id: number }>(
        'SELECT segment_id FROM flagwright_feature_strategy_segments WHERE strategy_id = :id ORDER BY segment_id',
        { id: strategy.id },
      );
      expect(links.map((l) => Number(l.segment_id))).toEqual([segA, segB]);
    });

    it('with an empty body keeps name, title, disabled, sortOrder and segments, empties the rest, and refills flexibleRollout defaults', async () => {
      const segment = await seedSegment(t, 'upd-keep');
      const { feature, strategy, url } = await fresh({
        segments: [segment],
        sortOrder: 3,
        variants: [{ name: 'v', weight: 0, weightType: 'variable', stickiness: 'default' }],
      });
      const res = await put(url).send({}).expect(200);
      expect(res.body).toEqual({
        id: strategy.id,
        name: 'flexibleRollout',
        title: 'Original',
        disabled: false,
        featureName: feature,
        sortOrder: 3,
        segments: [segment],
        constraints: [],
        variants: [],
        parameters: { rollout: '100', stickiness: 'default', groupId: feature },
      });
    });

    it('fills flexibleRollout defaults from the project default stickiness, for missing or empty values', async () => {
      const { feature, url } = await fresh({}, 'p2');
      const res = await put(url)
        .send({ parameters: { rollout: '30', stickiness: '', groupId: '' } })
        .expect(200);
      expect(res.body.parameters).toEqual({ rollout: '30', stickiness: 'userId', groupId: feature });
      const named = await put(url)
        .send({ name: 'flexibleRollout', parameters: { stickiness: 'sessionId' } })
        .expect(200);
      expect(named.body.parameters).toEqual({ rollout: '100', stickiness: 'sessionId', groupId: feature });
    });

    it('clears the title with null, keeps disabled with null, and keeps both when omitted', async () => {
      const { url } = await fresh({ disabled: true, title: 'T' });
      expect((await put(url).send({ title: null, disabled: null }).expect(200)).body).toMatchObject({ title: null, disabled: true });
      expect((await put(url).send({ title: '' }).expect(200)).body).toMatchObject({ title: '', disabled: true });
      expect((await put(url).send({ disabled: false }).expect(200)).body).toMatchObject({ title: '', disabled: false });
      expect((await get(url).expect(200)).body).toMatchObject({ title: '', disabled: false });
    });

    it('keeps segments when omitted, removes them with [], and sets exactly the list given', async () => {
      const [s1, s2, s3] = [await seedSegment(t, 'upd-s1'), await seedSegment(t, 'upd-s2'), await seedSegment(t, 'upd-s3')];
      const { url } = await fresh({ segments: [s1, s2] });
      expect((await put(url).send({ title: 'x' }).expect(200)).body.segments).toEqual([s1, s2]);
      expect(
        (
          await put(url)
            .send({ segments: [s3, s2] })
            .expect(200)
        ).body.segments,
      ).toEqual([s2, s3]);
      expect((await put(url).send({ segments: [] }).expect(200)).body.segments).toEqual([]);
      expect((await get(url).expect(200)).body.segments).toEqual([]);
    });

    it('ignores unknown top-level properties such as id and featureName, and stores numbers and booleans as text', async () => {
      const { feature, strategy, url } = await fresh();
      const res = await put(url)
        .send({
          id: 'other-id',
          featureName: 'other-feature',
          projectId: 'nope',
          anything: { nested: true },
          name: 'default',
          parameters: { a: 1, b: true, c: 'x' },
          constraints: [
            { contextName: 'n', operator: 'NUM_GT', value: 7 },
            { contextName: 'm', operator: 'IN', values: [1, false, 'z'] },
          ],
        })
        .expect(200);
      expect(res.body).toMatchObject({
        id: strategy.id,
        featureName: feature,
        name: 'default',
        parameters: { a: '1', b: 'true', c: 'x' },
        constraints: [
          { contextName: 'n', operator: 'NUM_GT', value: '7', values: [], caseInsensitive: false, inverted: false },
          { contextName: 'm', operator: 'IN', values: ['1', 'false', 'z'], caseInsensitive: false, inverted: false },
        ],
      });
    });

    it('records feature-strategy-update with the new and previous strategy, and nothing for a request that changes nothing', async () => {
      const { feature, strategy, url } = await fresh();
      await seedFeatureTag(t, feature, 'simple', 'team-a');
      const updated = await put(url)
        .send({ title: 'Changed', parameters: { rollout: '25', stickiness: 'userId', groupId: 'g' } })
        .expect(200);
      await put(url)
        .send({ title: 'Changed', parameters: { rollout: '25', stickiness: 'userId', groupId: 'g' } })
        .expect(200);
      await put(url)
        .send({ title: 'Changed', parameters: { groupId: 'g', stickiness: 'userId', rollout: '25' }, segments: [] })
        .expect(200);
      const events = await eventsOf(t, { feature: feature });
      expect(events.map((e) => e.type)).toEqual(['feature-strategy-add', 'feature-strategy-update']);
      expect(events[1]).toMatchObject({
        createdBy: 'init-admin-token',
        project: 'p1',
        featureName: feature,
        environment: 'production',
        data: updated.body,
        preData: { ...strategy },
        tags: [{ type: 'simple', value: 'team-a' }],
      });
      expect(updated.body.constraints).toEqual([]);
      expect((events[1].preData as { constraints: unknown[] }).constraints).toHaveLength(1);
    });

    it('honours sortOrder', async () => {
      const { url } = await fresh();
      expect((await put(url).send({ sortOrder: 42 }).expect(200)).body.sortOrder).toBe(42);
      expect((await get(url).expect(200)).body.sortOrder).toBe(42);
    });

    it('splits variable weights as the anchor does', async () => {
      const { url } = await fresh();
      const variants = ['c', 'a', 'b'].map((name) => ({ name, weight: 0, weightType: 'variable', stickiness: 'default' }));
      const res = await put(url).send({ variants }).expect(200);
      expect(res.body.variants.map((v: { name: string; weight: number }) => [v.name, v.weight])).toEqual([
        ['a', 333],
        ['b', 333],
        ['c', 334],
      ]);
    });
  });

  describe('validation of the update body (400 ValidationError naming every property)', () => {
    let url: string;
    beforeAll(async () => {
      await seedFeature(t, 'val', 'p1');
      const strategy = await createStrategy(t, 'p1', 'val', 'production', { name: 'default' });
      url = strategiesUrl('p1', 'val', 'production', strategy.id);
    });

    const c = (constraint: object) => ({ constraints: [{ contextName: 'ctx', ...constraint }] });
    const v = (variant: object) => ({ variants: [{ name: 'v', weight: 0, weightType: 'variable', stickiness: 'default', ...variant }] });
    const cases: [string, object, string[]][] = [
      ['unknown operator', c({ operator: 'LIKE', values: ['x'] }), ['/body/constraints/0/operator']],
      ['missing operator', { constraints: [{ contextName: 'a', values: ['x'] }] }, ['/body/constraints/0/operator']],
      ['missing contextName', { constraints: [{ operator: 'IN', values: ['x'] }] }, ['/body/constraints/0/contextName']],
      ['unknown constraint property', c({ operator: 'IN', values: ['x'], foo: 1 }), ['/body/constraints/0/foo']],
      ['single-value operator without value', c({ operator: 'NUM_GT', values: ['1'] }), ['/body/constraints/0/value']],
      ['single-value operator with empty value', c({ operator: 'DATE_AFTER', value: '' }), ['/body/constraints/0/value']],
      ['multi-value operator without values', c({ operator: 'IN', value: 'x' }), ['/body/constraints/0/values']],
      ['multi-value operator with empty values', c({ operator: 'STR_CONTAINS', values: [] }), ['/body/constraints/0/values']],
      ['empty string in values', c({ operator: 'IN', values: ['ok', ''] }), ['/body/constraints/0/values/1']],
      ['value over 100 characters', c({ operator: 'NOT_IN', values: ['x'.repeat(101)] }), ['/body/constraints/0/values/0']],
      ['object in values', c({ operator: 'IN', values: [{ a: 1 }] }), ['/body/constraints/0/values/0']],
      ['values not an array', c({ operator: 'IN', values: 'x' }), ['/body/constraints/0/values']],
      ['NUM value not a number', c({ operator: 'NUM_EQ', value: 'abc' }), ['/body/constraints/0/value']],
      ['DATE value not a date', c({ operator: 'DATE_BEFORE', value: 'notadate' }), ['/body/constraints/0/value']],
      ['SEMVER with a capital V prefix', c({ operator: 'SEMVER_EQ', value: 'V1.2.3' }), ['/body/constraints/0/value']],
      ['SEMVER with two components', c({ operator: 'SEMVER_GT', value: '1.2' }), ['/body/constraints/0/value']],
      ['REGEX that does not compile', c({ operator: 'REGEX', value: '(' }), ['/body/constraints/0/value']],
      ['inverted REGEX', c({ operator: 'REGEX', value: 'a+', inverted: true }), ['/body/constraints/0/inverted']],
      [
        'caseInsensitive not boolean',
        c({ operator: 'IN', values: ['x'], caseInsensitive: 'yes' }),
        ['/body/constraints/0/caseInsensitive'],
      ],
      ['inverted not boolean', c({ operator: 'IN', values: ['x'], inverted: 1 }), ['/body/constraints/0/inverted']],
      ['constraints not an array', { constraints: { a: 1 } }, ['/body/constraints']],
      ['parameters an array', { parameters: ['a'] }, ['/body/parameters']],
      ['parameters a string', { parameters: 'abc' }, ['/body/parameters']],
      ['parameters null', { parameters: null }, ['/body/parameters']],
      ['null parameter value', { parameters: { rollout: null } }, ['/body/parameters/rollout']],
      ['object parameter value', { parameters: { a: { b: 1 } } }, ['/body/parameters/a']],
      ['array parameter value', { parameters: { a: ['x'] } }, ['/body/parameters/a']],
      ['unknown strategy type', { name: 'gradualRolloutRandom' }, ['/body/name']],
      ['name not a string', { name: 5 }, ['/body/name']],
      ['title not a string', { title: 5 }, ['/body/title']],
      ['disabled not a boolean', { disabled: 'yes' }, ['/body/disabled']],
      ['sortOrder not a number', { sortOrder: 'first' }, ['/body/sortOrder']],
      ['sortOrder beyond a 32-bit integer', { sortOrder: 99_999_999_999 }, ['/body/sortOrder']],
      ['NUM_ value in hexadecimal', c({ operator: 'NUM_GT', value: '0x1A' }), ['/body/constraints/0/value']],
      ['segments not an array', { segments: 1 }, ['/body/segments']],
      ['segment id not a number', { segments: ['x'] }, ['/body/segments/0']],
      ['unknown segment id', { segments: [987654] }, ['/body/segments/0']],
      ['variant weight over 1000', v({ weight: 1001 }), ['/body/variants/0/weight']],
      ['variant weight negative', v({ weight: -1 }), ['/body/variants/0/weight']],
      ['variant weight not integer', v({ weight: 1.5 }), ['/body/variants/0/weight']],
      ['variant weightType unknown', v({ weightType: 'heavy' }), ['/body/variants/0/weightType']],
      ['variant without stickiness', { variants: [{ name: 'v', weight: 0, weightType: 'variable' }] }, ['/body/variants/0/stickiness']],
      ['variant name not URL friendly', v({ name: 'a b' }), ['/body/variants/0/name']],
      ['variant name empty', v({ name: '' }), ['/body/variants/0/name']],
      ['variant unknown property', v({ overrides: [] }), ['/body/variants/0/overrides']],
      ['payload unknown property', v({ payload: { type: 'string', value: 'x', extra: 1 } }), ['/body/variants/0/payload/extra']],
      ['payload type unknown', v({ payload: { type: 'xml', value: 'x' } }), ['/body/variants/0/payload/type']],
      ['payload json does not parse', v({ payload: { type: 'json', value: '{bad' } }), ['/body/variants/0/payload/value']],
      ['payload value not a string', v({ payload: { type: 'number', value: 5 } }), ['/body/variants/0/payload/value']],
      [
        'duplicate variant names',
        {
          variants: [
            { name: 'v', weight: 0, weightType: 'variable', stickiness: 'd' },
            { name: 'v', weight: 0, weightType: 'variable', stickiness: 'd' },
          ],
        },
        ['/body/variants/1/name'],
      ],
      ['no variable variant', { variants: [{ name: 'f', weight: 100, weightType: 'fix', stickiness: 'd' }] }, ['/body/variants']],
      [
        'fix weights over 1000',
        {
          variants: [
            { name: 'f1', weight: 600, weightType: 'fix', stickiness: 'd' },
            { name: 'f2', weight: 500, weightType: 'fix', stickiness: 'd' },
            { name: 'v', weight: 0, weightType: 'variable', stickiness: 'd' },
          ],
        },
        ['/body/variants'],
      ],
    ];

    it.each(cases)('%s', async (_, body, paths) => {
      const res = await put(url).send(body).expect(400);
      expect(res.body).toEqual({
        id: ERROR_ID,
        name: 'ValidationError',
        message: expect.any(String),
        details: paths.map((path) => ({ path, message: expect.any(String) })),
      });
      for (const path of paths) expect(res.body.message).toContain(`\`${path}`);
    });

    it('states the range of sortOrder', async () => {
      const res = await put(url).send({ sortOrder: 99_999_999_999 }).expect(400);
      expect(res.body.details).toEqual([
        {
          path: '/body/sortOrder',
          message: 'The `/body/sortOrder` property must be a whole number from -2147483648 to 2147483647. You sent 99999999999.',
        },
      ]);
    });

    it('reports every offending property at once', async () => {
      const res = await put(url)
        .send({
          name: 'nope',
          title: 1,
          parameters: { a: null },
          constraints: [{ contextName: 'a', operator: 'NUM_GT', value: 'x' }],
          variants: [{ name: 'v' }],
        })
        .expect(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([
        '/body/constraints/0/value',
        '/body/parameters/a',
        '/body/variants/0/weight',
        '/body/variants/0/weightType',
        '/body/variants/0/stickiness',
        '/body/title',
        '/body/name',
      ]);
      expect(res.body.message).toMatch(/^Request validation failed: .*`\/body\/constraints\/0\/value`.*`\/body\/name`/);
    });

    it('answers a body that is not an object with 400 naming /body', async () => {
      const res = await put(url).set('Content-Type', 'application/json').send('[]').expect(400);
      expect(res.body).toEqual({
        id: ERROR_ID,
        name: 'ValidationError',
        message: 'The `/body` property must be object. You sent [].',
        details: [{ path: '/body', message: 'The `/body` property must be object. You sent [].' }],
      });
      await put(url).set('Content-Type', 'application/json').send('"text"').expect(400);
    });

    it('answers malformed JSON with 400', async () => {
      const res = await put(url).set('Content-Type', 'application/json').send('{"title": ').expect(400);
      expect(res.body.name).toBe('ValidationError');
    });

    it('applies the limits, naming them', async () => {
      const constraints = Array.from({ length: 31 }, () => ({ contextName: 'a', operator: 'IN', values: ['x'] }));
      const tooMany = await put(url).send({ constraints }).expect(400);
      expect(tooMany.body.details).toEqual([{ path: '/body/constraints', message: expect.stringContaining('more than 30 constraints') }]);
      const values = Array.from({ length: 251 }, (_, i) => `v${i}`);
      const tooManyValues = await put(url)
        .send({ constraints: [{ contextName: 'a', operator: 'IN', values }] })
        .expect(400);
      expect(tooManyValues.body.details).toEqual([
        { path: '/body/constraints/0/values', message: expect.stringContaining('more than 250 values') },
      ]);
      const segments = [];
      for (let i = 0; i < 6; i++) segments.push(await seedSegment(t, `limit-${i}`));
      const tooManySegments = await put(url).send({ segments }).expect(400);
      expect(tooManySegments.body.details).toEqual([{ path: '/body/segments', message: expect.stringContaining('more than 5 segments') }]);
      await put(url)
        .send({ constraints: constraints.slice(1), segments: segments.slice(1) })
        .expect(200);
      await put(url)
        .send({ constraints: [{ contextName: 'a', operator: 'IN', values: values.slice(1) }] })
        .expect(200);
    });

    it('refuses a segment of another project', async () => {
      const other = await seedSegment(t, 'only-p2', 'p2');
      const res = await put(url)
        .send({ segments: [other] })
        .expect(400);
      expect(res.body.details).toEqual([{ path: '/body/segments/0', message: expect.stringContaining('belongs to project p2') }]);
    });

    it('leaves the strategy untouched after a 400', async () => {
      const before = (await get(url).expect(200)).body;
      await put(url)
        .send({ title: 'changed', constraints: [{ contextName: 'a', operator: 'NOPE' }] })
        .expect(400);
      expect((await get(url).expect(200)).body).toEqual(before);
    });
  });

  describe('authentication, permission, content type and the order of checks', () => {
    let url: string;
    let viewerCookie: string;
    let devOnlyCookie: string;
    beforeAll(async () => {
      await seedFeature(t, 'auth1', 'p1');
      const strategy = await createStrategy(t, 'p1', 'auth1', 'production', { name: 'default' });
      url = strategiesUrl('p1', 'auth1', 'production', strategy.id);
      const viewer = await seedPerson(t, { username: 'viewer1' });
      viewerCookie = await sessionCookieFor(t, viewer);
      devOnlyCookie = await sessionCookieFor(t, await seedScopedUser(t, 'devonly', 'UPDATE_FEATURE_STRATEGY', 'p1', 'development'));
    });

    it('answers 401 without credentials', async () => {
      const res = await t.http().put(url).send({}).expect(401);
      expect(res.body).toMatchObject({ id: ERROR_ID, name: 'AuthenticationRequired' });
    });

    it('answers 403 naming the permission, the environment and the project', async () => {
      const res = await t.http().put(url).set('Cookie', viewerCookie).send({}).expect(403);
      expect(res.body).toEqual({
        id: ERROR_ID,
        name: 'NoAccessError',
        message:
          'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE_STRATEGY" permission in the "production" environment of the "p1" project.',
      });
    });

    it('checks the permission in the environment of the URL', async () => {
      const res = await t.http().put(url).set('Cookie', devOnlyCookie).send({}).expect(403);
      expect(res.body.message).toContain('"UPDATE_FEATURE_STRATEGY" permission in the "production" environment');
      await seedFeature(t, 'auth2', 'p1');
      const dev = await createStrategy(t, 'p1', 'auth2', 'development', { name: 'default' });
      await t
        .http()
        .put(strategiesUrl('p1', 'auth2', 'development', dev.id))
        .set('Cookie', devOnlyCookie)
        .send({ title: 'by dev' })
        .expect(200);
      const events = await eventsOf(t, { feature: 'auth2' });
      expect(events.at(-1)).toMatchObject({ type: 'feature-strategy-update', createdBy: 'devonly' });
    });

    it('names CREATE_FEATURE_STRATEGY and DELETE_FEATURE_STRATEGY on create and delete', async () => {
      const created = await t
        .http()
        .post(strategiesUrl('p1', 'auth1', 'production'))
        .set('Cookie', viewerCookie)
        .send({ name: 'default' })
        .expect(403);
      expect(created.body.message).toContain('"CREATE_FEATURE_STRATEGY" permission in the "production" environment of the "p1" project');
      const deleted = await t.http().delete(url).set('Cookie', viewerCookie).expect(403);
      expect(deleted.body.message).toContain('"DELETE_FEATURE_STRATEGY" permission in the "production" environment of the "p1" project');
      await t.http().get(url).set('Cookie', viewerCookie).expect(200);
    });

    it('refuses client tokens on the admin API', async () => {
      await t.http().put(url).set('Authorization', CLIENT_TOKEN).send({}).expect(403);
    });

    it('answers 415 for a body that is not application/json, after 403', async () => {
      const res = await put(url).set('Content-Type', 'text/plain').send('title=x').expect(415);
      expect(res.body).toEqual({
        id: ERROR_ID,
        name: 'ContentTypeerror',
        message:
          'We do not accept the content-type you provided (text/plain). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format.',
      });
      await t.http().put(url).set('Cookie', viewerCookie).set('Content-Type', 'text/plain').send('x').expect(403);
    });

    it('answers 400 before 404, and 415 before 400', async () => {
      const missing = strategiesUrl('nowhere', 'nothing', 'nowhere', 'none');
      await put(missing).send({ constraints: 'bad' }).expect(400);
      await put(missing).set('Content-Type', 'text/plain').send('x').expect(415);
      await put(missing).send({}).expect(404);
    });
  });

  describe('404s name the first missing thing in URL order', () => {
    let strategyId: string;
    let devStrategyId: string;
    beforeAll(async () => {
      await seedProject(t, 'p404', { environments: ['production'] });
      await seedFeature(t, 'nf1', 'p1');
      await seedFeature(t, 'nf2', 'p1');
      await seedFeature(t, 'nf-other', 'p404');
      strategyId = (await createStrategy(t, 'p1', 'nf1', 'production', { name: 'default' })).id;
      devStrategyId = (await createStrategy(t, 'p1', 'nf1', 'development', { name: 'default' })).id;
    });

    const notFound = async (url: string, message: string) => {
      for (const request of [
        put(url).send({}),
        get(url),
        t.http().patch(url).set('Authorization', ADMIN_TOKEN).send([]),
        t.http().delete(url).set('Authorization', ADMIN_TOKEN),
      ]) {
        const res = await request.expect(404);
        expect(res.body).toEqual({ id: ERROR_ID, name: 'NotFoundError', message });
      }
    };

    it('project', () => notFound(strategiesUrl('p9', 'nf1', 'production', strategyId), 'Could not find project p9'));
    it('feature, also when it lives in another project', async () => {
      await notFound(strategiesUrl('p1', 'f2', 'production', strategyId), 'Could not find feature f2 in project p1');
      await notFound(strategiesUrl('p1', 'nf-other', 'production', strategyId), 'Could not find feature nf-other in project p1');
    });
    it('environment: unknown, or not enabled for the project', async () => {
      await notFound(strategiesUrl('p1', 'nf1', 'qa', strategyId), 'Could not find environment qa in project p1');
      await notFound(strategiesUrl('p1', 'nf1', 'staging', strategyId), 'Could not find environment staging in project p1');
      await notFound(
        strategiesUrl('p404', 'nf-other', 'development', strategyId),
        'Could not find environment development in project p404',
      );
    });
    it('strategy: unknown, of another feature, or of another environment', async () => {
      await notFound(strategiesUrl('p1', 'nf1', 'production', 's1'), 'Could not find strategy s1 in environment production of feature nf1');
      await notFound(
        strategiesUrl('p1', 'nf2', 'production', strategyId),
        `Could not find strategy ${strategyId} in environment production of feature nf2`,
      );
      await notFound(
        strategiesUrl('p1', 'nf1', 'production', devStrategyId),
        `Could not find strategy ${devStrategyId} in environment production of feature nf1`,
      );
    });
    it('also for the list, create and set-sort-order', async () => {
      expect((await get(strategiesUrl('p1', 'f2', 'production')).expect(404)).body.message).toBe('Could not find feature f2 in project p1');
      const created = await t
        .http()
        .post(strategiesUrl('p1', 'nf1', 'staging'))
        .set('Authorization', ADMIN_TOKEN)
        .send({ name: 'default' })
        .expect(404);
      expect(created.body.message).toBe('Could not find environment staging in project p1');
      const sorted = await t
        .http()
        .post(`${strategiesUrl('p9', 'nf1', 'production')}/set-sort-order`)
        .set('Authorization', ADMIN_TOKEN)
        .send([])
        .expect(404);
      expect(sorted.body.message).toBe('Could not find project p9');
    });
  });

  describe('switching the environment off when every strategy is disabled', () => {
    it('switches it off on the update that disables the last enabled strategy, and records both events', async () => {
      await seedFeature(t, 'auto1', 'p1', ['production', 'development']);
      const a = await createStrategy(t, 'p1', 'auto1', 'production', { name: 'default' });
      const b = await createStrategy(t, 'p1', 'auto1', 'production', { name: 'default' });
      await put(strategiesUrl('p1', 'auto1', 'production', a.id))
        .send({ disabled: true })
        .expect(200);
      expect(await isEnabled(t, 'auto1', 'production')).toBe(true);
      await put(strategiesUrl('p1', 'auto1', 'production', b.id))
        .send({ disabled: true })
        .expect(200);
      expect(await isEnabled(t, 'auto1', 'production')).toBe(false);
      expect(await isEnabled(t, 'auto1', 'development')).toBe(true);
      const events = await eventsOf(t, { feature: 'auto1' });
      expect(events.slice(-2).map((e) => [e.type, e.environment])).toEqual([
        ['feature-strategy-update', 'production'],
        ['feature-environment-disabled', 'production'],
      ]);
      await put(strategiesUrl('p1', 'auto1', 'production', b.id))
        .send({ disabled: true, title: 'again' })
        .expect(200);
      expect((await eventsOf(t, { feature: 'auto1' })).at(-1)?.type).toBe('feature-strategy-update');
    });

    it('switches it off when the last enabled strategy is deleted', async () => {
      await seedFeature(t, 'auto2', 'p1', ['production']);
      const disabled = await createStrategy(t, 'p1', 'auto2', 'production', { name: 'default', disabled: true });
      const enabled = await createStrategy(t, 'p1', 'auto2', 'production', { name: 'default' });
      await t
        .http()
        .delete(strategiesUrl('p1', 'auto2', 'production', disabled.id))
        .set('Authorization', ADMIN_TOKEN)
        .expect(200);
      expect(await isEnabled(t, 'auto2', 'production')).toBe(true);
      await t
        .http()
        .delete(strategiesUrl('p1', 'auto2', 'production', enabled.id))
        .set('Authorization', ADMIN_TOKEN)
        .expect(200);
      expect(await isEnabled(t, 'auto2', 'production')).toBe(false);
      expect((await eventsOf(t, { feature: 'auto2' })).slice(-2).map((e) => e.type)).toEqual([
        'feature-strategy-remove',
        'feature-environment-disabled',
      ]);
    });

    it('rolls the whole update back when a later step fails', async () => {
      await seedFeature(t, 'boom', 'p1', ['production']);
      const strategy = await createStrategy(t, 'p1', 'boom', 'production', { name: 'default', title: 'before' });
      const url = strategiesUrl('p1', 'boom', 'production', strategy.id);
      if (t.db.isPostgres) {
        await t.db.query(`CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'boom'; END; $$ LANGUAGE plpgsql`);
        await t.db.query(
          `CREATE TRIGGER refuse_boom BEFORE INSERT ON flagwright_events FOR EACH ROW WHEN (NEW.type = 'feature-environment-disabled' AND NEW.feature_name = 'boom') EXECUTE FUNCTION refuse_boom()`,
        );
      } else {
        await t.db.query(
          `CREATE TRIGGER refuse_boom BEFORE INSERT ON flagwright_events WHEN NEW.type = 'feature-environment-disabled' AND NEW.feature_name = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END`,
        );
      }
      const res = await put(url).send({ disabled: true, title: 'after' }).expect(500);
      expect(res.body).toMatchObject({ name: 'InternalError' });
      expect(res.body.message).not.toContain('boom');
      expect((await get(url).expect(200)).body).toMatchObject({ title: 'before', disabled: false });
      expect(await isEnabled(t, 'boom', 'production')).toBe(true);
      expect((await eventsOf(t, { feature: 'boom' })).map((e) => e.type)).toEqual(['feature-strategy-add']);
      await t.db.query('DROP TRIGGER refuse_boom' + (t.db.isPostgres ? ' ON flagwright_events' : ''));
    });
  });

  describe('PATCH (JSON Patch)', () => {
    let url: string;
    const patch = (body: unknown) =>
      t
        .http()
        .patch(url)
        .set('Authorization', ADMIN_TOKEN)
        .send(body as object);
    beforeAll(async () => {
      await seedFeature(t, 'pat1', 'p1', ['production']);
      const strategy = await createStrategy(t, 'p1', 'pat1', 'production', {
        name: 'flexibleRollout',
        parameters: { rollout: '10' },
        variants: ['c', 'a', 'b'].map((name) => ({ name, weight: 0, weightType: 'variable', stickiness: 'default' })),
      });
      url = strategiesUrl('p1', 'pat1', 'production', strategy.id);
    });

    it('applies the operations and saves like the update, leaving untouched variants as they were', async () => {
      const before = (await get(url).expect(200)).body;
      const res = await patch([
        { op: 'replace', path: '/parameters/rollout', value: '75' },
        { op: 'add', path: '/constraints/-', value: { contextName: 'version', operator: 'SEMVER_GTE', value: '2.0.0' } },
        { op: 'replace', path: '/title', value: 'Patched' },
        { op: 'test', path: '/disabled', value: false },
      ]).expect(200);
      expect(res.body).toEqual({
        ...before,
        title: 'Patched',
        parameters: { rollout: '75', stickiness: 'default', groupId: 'pat1' },
        constraints: [
          { contextName: 'version', operator: 'SEMVER_GTE', value: '2.0.0', values: [], caseInsensitive: false, inverted: false },
        ],
      });
      expect((await get(url).expect(200)).body).toEqual(res.body);
      const last = (await eventsOf(t, { feature: 'pat1' })).at(-1)!;
      expect(last).toMatchObject({ type: 'feature-strategy-update', data: res.body, preData: before });
    });

    it('switches the environment off when the patch disables the last strategy', async () => {
      await patch([{ op: 'replace', path: '/disabled', value: true }]).expect(200);
      expect(await isEnabled(t, 'pat1', 'production')).toBe(false);
      await patch([{ op: 'replace', path: '/disabled', value: false }]).expect(200);
    });

    it('answers 400 for a malformed patch document, a failed test, or a missing target', async () => {
      expect((await patch({ op: 'add' }).expect(400)).body.details[0].path).toBe('/body');
      expect((await patch([{ op: 'jump', path: '/a' }]).expect(400)).body.details[0].path).toBe('/body/0/op');
      expect((await patch([{ op: 'test', path: '/title', value: 'nope' }]).expect(400)).body.details[0].path).toBe('/body/0/value');
      expect((await patch([{ op: 'remove', path: '/constraints/5' }]).expect(400)).body.details[0].path).toBe('/body/0/path');
    });

    it('validates the patched strategy, naming the property in it', async () => {
      const res = await patch([
        { op: 'add', path: '/constraints/0', value: { contextName: 'a', operator: 'NOPE' } },
        { op: 'replace', path: '/parameters', value: [] },
      ]).expect(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['/constraints/0/operator', '/parameters']);
      expect((await patch([{ op: 'replace', path: '/name', value: 'nope' }]).expect(400)).body.details[0].path).toBe('/name');
      expect((await patch([{ op: 'replace', path: '/id', value: 'other' }]).expect(400)).body.details[0].path).toBe('/id');
    });

    it('needs UPDATE_FEATURE_STRATEGY', async () => {
      const viewer = await seedPerson(t, { username: 'viewer2' });
      const res = await t
        .http()
        .patch(url)
        .set('Cookie', await sessionCookieFor(t, viewer))
        .send([])
        .expect(403);
      expect(res.body.message).toContain('"UPDATE_FEATURE_STRATEGY" permission in the "production" environment of the "p1" project');
    });
  });

  describe('set-sort-order', () => {
    it('sets the order of the listed strategies and records strategy-order-changed once', async () => {
      await seedFeature(t, 'sort1', 'p1');
      const [a, b, c] = [
        await createStrategy(t, 'p1', 'sort1', 'production', { name: 'default', title: 'a' }),
        await createStrategy(t, 'p1', 'sort1', 'production', { name: 'default', title: 'b' }),
        await createStrategy(t, 'p1', 'sort1', 'production', { name: 'default', title: 'c' }),
      ];
      const sortUrl = `${strategiesUrl('p1', 'sort1', 'production')}/set-sort-order`;
      const body = [
        { id: c.id, sortOrder: 0 },
        { id: a.id, sortOrder: 1 },
        { id: b.id, sortOrder: 2 },
      ];
      await t.http().post(sortUrl).set('Authorization', ADMIN_TOKEN).send(body).expect(200);
      await t.http().post(sortUrl).set('Authorization', ADMIN_TOKEN).send(body).expect(200);
      const list = await get(strategiesUrl('p1', 'sort1', 'production')).expect(200);
      expect(list.body.map((s: { title: string; sortOrder: number }) => [s.title, s.sortOrder])).toEqual([
        ['c', 0],
        ['a', 1],
        ['b', 2],
      ]);
      const events = (await eventsOf(t, { feature: 'sort1' })).filter((e) => e.type === 'strategy-order-changed');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        environment: 'production',
        data: [
          { id: c.id, title: 'c', sortOrder: 0 },
          { id: a.id, title: 'a', sortOrder: 1 },
          { id: b.id, title: 'b', sortOrder: 2 },
        ],
        preData: [
          { id: a.id, sortOrder: 0 },
          { id: b.id, sortOrder: 1 },
          { id: c.id, sortOrder: 2 },
        ],
      });
    });

    it('refuses a malformed body and ids of other strategies', async () => {
      await seedFeature(t, 'sort2', 'p1');
      const mine = await createStrategy(t, 'p1', 'sort2', 'production', { name: 'default' });
      const other = await createStrategy(t, 'p1', 'sort2', 'development', { name: 'default' });
      const sortUrl = `${strategiesUrl('p1', 'sort2', 'production')}/set-sort-order`;
      const bad = await t
        .http()
        .post(sortUrl)
        .set('Authorization', ADMIN_TOKEN)
        .send([{ id: mine.id }, { sortOrder: 'x', foo: 1 }])
        .expect(400);
      expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual([
        '/body/0/sortOrder',
        '/body/1/foo',
        '/body/1/id',
        '/body/1/sortOrder',
      ]);
      await t.http().post(sortUrl).set('Authorization', ADMIN_TOKEN).send({ id: mine.id }).expect(400);
      const foreign = await t
        .http()
        .post(sortUrl)
        .set('Authorization', ADMIN_TOKEN)
        .send([{ id: other.id, sortOrder: 3 }])
        .expect(400);
      expect(foreign.body.details).toEqual([
        { path: '/body/0/id', message: expect.stringContaining('must be the id of a strategy of feature sort2 in environment production') },
      ]);
    });
  });

  describe('strategy types', () => {
    it('lists the built-in types', async () => {
      const res = await get('/api/admin/strategies').expect(200);
      expect(res.body.version).toBe(1);
      expect(res.body.strategies.map((s: { name: string }) => s.name)).toEqual([
        'default',
        'flexibleRollout',
        'remoteAddress',
        'applicationHostname',
      ]);
      expect(res.body.strategies[1]).toEqual({
        name: 'flexibleRollout',
        displayName: 'Gradual rollout',
        description: expect.any(String),
        editable: false,
        deprecated: false,
        parameters: [
          { name: 'rollout', type: 'percentage', description: '', required: false },
          { name: 'stickiness', type: 'string', description: expect.any(String), required: true },
          { name: 'groupId', type: 'string', description: expect.any(String), required: true },
        ],
      });
    });

    it('reads one type, and answers 404 for an unknown one', async () => {
      expect((await get('/api/admin/strategies/remoteAddress').expect(200)).body).toMatchObject({
        name: 'remoteAddress',
        displayName: 'IPs',
      });
      const res = await get('/api/admin/strategies/nope').expect(404);
      expect(res.body).toEqual({ id: ERROR_ID, name: 'NotFoundError', message: 'Could not find strategy type with name nope' });
      await t.http().get('/api/admin/strategies').expect(401);
    });
  });

  it('describes every route with request and response schemas in the OpenAPI document', async () => {
    const doc = (await t.http().get('/docs/openapi.json').expect(200)).body;
    const base = '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies';
    const put = doc.paths[`${base}/{strategyId}`].put;
    expect(put.operationId).toBe('updateFeatureStrategy');
    expect(put.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/updateFeatureStrategySchema');
    expect(put.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/featureStrategySchema');
    expect(Object.keys(put.responses).sort()).toEqual(['200', '400', '401', '403', '404', '412', '415']);
    expect(Object.keys(doc.paths[base])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths[`${base}/{strategyId}`])).toEqual(expect.arrayContaining(['get', 'put', 'patch', 'delete']));
    expect(doc.paths[`${base}/set-sort-order`].post).toBeDefined();
    expect(doc.paths['/api/admin/strategies'].get).toBeDefined();
    expect(doc.components.schemas.constraintSchema.properties.operator.enum).toContain('REGEX');
  });
});
