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
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  summary?: string;
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

  it('documents the five operations of the spec', () => {
    expect(
      document.paths['/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}'],
    ).toHaveProperty('put.requestBody');
    expect(document.paths['/api/admin/search/features']).toHaveProperty('get');
    expect(document.paths['/auth/simple/login']).toHaveProperty('post.requestBody');
    expect(document.paths['/api/admin/service-account']).toHaveProperty('post.requestBody');
    expect(document.paths['/api/admin/groups']).toHaveProperty('get');
  });
});
