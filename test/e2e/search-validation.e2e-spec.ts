import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';
import { SearchFixtures } from './search.fixtures.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OPERATOR_PATTERN = '^(IS|IS_NOT|IS_ANY_OF|IS_NONE_OF):(.*?)(,([a-zA-Z0-9_]+))*$';
const TAG_PATTERN = '^(INCLUDE|DO_NOT_INCLUDE|INCLUDE_ALL_OF|INCLUDE_ANY_OF|EXCLUDE_IF_ANY_OF|EXCLUDE_ALL):([^:,]+:.+?)(,\\s*[^:,]+:.+?)*$';
const SEGMENT_PATTERN = '^(INCLUDE|DO_NOT_INCLUDE|INCLUDE_ANY_OF|INCLUDE_ALL_OF|EXCLUDE_IF_ANY_OF|EXCLUDE_ALL):(.*?)(,([a-zA-Z0-9_]+))*$';
const DATE_PATTERN = '^(IS_BEFORE|IS_ON_OR_AFTER):\\d{4}-\\d{2}-\\d{2}$';

describe('GET /api/admin/search/features: credentials and malformed parameters', () => {
  let t: TestApp;
  let f: SearchFixtures;

  beforeAll(async () => {
    t = await createTestApp();
    f = new SearchFixtures(t);
    await f.feature({ name: 'only-one', createdAt: new Date('2024-01-01T00:00:00Z') });
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without credentials', async () => {
    const res = await f.search('', {}).expect(401);
    expect(res.body).toMatchObject({ id: expect.stringMatching(UUID), name: 'AuthenticationRequired' });
  });

  it('refuses client and frontend tokens with 403, before looking at the parameters', async () => {
    for (const token of [CLIENT_TOKEN, FRONTEND_TOKEN]) {
      const res = await f.search('limit=0', { token }).expect(403);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NoAccessError',
        message: expect.stringContaining('expected a different token type'),
      });
    }
  });

  it('names the parameter, the rule and the value sent', async () => {
    const res = await f.search('project=default').expect(400);
    const message = `The \`/query/project\` property must match pattern "${OPERATOR_PATTERN}". You sent "default".`;
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'ValidationError',
      message,
      details: [{ path: '/query/project', message }],
    });
  });

  it('names the allowed range of limit and offset', async () => {
    const limit = await f.search('limit=1001').expect(400);
    expect(limit.body.details).toEqual([
      { path: '/query/limit', message: 'The `/query/limit` property must be a whole number from 1 to 1000. You sent "1001".' },
    ]);
    const offset = await f.search('offset=-1').expect(400);
    expect(offset.body.details).toEqual([
      { path: '/query/offset', message: 'The `/query/offset` property must be a whole number from 0 to 9007199254740991. You sent "-1".' },
    ]);
  });

  it('names the allowed values of sortBy and sortOrder', async () => {
    const res = await f.search('sortBy=popularity&sortOrder=DESC').expect(400);
    expect(res.body.details).toEqual([
      {
        path: '/query/sortBy',
        message:
          'The `/query/sortBy` property must be one of "createdAt", "name", "type", "stale", "project", "lastSeenAt" or "environment:<environment name>". You sent "popularity".',
      },
      {
        path: '/query/sortOrder',
        message: 'The `/query/sortOrder` property must be equal to one of the allowed values: "asc", "desc". You sent "DESC".',
      },
    ]);
  });

  it('reports every offending parameter at once', async () => {
    const res = await f.search('project=x&limit=abc&offset=1.5&state=IS:unknown&status=production').expect(400);
    expect(res.body.name).toBe('ValidationError');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([
      '/query/status',
      '/query/project',
      '/query/state',
      '/query/offset',
      '/query/limit',
    ]);
    expect(res.body.message).toMatch(
      /^Request validation failed: your request body or params contain invalid data\. Refer to the `details` list for more information\. /,
    );
  });

  it.each([
    ['project', 'default', `must match pattern "${OPERATOR_PATTERN}"`],
    ['project', '', `must match pattern "${OPERATOR_PATTERN}"`],
    ['project', 'IS', `must match pattern "${OPERATOR_PATTERN}"`],
    ['type', 'IS_ALL:release', `must match pattern "${OPERATOR_PATTERN}"`],
    ['createdBy', 'IS:abc', 'must list user ids (whole numbers) after the operator, e.g. "IS:1,2"'],
    ['createdBy', 'IS:1.5', 'must list user ids (whole numbers) after the operator, e.g. "IS:1,2"'],
    ['state', 'IS:unknown', 'must list states among "active", "stale", "potentially-stale" after the operator'],
    ['state', 'stale', `must match pattern "${OPERATOR_PATTERN}"`],
    ['lifecycle', 'live', `must match pattern "${OPERATOR_PATTERN}"`],
    ['tag', 'simple:t1', `must match pattern "${TAG_PATTERN}"`],
    ['tag', 'INCLUDE:simple', `must match pattern "${TAG_PATTERN}"`],
    ['tag', 'EXCLUDE_ALL:simple,simple', `must match pattern "${TAG_PATTERN}"`],
    ['tag', 'INCLUDE:simple:', `must match pattern "${TAG_PATTERN}"`],
    ['segment', 'seg_a', `must match pattern "${SEGMENT_PATTERN}"`],
    ['segment', 'IS:seg_a', `must match pattern "${SEGMENT_PATTERN}"`],
    ['createdAt', '2024-01-01', `must match pattern "${DATE_PATTERN}"`],
    ['createdAt', 'IS_AFTER:2024-01-01', `must match pattern "${DATE_PATTERN}"`],
    ['createdAt', 'IS_BEFORE:2024-1-01', `must match pattern "${DATE_PATTERN}"`],
    ['createdAt', 'IS_BEFORE:2024-02-30', 'must name a real calendar day (YYYY-MM-DD)'],
    ['lastSeenAt', 'IS_ON_OR_AFTER:2024-13-01', 'must name a real calendar day (YYYY-MM-DD)'],
    ['lastSeenAt', 'yesterday', `must match pattern "${DATE_PATTERN}"`],
    ['favorite', 'IS:yes', 'must match pattern "^(IS|IS_ANY_OF):(true|false)(,(true|false))*$"'],
    ['favorite', 'IS_NOT:true', 'must match pattern "^(IS|IS_ANY_OF):(true|false)(,(true|false))*$"'],
    ['archived', 'true', 'must match pattern "^IS:(true|false)$"'],
    ['archived', 'IS:TRUE', 'must match pattern "^IS:(true|false)$"'],
    [
      'sortBy',
      'environment:',
      'must be one of "createdAt", "name", "type", "stale", "project", "lastSeenAt" or "environment:<environment name>"',
    ],
    [
      'sortBy',
      'created_at',
      'must be one of "createdAt", "name", "type", "stale", "project", "lastSeenAt" or "environment:<environment name>"',
    ],
    ['sortOrder', 'undefined', 'must be equal to one of the allowed values: "asc", "desc"'],
    ['favoritesFirst', 'yes', 'must be "true" or "false"'],
    ['favoritesFirst', 'TRUE', 'must be "true" or "false"'],
    ['offset', '1.5', 'must be a whole number from 0 to 9007199254740991'],
    ['offset', 'abc', 'must be a whole number from 0 to 9007199254740991'],
    ['offset', '', 'must be a whole number from 0 to 9007199254740991'],
    ['offset', '1e3', 'must be a whole number from 0 to 9007199254740991'],
    ['offset', '99999999999999999999', 'must be a whole number from 0 to 9007199254740991'],
    ['limit', '0', 'must be a whole number from 1 to 1000'],
    ['limit', '2.5', 'must be a whole number from 1 to 1000'],
    ['limit', '-5', 'must be a whole number from 1 to 1000'],
    ['limit', 'ten', 'must be a whole number from 1 to 1000'],
    ['limit', '', 'must be a whole number from 1 to 1000'],
    ['status', 'production', 'must list entries of the form "<environment>:enabled" or "<environment>:disabled"'],
    ['status', 'production:on', 'must list entries of the form "<environment>:enabled" or "<environment>:disabled"'],
    ['status[]', ':enabled', 'must list entries of the form "<environment>:enabled" or "<environment>:disabled"'],
  ])('%s=%s is a 400 naming /query/%s', async (name, value, reason) => {
    const res = await f.search(`${name}=${encodeURIComponent(value)}`).expect(400);
    const message = `The \`/query/${name}\` property ${reason}. You sent ${JSON.stringify(value)}.`;
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'ValidationError',
      message,
      details: [{ path: `/query/${name}`, message }],
    });
  });

  it.each([
    ['query', Array.from({ length: 101 }, (_, i) => `term${i}`).join(','), 'must name at most 100 values (comma-separated terms)'],
    ['tag', `INCLUDE:${Array.from({ length: 101 }, (_, i) => `t${i}:v${i}`).join(',')}`, 'must name at most 100 values'],
    ['segment', `INCLUDE_ANY_OF:${Array.from({ length: 101 }, (_, i) => `s${i}`).join(',')}`, 'must name at most 100 values'],
    ['project', `IS_NONE_OF:${Array.from({ length: 101 }, (_, i) => `p${i}`).join(',')}`, 'must name at most 100 values'],
  ])('refuses more than 100 values in %s with a 400 (never a 500 from an oversized statement)', async (name, value, reason) => {
    const res = await f.search(`${name}=${encodeURIComponent(value)}`).expect(400);
    expect(res.body.details).toEqual([
      { path: `/query/${name}`, message: expect.stringContaining(`The \`/query/${name}\` property ${reason}. You sent`) },
    ]);
  });

  it('takes any four-digit year the spec pattern allows', async () => {
    expect((await f.search('createdAt=IS_BEFORE:0050-01-01').expect(200)).body).toEqual({ features: [], total: 0 });
    expect((await f.search('lastSeenAt=IS_ON_OR_AFTER:9999-12-31').expect(200)).body).toEqual({ features: [], total: 0 });
  });

  it('refuses more than 100 status entries, and takes 100 tags, terms and entries', async () => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => `status=e${i}:enabled`).join('&');
    const res = await f.search(entries(101)).expect(400);
    expect(res.body.details).toEqual([
      { path: '/query/status', message: expect.stringContaining('The `/query/status` property must name at most 100 values (entries).') },
    ]);
    await f.search(entries(100)).expect(200);
    await f
      .search(`tag=${encodeURIComponent(`INCLUDE_ALL_OF:${Array.from({ length: 100 }, (_, i) => `t${i}:v${i}`).join(',')}`)}`)
      .expect(200);
    await f.search(`query=${Array.from({ length: 100 }, (_, i) => `term${i}`).join(',')}`).expect(200);
  });

  it('refuses a parameter given twice, except status', async () => {
    const res = await f.search('project=IS:a&project=IS:b').expect(400);
    expect(res.body.details).toEqual([
      {
        path: '/query/project',
        message: 'The `/query/project` property must be a string (give the parameter once). You sent ["IS:a","IS:b"].',
      },
    ]);
    const query = await f.search('query=a&query=b').expect(400);
    expect(query.body.details[0].path).toBe('/query/query');
    await f.search('status=production:enabled&status=development:disabled').expect(200);
  });

  it('refuses a filter given as an array or an object (project[]=a, project[$ne]=a), naming the parameter', async () => {
    const once = (value: unknown) =>
      `The \`/query/project\` property must be a string (give the parameter once). You sent ${JSON.stringify(value)}.`;
    expect((await f.search('project[]=IS:default').expect(400)).body.details).toEqual([
      { path: '/query/project', message: once(['IS:default']) },
    ]);
    expect((await f.search('project[$ne]=IS:default').expect(400)).body.details).toEqual([
      { path: '/query/project', message: once({ $ne: 'IS:default' }) },
    ]);
    expect((await f.search('type[]=release&state[$gt]=x').expect(400)).body.details.map((detail: { path: string }) => detail.path)).toEqual(
      ['/query/type', '/query/state'],
    );
    await f.search('unknown[]=x&status[]=production:enabled').expect(200);
  });

  it('reports a bad status entry among good ones', async () => {
    const res = await f.search('status[]=production:enabled&status[]=production').expect(400);
    expect(res.body.details).toEqual([
      {
        path: '/query/status[]',
        message:
          'The `/query/status[]` property must list entries of the form "<environment>:enabled" or "<environment>:disabled". You sent ["production:enabled","production"].',
      },
    ]);
  });

  it('ignores unknown parameters and accepts the largest values', async () => {
    const res = await f.search('unknown=1&limit=1000&offset=9007199254740991').expect(200);
    expect(res.body).toEqual({ features: [], total: 1 });
  });

  it('answers a long tag list that fails at its end at once', async () => {
    const value = `INCLUDE:a:b${',c:d'.repeat(40)}\n`;
    const started = Date.now();
    await f.search(`tag=${encodeURIComponent(value)}`).expect(400);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stays a 200 for odd but valid values', async () => {
    for (const query of [
      'query=%25%25%25',
      "query='%3B DROP TABLE flagwright_features;--",
      'query=%22quoted%22',
      'project=IS_ANY_OF:a,b,c&type=IS_NOT:x&createdBy=IS:-42,0&segment=INCLUDE:nobody&tag=INCLUDE:x:y:z',
      'sortBy=environment:nowhere&sortOrder=desc&favoritesFirst=true',
      'lifecycle=IS_NONE_OF:&state=IS:',
    ]) {
      const res = await f.search(query).expect(200);
      expect(res.body).toEqual({ features: expect.any(Array), total: expect.any(Number) });
    }
    expect(await f.names('query=%25%25%25')).toEqual({ names: [], total: 0 });
    expect(await f.names("query='%3B DROP TABLE flagwright_features;--")).toEqual({ names: [], total: 0 });
    expect(await f.names('lifecycle=IS_NONE_OF:&state=IS:')).toEqual({ names: ['only-one'], total: 1 });
  });

  it('documents the route with the spec schema name', async () => {
    const res = await t.http().get('/docs/openapi.json').expect(200);
    const operation = res.body.paths['/api/admin/search/features'].get;
    expect(operation.operationId).toBe('searchFeatures');
    expect(operation.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/searchFeaturesSchema' });
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['query', 'project', 'tag', 'status', 'offset', 'limit', 'sortBy']),
    );
  });
});
