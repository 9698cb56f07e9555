import { ROLE } from '../../src/core/access/permissions.js';
import { eventsOf } from '../helpers/events.js';
import { toBool } from '../../src/core/database/database.js';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, ISO, userWithRole, UUID } from './features.fixtures.js';

const ERROR_ID = expect.stringMatching(UUID);
const TYPES = '/api/admin/strategies';

/** A custom type with one parameter of each kind; `customerIds` is required. */
const CUSTOMER_LIST = {
  name: 'customer-list',
  title: 'Customer list',
  description: 'On for the listed customers',
  parameters: [
    { name: 'customerIds', type: 'list', description: 'Comma-separated ids', required: true },
    { name: 'share', type: 'percentage' },
    { name: 'limit', type: 'number', required: false },
    { name: 'beta', type: 'boolean' },
    { name: 'note', type: 'string' },
  ],
};

/** CUSTOMER_LIST as the API shows it. */
const CUSTOMER_LIST_TYPE = {
  name: 'customer-list',
  displayName: 'Customer list',
  description: 'On for the listed customers',
  editable: true,
  deprecated: false,
  parameters: [
    { name: 'customerIds', type: 'list', description: 'Comma-separated ids', required: true },
    { name: 'share', type: 'percentage', description: '', required: false },
    { name: 'limit', type: 'number', description: '', required: false },
    { name: 'beta', type: 'boolean', description: '', required: false },
    { name: 'note', type: 'string', description: '', required: false },
  ],
};

describe('custom strategy types: /api/admin/strategies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  function typeEvent(type: string, data: unknown, preData: unknown) {
    return {
      id: expect.any(Number),
      type,
      createdBy: 'init-admin-token',
      createdByUserId: expect.anything(),
      createdAt: expect.stringMatching(ISO),
      project: null,
      featureName: null,
      environment: null,
      data,
      preData,
      tags: [],
    };
  }

  async function createType(body: object): Promise<void> {
    await admin(t).post(TYPES, body).expect(201);
  }

  /** The stored flags of a type, read straight from the table. */
  async function storedRow(name: string): Promise<{ builtIn: boolean; editable: boolean; deprecated: boolean } | undefined> {
    const row = await t.db.one<{ built_in: unknown; editable: unknown; deprecated: unknown }>(
      'SELECT built_in, editable, deprecated FROM flagwright_strategy_types WHERE name = :name',
      { name },
    );
    return row && { builtIn: toBool(row.built_in), editable: toBool(row.editable), deprecated: toBool(row.deprecated) };
  }

  const strategiesOf = (feature: string) => `/api/admin/projects/default/features/${feature}/environments/development/strategies`;

  describe('create and read', () => {
    it('creates a custom type: 201 with the type and its location, listed after the built-ins, recorded', async () => {
      const res = await admin(t).post(TYPES, CUSTOMER_LIST).expect(201);
      expect(res.body).toEqual(CUSTOMER_LIST_TYPE);
      expect(res.headers.location).toBe('/api/admin/strategies/customer-list');
      expect((await admin(t).get(`${TYPES}/customer-list`).expect(200)).body).toEqual(CUSTOMER_LIST_TYPE);
      const list = await admin(t).get(TYPES).expect(200);
      expect(list.body.strategies.map((type: { name: string }) => type.name)).toEqual([
        'default',
        'flexibleRollout',
        'remoteAddress',
        'applicationHostname',
        'customer-list',
      ]);
      expect(list.body.strategies[4]).toEqual(CUSTOMER_LIST_TYPE);
      expect(await storedRow('customer-list')).toEqual({ builtIn: false, editable: true, deprecated: false });
      expect(await eventsOf(t, { type: 'strategy-created' })).toEqual([typeEvent('strategy-created', CUSTOMER_LIST_TYPE, null)]);
    });

    it('creates a minimal type, and one already deprecated', async () => {
      const res = await admin(t).post(TYPES, { name: 'bare', parameters: [] }).expect(201);
      expect(res.body).toEqual({ name: 'bare', displayName: null, description: null, editable: true, deprecated: false, parameters: [] });
      const deprecated = await admin(t).post(TYPES, { name: 'old.one', editable: true, deprecated: true, parameters: [] }).expect(201);
      expect(deprecated.body).toMatchObject({ name: 'old.one', deprecated: true });
      expect((await admin(t).get(`${TYPES}/old.one`).expect(200)).body.deprecated).toBe(true);
    });

    it('answers 409 for a taken name, built-in names included, and stores nothing', async () => {
      await createType({ name: 'taken', description: 'first', parameters: [] });
      const again = await admin(t).post(TYPES, { name: 'taken', description: 'second', parameters: [] }).expect(409);
      expect(again.body).toEqual({ id: ERROR_ID, name: 'NameExistsError', message: 'There is already a strategy type called taken' });
      expect((await admin(t).get(`${TYPES}/taken`).expect(200)).body.description).toBe('first');
      const builtIn = await admin(t).post(TYPES, { name: 'flexibleRollout', parameters: [] }).expect(409);
      expect(builtIn.body).toEqual({
        id: ERROR_ID,
        name: 'NameExistsError',
        message: 'There is already a strategy type called flexibleRollout',
      });
      expect((await admin(t).get(`${TYPES}/flexibleRollout`).expect(200)).body).toMatchObject({
        displayName: 'Gradual rollout',
        editable: false,
      });
    });

    it('refuses bodies naming every offending property', async () => {
      const missing = await admin(t).post(TYPES, {}).expect(400);
      expect(missing.body).toEqual({
        id: ERROR_ID,
        name: 'ValidationError',
        message:
          'Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information. The `/body/name` property is required. It was not present on the data you sent. The `/body/parameters` property is required. It was not present on the data you sent.',
        details: [
          { path: '/body/name', message: 'The `/body/name` property is required. It was not present on the data you sent.' },
          { path: '/body/parameters', message: 'The `/body/parameters` property is required. It was not present on the data you sent.' },
        ],
      });

      const bad = await admin(t)
        .post(TYPES, {
          name: 'has space',
          editable: false,
          deprecated: 'no',
          parameters: [{ name: 'a', type: 'date' }, { name: 'a', type: 'string', required: 'yes', extra: 1 }, { type: 'list' }],
        })
        .expect(400);
      expect(bad.body.details).toEqual([
        {
          path: '/body/name',
          message: 'The `/body/name` property must be URL-safe: only letters, digits and the characters - _ . ~. You sent "has space".',
        },
        {
          path: '/body/editable',
          message: 'The `/body/editable` property must be true: custom strategy types are always editable. You sent false.',
        },
        { path: '/body/deprecated', message: 'The `/body/deprecated` property must be a boolean value. You sent "no".' },
        {
          path: '/body/parameters',
          message:
            'The `/body/parameters` property must not define the parameter "a" more than once. You sent [{"name":"a","type":"date"},{"name":"a","type":"string","required":"yes","extra":1},{"type":"list"}].',
        },
        {
          path: '/body/parameters/0/type',
          message:
            'The `/body/parameters/0/type` property must be one of "string", "percentage", "list", "number", "boolean". You sent "date".',
        },
        {
          path: '/body/parameters/1/extra',
          message:
            'The `/body/parameters/1` object of the request does not allow additional properties. Your request included the `/body/parameters/1/extra` property.',
        },
        {
          path: '/body/parameters/1/required',
          message: 'The `/body/parameters/1/required` property must be a boolean value. You sent "yes".',
        },
        {
          path: '/body/parameters/2/name',
          message: 'The `/body/parameters/2/name` property is required. It was not present on the data you sent.',
        },
      ]);
      for (const name of ['has space', 'a'])
        await admin(t)
          .get(`${TYPES}/${encodeURIComponent(name)}`)
          .expect(404);

      const legacy = await admin(t)
        .post(TYPES, { name: 'userWithId', parameters: [{ name: 'userIds', type: 'list' }] })
        .expect(400);
      expect(legacy.body.details).toEqual([
        {
          path: '/body/name',
          message:
            'The `/body/name` property must not be the name of a strategy the SDKs implement themselves (they would run theirs, never yours). You sent "userWithId".',
        },
      ]);
      await admin(t).get(`${TYPES}/userWithId`).expect(404);

      const unknown = await admin(t).post(TYPES, { name: 'x', parameters: [], displayName: 'X' }).expect(400);
      expect(unknown.body.details).toEqual([
        {
          path: '/body/displayName',
          message:
            'The `/body` object of the request does not allow additional properties. Your request included the `/body/displayName` property.',
        },
      ]);
    });

    it('answers 404 for an unknown type', async () => {
      const res = await admin(t).get(`${TYPES}/ghost`).expect(404);
      expect(res.body).toEqual({ id: ERROR_ID, name: 'NotFoundError', message: 'Could not find strategy type with name ghost' });
    });
  });

  describe('update', () => {
    const before = {
      name: 'editable',
      displayName: 'Editable',
      description: 'before',
      editable: true,
      deprecated: false,
      parameters: [{ name: 'p', type: 'string', description: '', required: false }],
    };

    it('replaces the parameters, keeps an omitted title, clears a null description, and records the change', async () => {
      await createType({ name: 'editable', title: 'Editable', description: 'before', parameters: [{ name: 'p', type: 'string' }] });
      // What GET shows may be sent back: the other top-level properties are ignored.
      const body = { ...before, description: null, parameters: [{ name: 'q', type: 'number', description: 'How many', required: true }] };
      const res = await admin(t).put(`${TYPES}/editable`, body).expect(200);
      expect(res.body).toEqual({});
      const after = { ...before, description: null, parameters: [{ name: 'q', type: 'number', description: 'How many', required: true }] };
      expect((await admin(t).get(`${TYPES}/editable`).expect(200)).body).toEqual(after);
      expect(await eventsOf(t, { type: 'strategy-updated' })).toEqual([typeEvent('strategy-updated', after, before)]);

      // The same update again changes nothing and records nothing.
      await admin(t).put(`${TYPES}/editable`, body).expect(200);
      expect(await eventsOf(t, { type: 'strategy-updated' })).toHaveLength(1);

      await admin(t).put(`${TYPES}/editable`, { title: 'Renamed', parameters: [] }).expect(200);
      expect((await admin(t).get(`${TYPES}/editable`).expect(200)).body).toEqual({ ...after, displayName: 'Renamed', parameters: [] });
    });

    it('answers 400 for a bad body before 404, 404 for an unknown type, 400 for a built-in one', async () => {
      const bad = await admin(t)
        .put(`${TYPES}/ghost`, { parameters: [{ name: 'x', type: 'list', description: 5 }] })
        .expect(400);
      expect(bad.body.details).toEqual([
        { path: '/body/parameters/0/description', message: 'The `/body/parameters/0/description` property must be a string. You sent 5.' },
      ]);
      const missing = await admin(t).put(`${TYPES}/ghost`, {}).expect(400);
      expect(missing.body.details).toEqual([
        { path: '/body/parameters', message: 'The `/body/parameters` property is required. It was not present on the data you sent.' },
      ]);
      const unknown = await admin(t).put(`${TYPES}/ghost`, { parameters: [] }).expect(404);
      expect(unknown.body).toEqual({ id: ERROR_ID, name: 'NotFoundError', message: 'Could not find strategy type with name ghost' });
      const builtIn = await admin(t).put(`${TYPES}/remoteAddress`, { description: 'mine', parameters: [] }).expect(400);
      expect(builtIn.body).toEqual({
        id: ERROR_ID,
        name: 'ValidationError',
        message: 'Strategy type remoteAddress is built in and cannot be changed.',
        details: [{ message: 'Strategy type remoteAddress is built in and cannot be changed.' }],
      });
      expect((await admin(t).get(`${TYPES}/remoteAddress`).expect(200)).body).toMatchObject({
        description: 'Enable the feature for a specific set of IP addresses.',
        parameters: [{ name: 'IPs' }],
      });
    });
  });

  describe('deprecate and reactivate', () => {
    it('deprecates and reactivates custom and built-in types, recording each change once', async () => {
      await createType({ name: 'fading', parameters: [] });
      const fading = { name: 'fading', displayName: null, description: null, editable: true, deprecated: false, parameters: [] };
      expect((await admin(t).post(`${TYPES}/fading/deprecate`).expect(200)).body).toEqual({});
      expect((await admin(t).get(`${TYPES}/fading`).expect(200)).body).toEqual({ ...fading, deprecated: true });
      await admin(t).post(`${TYPES}/fading/deprecate`).expect(200);
      expect(await eventsOf(t, { type: 'strategy-deprecated' })).toEqual([
        typeEvent('strategy-deprecated', { ...fading, deprecated: true }, fading),
      ]);

      expect((await admin(t).post(`${TYPES}/fading/reactivate`).expect(200)).body).toEqual({});
      expect((await admin(t).get(`${TYPES}/fading`).expect(200)).body).toEqual(fading);
      await admin(t).post(`${TYPES}/fading/reactivate`).expect(200);
      expect(await eventsOf(t, { type: 'strategy-reactivated' })).toEqual([
        typeEvent('strategy-reactivated', fading, { ...fading, deprecated: true }),
      ]);

      await admin(t).post(`${TYPES}/applicationHostname/deprecate`).expect(200);
      expect((await admin(t).get(`${TYPES}/applicationHostname`).expect(200)).body).toMatchObject({ editable: false, deprecated: true });
      await admin(t).post(`${TYPES}/applicationHostname/reactivate`).expect(200);
      expect(await storedRow('applicationHostname')).toEqual({ builtIn: true, editable: false, deprecated: false });
    });

    it('refuses to deprecate default (403) and answers 404 for an unknown type', async () => {
      const res = await admin(t).post(`${TYPES}/default/deprecate`).expect(403);
      expect(res.body).toEqual({ id: ERROR_ID, name: 'NoAccessError', message: 'The default strategy type cannot be deprecated.' });
      expect((await admin(t).get(`${TYPES}/default`).expect(200)).body.deprecated).toBe(false);
      for (const action of ['deprecate', 'reactivate']) {
        const missing = await admin(t).post(`${TYPES}/ghost/${action}`).expect(404);
        expect(missing.body).toEqual({ id: ERROR_ID, name: 'NotFoundError', message: 'Could not find strategy type with name ghost' });
      }
    });
  });

  describe('feature strategies of a custom type', () => {
    beforeAll(async () => {
      await createType({
        name: 'tenant',
        parameters: [
          { name: 'tenantIds', type: 'list', required: true },
          { name: 'share', type: 'percentage' },
          { name: 'max', type: 'number' },
          { name: 'pilot', type: 'boolean' },
        ],
      });
      await createFeature(t, 'default', 'tenanted');
    });

    it('accepts parameters that fit the definition, keeps undefined ones, and serves the strategy unchanged to backend SDKs', async () => {
      const parameters = { tenantIds: 'acme, globex', share: 37.5, max: '-3', pilot: true, extra: 'kept' };
      const created = await admin(t).post(strategiesOf('tenanted'), { name: 'tenant', parameters }).expect(200);
      const stored = { tenantIds: 'acme, globex', share: '37.5', max: '-3', pilot: 'true', extra: 'kept' };
      expect(created.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'tenant',
        title: null,
        disabled: false,
        featureName: 'tenanted',
        sortOrder: 0,
        segments: [],
        constraints: [],
        variants: [],
        parameters: stored,
      });
      expect(
        (
          await admin(t)
            .get(`${strategiesOf('tenanted')}/${created.body.id}`)
            .expect(200)
        ).body,
      ).toEqual(created.body);

      const client = await t
        .http()
        .get('/api/client/features')
        .set('Authorization', CLIENT_TOKEN)
        .set('Unleash-Client-Spec', '5.2.0')
        .expect(200);
      const feature = client.body.features.find((f: { name: string }) => f.name === 'tenanted');
      expect(feature.strategies).toEqual([
        {
          id: created.body.id,
          name: 'tenant',
          constraints: [],
          parameters: stored,
          variants: [],
          segments: [],
          sortOrder: 0,
          disabled: false,
        },
      ]);
    });

    it('refuses parameters that do not fit, naming each, on create, update and patch', async () => {
      const body = { name: 'tenant', parameters: { share: '150', max: 'ten', pilot: 'yes', extra: 'x' } };
      const res = await admin(t).post(strategiesOf('tenanted'), body).expect(400);
      expect(res.body.details).toEqual([
        {
          path: '/body/parameters/tenantIds',
          message:
            'The `/body/parameters/tenantIds` property is required by strategy type tenant. It was not present on the data you sent.',
        },
        {
          path: '/body/parameters/share',
          message:
            'The `/body/parameters/share` property must be a number from 0 to 100: it is a percentage parameter of strategy type tenant. You sent "150".',
        },
        {
          path: '/body/parameters/max',
          message:
            'The `/body/parameters/max` property must be a number (digits, an optional minus sign and decimal point): it is a number parameter of strategy type tenant. You sent "ten".',
        },
        {
          path: '/body/parameters/pilot',
          message:
            'The `/body/parameters/pilot` property must be true or false: it is a boolean parameter of strategy type tenant. You sent "yes".',
        },
      ]);
      const emptyRequired = await admin(t)
        .post(strategiesOf('tenanted'), { name: 'tenant', parameters: { tenantIds: 'a,,b', share: '' } })
        .expect(400);
      expect(emptyRequired.body.details).toEqual([
        {
          path: '/body/parameters/tenantIds',
          message:
            'The `/body/parameters/tenantIds` property must be a comma-separated list without empty entries: it is a list parameter of strategy type tenant. You sent "a,,b".',
        },
      ]);
      const blank = await admin(t)
        .post(strategiesOf('tenanted'), { name: 'tenant', parameters: { tenantIds: '' } })
        .expect(400);
      expect(blank.body.details).toEqual([
        {
          path: '/body/parameters/tenantIds',
          message:
            'The `/body/parameters/tenantIds` property must not be empty: it is a required parameter of strategy type tenant. You sent "".',
        },
      ]);

      // An update without a name keeps the type, whose definition still applies; so does a patch.
      const strategy = (
        await admin(t)
          .post(strategiesOf('tenanted'), { name: 'tenant', parameters: { tenantIds: 'one' } })
          .expect(200)
      ).body;
      const url = `${strategiesOf('tenanted')}/${strategy.id}`;
      const put = await admin(t)
        .put(url, { parameters: { share: '-1' } })
        .expect(400);
      expect(put.body.details.map((d: { path: string }) => d.path)).toEqual(['/body/parameters/tenantIds', '/body/parameters/share']);
      const patch = await admin(t)
        .patch(url, [{ op: 'add', path: '/parameters/pilot', value: 'maybe' }])
        .expect(400);
      expect(patch.body.details).toEqual([
        {
          path: '/parameters/pilot',
          message:
            'The `/parameters/pilot` property must be true or false: it is a boolean parameter of strategy type tenant. You sent "maybe".',
        },
      ]);
      expect((await admin(t).get(url).expect(200)).body.parameters).toEqual({ tenantIds: 'one' });
      await admin(t)
        .patch(url, [{ op: 'add', path: '/parameters/pilot', value: false }])
        .expect(200);
      expect((await admin(t).get(url).expect(200)).body.parameters).toEqual({ tenantIds: 'one', pilot: 'false' });
      // Changing to a built-in type drops the custom definition's checks.
      await admin(t).put(url, { name: 'default', parameters: {} }).expect(200);
      await admin(t).delete(url).expect(200);
    });

    it('refuses to delete a type in use, then deletes it once unused; strategies cannot name it afterwards', async () => {
      await createType({ name: 'short-lived', parameters: [] });
      await createFeature(t, 'default', 'user-a');
      await createFeature(t, 'default', 'user-b');
      const first = (await admin(t).post(strategiesOf('user-a'), { name: 'short-lived' }).expect(200)).body;
      const second = (await admin(t).post(strategiesOf('user-b'), { name: 'short-lived' }).expect(200)).body;
      const third = (await admin(t).post(strategiesOf('user-b'), { name: 'short-lived' }).expect(200)).body;
      const inUse = await admin(t).delete(`${TYPES}/short-lived`).expect(400);
      const message =
        'Strategy type short-lived is in use by 3 strategies of features user-a, user-b; remove them before deleting the type.';
      expect(inUse.body).toEqual({ id: ERROR_ID, name: 'ValidationError', message, details: [{ message }] });

      await admin(t)
        .delete(`${strategiesOf('user-a')}/${first.id}`)
        .expect(200);
      await admin(t)
        .delete(`${strategiesOf('user-b')}/${second.id}`)
        .expect(200);
      const one = await admin(t).delete(`${TYPES}/short-lived`).expect(400);
      expect(one.body.message).toBe(
        'Strategy type short-lived is in use by 1 strategy of feature user-b; remove them before deleting the type.',
      );
      await admin(t)
        .delete(`${strategiesOf('user-b')}/${third.id}`)
        .expect(200);

      expect((await admin(t).delete(`${TYPES}/short-lived`).expect(200)).body).toEqual({});
      await admin(t).get(`${TYPES}/short-lived`).expect(404);
      expect(await storedRow('short-lived')).toBeUndefined();
      const deleted = { name: 'short-lived', displayName: null, description: null, editable: true, deprecated: false, parameters: [] };
      expect(await eventsOf(t, { type: 'strategy-deleted' })).toEqual([typeEvent('strategy-deleted', null, deleted)]);

      const refused = await admin(t).post(strategiesOf('user-a'), { name: 'short-lived' }).expect(400);
      expect(refused.body.details).toEqual([
        { path: '/body/name', message: 'The `/body/name` property must be the name of an existing strategy type. You sent "short-lived".' },
      ]);
    });

    it('lets a delete of the type and a strategy naming it race: one of them is refused, never a 500', async () => {
      await createFeature(t, 'default', 'racer');
      for (let round = 0; round < 5; round++) {
        const name = `racing-${round}`;
        await createType({ name, parameters: [] });
        const [deleted, created] = await Promise.all([admin(t).delete(`${TYPES}/${name}`), admin(t).post(strategiesOf('racer'), { name })]);
        const strategies = await t.db.query('SELECT id FROM flagwright_feature_strategies WHERE strategy_name = :name', { name });
        const type = await storedRow(name);
        if (deleted.status === 200) {
          expect(created.status).toBe(400);
          expect(created.body.details).toEqual([
            {
              path: '/body/name',
              message: `The \`/body/name\` property must be the name of an existing strategy type. You sent "${name}".`,
            },
          ]);
          expect([strategies.length, type]).toEqual([0, undefined]);
        } else {
          expect([deleted.status, created.status]).toEqual([400, 200]);
          expect(deleted.body.message).toBe(
            `Strategy type ${name} is in use by 1 strategy of feature racer; remove them before deleting the type.`,
          );
          expect([strategies.length, type]).toEqual([1, { builtIn: false, editable: true, deprecated: false }]);
        }
      }
    });

    it('refuses to delete a built-in type (400) and answers 404 for an unknown one', async () => {
      const builtIn = await admin(t).delete(`${TYPES}/flexibleRollout`).expect(400);
      expect(builtIn.body).toEqual({
        id: ERROR_ID,
        name: 'ValidationError',
        message: 'Strategy type flexibleRollout is built in and cannot be deleted.',
        details: [{ message: 'Strategy type flexibleRollout is built in and cannot be deleted.' }],
      });
      expect(await storedRow('flexibleRollout')).toEqual({ builtIn: true, editable: false, deprecated: false });
      const unknown = await admin(t).delete(`${TYPES}/ghost`).expect(404);
      expect(unknown.body).toEqual({ id: ERROR_ID, name: 'NotFoundError', message: 'Could not find strategy type with name ghost' });
    });

    it('still accepts strategies of a deprecated type (deprecation only advises)', async () => {
      await createType({ name: 'advised', deprecated: true, parameters: [] });
      await createFeature(t, 'default', 'advised-user');
      const res = await admin(t).post(strategiesOf('advised-user'), { name: 'advised' }).expect(200);
      expect(res.body).toMatchObject({ name: 'advised', parameters: {} });
    });
  });

  describe('access', () => {
    it('needs CREATE_STRATEGY, UPDATE_STRATEGY and DELETE_STRATEGY; reading needs only a login', async () => {
      await createType({ name: 'guarded', parameters: [] });
      const editor = await userWithRole(t, 'strategy-editor', ROLE.EDITOR);
      const as = (method: 'post' | 'put' | 'delete', url: string) =>
        t.http()[method](url).set('Cookie', editor.cookie).set('Content-Type', 'application/json');
      const denied = (permission: string) => ({
        id: ERROR_ID,
        name: 'NoAccessError',
        message: `You don't have the required permissions to perform this operation. To perform this action, you need the "${permission}" permission.`,
      });
      expect((await as('post', TYPES).send({ name: 'nope', parameters: [] }).expect(403)).body).toEqual(denied('CREATE_STRATEGY'));
      expect((await as('put', `${TYPES}/guarded`).send({ parameters: [] }).expect(403)).body).toEqual(denied('UPDATE_STRATEGY'));
      expect((await as('post', `${TYPES}/guarded/deprecate`).expect(403)).body).toEqual(denied('UPDATE_STRATEGY'));
      expect((await as('post', `${TYPES}/guarded/reactivate`).expect(403)).body).toEqual(denied('UPDATE_STRATEGY'));
      expect((await as('delete', `${TYPES}/guarded`).expect(403)).body).toEqual(denied('DELETE_STRATEGY'));
      await t.http().get(`${TYPES}/guarded`).set('Cookie', editor.cookie).expect(200);
      await t.http().post(TYPES).send({ name: 'nope', parameters: [] }).expect(401);
      const wrongType = await admin(t).post(TYPES).set('Content-Type', 'text/plain').send('name=nope').expect(415);
      expect(wrongType.body.name).toBe('ContentTypeerror');
      await admin(t).get(`${TYPES}/nope`).expect(404);
      expect((await admin(t).get(`${TYPES}/guarded`).expect(200)).body.deprecated).toBe(false);
    });
  });

  it('lists a type created, changed or deleted through another instance on the same database within a second', async () => {
    const other = await createTestApp({}, t.database);
    try {
      const listed = async (app: TestApp) =>
        ((await admin(app).get(TYPES).expect(200)).body.strategies as { name: string; deprecated: boolean }[])
          .filter((type) => type.name === 'elsewhere')
          .map(({ name, deprecated }) => ({ name, deprecated }));
      /** Polls this test's instance until it lists `expected`, failing after a second. */
      const listedHereWithinASecond = async (expected: { name: string; deprecated: boolean }[]) => {
        const started = Date.now();
        while (Date.now() - started < 1000 && JSON.stringify(await listed(t)) !== JSON.stringify(expected))
          await new Promise((done) => setTimeout(done, 20));
        expect(await listed(t)).toEqual(expected);
      };
      expect(await listed(t)).toEqual([]);
      await admin(other).post(TYPES, { name: 'elsewhere', parameters: [] }).expect(201);
      // The instance that wrote lists it at once.
      expect(await listed(other)).toEqual([{ name: 'elsewhere', deprecated: false }]);
      await listedHereWithinASecond([{ name: 'elsewhere', deprecated: false }]);
      await admin(other).post(`${TYPES}/elsewhere/deprecate`).expect(200);
      await listedHereWithinASecond([{ name: 'elsewhere', deprecated: true }]);
      await admin(other).delete(`${TYPES}/elsewhere`).expect(200);
      await listedHereWithinASecond([]);
    } finally {
      await other.close();
    }
  });

  it('describes the routes in the OpenAPI document', async () => {
    const doc = (await t.http().get('/docs/openapi.json').expect(200)).body;
    expect(doc.paths[TYPES].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/createStrategySchema');
    expect(doc.paths[TYPES].post.responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/strategySchema');
    expect(doc.paths[`${TYPES}/{name}`].put.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/updateStrategySchema',
    );
    expect(Object.keys(doc.paths[`${TYPES}/{name}`]).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.paths[`${TYPES}/{name}/deprecate`].post).toBeDefined();
    expect(doc.paths[`${TYPES}/{name}/reactivate`].post).toBeDefined();
    expect(doc.components.schemas.createStrategyParameterSchema.properties.type.enum).toEqual([
      'string',
      'percentage',
      'list',
      'number',
      'boolean',
    ]);
  });
});
