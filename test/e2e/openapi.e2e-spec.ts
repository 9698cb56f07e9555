import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Schema names the spec uses; the OpenAPI document must use them too. */
const SPEC_SCHEMAS = [
  'updateFeatureStrategySchema',
  'featureStrategySchema',
  'constraintSchema',
  'strategyVariantSchema',
  'searchFeaturesSchema',
  'loginSchema',
  'userSchema',
  'createServiceAccountSchema',
  'serviceAccountSchema',
  'patSchema',
  'groupsSchema',
  'groupSchema',
];

interface Operation {
  operationId: string;
  tags: string[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  summary?: string;
  parameters?: { name: string; in: string }[];
}

/** Unleash's tags (`src/lib/openapi/util/openapi-tags.ts` at ceeb5a9); ours are among them. */
const UNLEASH_TAGS = [
  'Addons',
  'Admin UI',
  'API tokens',
  'Archive',
  'Auth',
  'Banners',
  'Change Requests',
  'Client',
  'Context',
  'Dependencies',
  'Environments',
  'Events',
  'Feature Types',
  'Features',
  'Frontend API',
  'Import/Export',
  'Instance Admin',
  'Maintenance',
  'Metrics',
  'Notifications',
  'Operational',
  'Personal access tokens',
  'Playground',
  'Projects',
  'Public signup tokens',
  'Release Templates',
  'Search',
  'Segments',
  'Service Accounts',
  'Signup',
  'Strategies',
  'Tags',
  'Telemetry',
  'Unknown Flags',
  'Unleash Edge',
  'Users',
];

/**
 * The spec's five operations and the ones SDKs and the admin UI call most, with Unleash's operation id and tag: pinned
 * here as well as in docs/openapi.md, so that the table and the code cannot drift from Unleash together.
 */
const PINNED: [method: string, path: string, operationId: string, tag: string][] = [
  [
    'put',
    '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}',
    'updateFeatureStrategy',
    'Features',
  ],
  ['get', '/api/admin/search/features', 'searchFeatures', 'Search'],
  ['post', '/auth/simple/login', 'login', 'Auth'],
  ['post', '/api/admin/service-account', 'createServiceAccount', 'Service Accounts'],
  ['get', '/api/admin/groups', 'getGroups', 'Users'],
  ['get', '/api/client/features', 'getAllClientFeatures', 'Client'],
  ['post', '/api/client/metrics', 'registerClientMetrics', 'Client'],
  ['post', '/api/client/register', 'registerClientApplication', 'Client'],
  ['post', '/api/client/metrics/bulk', 'clientBulkMetrics', 'Unleash Edge'],
  ['get', '/api/frontend', 'getFrontendFeatures', 'Frontend API'],
  ['post', '/edge/validate', 'getValidTokens', 'Unleash Edge'],
  ['get', '/api/admin/projects/{projectId}/features', 'getFeatures', 'Features'],
  ['post', '/api/admin/projects/{projectId}/features', 'createFeature', 'Features'],
  ['get', '/api/admin/projects/{projectId}/features/{featureName}', 'getFeature', 'Features'],
  [
    'post',
    '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/on',
    'toggleFeatureEnvironmentOn',
    'Features',
  ],
  [
    'post',
    '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies',
    'addFeatureStrategy',
    'Features',
  ],
  ['get', '/api/admin/projects', 'getProjects', 'Projects'],
  ['get', '/api/admin/user', 'getMe', 'Users'],
  ['get', '/api/admin/api-tokens', 'getAllApiTokens', 'API tokens'],
  ['get', '/api/admin/features/{featureName}/tags', 'listTags', 'Features'],
];

/** A row of docs/openapi.md's table of names: the operation, Unleash's id and tag (or `—`), and ours. */
interface NameRow {
  method: string;
  path: string;
  unleashId?: string;
  unleashTag?: string;
  operationId: string;
  tag: string;
}

function namesTable(): NameRow[] {
  const row = /^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \| (?:`(\w+)`|—) \| ([^|]+?) \| [^|]+ \| `(\w+)` \| ([^|]+?) \|$/;
  return readFileSync(join(process.cwd(), 'docs/openapi.md'), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = row.exec(line);
      if (!match) return [];
      const [, method, path, unleashId, unleashTag, operationId, tag] = match;
      return [{ method: method.toLowerCase(), path, unleashId, unleashTag: unleashTag === '—' ? undefined : unleashTag, operationId, tag }];
    });
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.http().get('/docs/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('names its schemas as the spec does', () => {
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(SPEC_SCHEMAS));
  });

  it('describes every route with a summary and its responses, and every body route with its request schema', () => {
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.summary || !operation.responses || Object.keys(operation.responses).length === 0)
          undescribed.push(`${method} ${path}`);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('declares every parameter a path names, so typed clients can fill it', () => {
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const named = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(operations)) {
        const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
        for (const name of named) if (!declared.includes(name)) undeclared.push(`${method} ${path}: ${name}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('documents the five operations of the spec', () => {
    expect(
      document.paths['/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}'],
    ).toHaveProperty('put.requestBody');
    expect(document.paths['/api/admin/search/features']).toHaveProperty('get');
    expect(document.paths['/auth/simple/login']).toHaveProperty('post.requestBody');
    expect(document.paths['/api/admin/service-account']).toHaveProperty('post.requestBody');
    expect(document.paths['/api/admin/groups']).toHaveProperty('get');
  });

  it('names the spec operations and the most used ones as Unleash does', () => {
    const named = PINNED.map(([method, path]) => [
      method,
      path,
      document.paths[path]?.[method]?.operationId,
      document.paths[path]?.[method]?.tags,
    ]);
    expect(named).toEqual(PINNED.map(([method, path, operationId, tag]) => [method, path, operationId, [tag]]));
  });

  it("tags every operation with one of Unleash's tags", () => {
    const operations = Object.values(document.paths).flatMap((operations) => Object.values(operations));
    expect(operations.filter((operation) => operation.tags.length !== 1 || !UNLEASH_TAGS.includes(operation.tags[0]))).toEqual([]);
  });

  it("agrees with docs/openapi.md's table of names, which has a row for every operation and Unleash's names where it has the operation", () => {
    const table = namesTable();
    const operations = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method,
        path,
        operationId: operation.operationId,
        tag: operation.tags[0],
      })),
    );
    expect(table.map(({ method, path, operationId, tag }) => ({ method, path, operationId, tag }))).toEqual(operations);
    // Where Unleash has the operation, the id is Unleash's, and the tag too unless Unleash's is no longer one of its tags.
    expect(table.filter((row) => row.unleashId !== undefined && row.unleashId !== row.operationId)).toEqual([]);
    expect(
      table.filter((row) => row.unleashTag !== undefined && UNLEASH_TAGS.includes(row.unleashTag) && row.unleashTag !== row.tag),
    ).toEqual([]);
    expect(
      table.filter((row) => row.unleashTag !== undefined && !UNLEASH_TAGS.includes(row.unleashTag)).map((row) => row.operationId),
    ).toEqual(['getDelta', 'connect']);
  });
});
