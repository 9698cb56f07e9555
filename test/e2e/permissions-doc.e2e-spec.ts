import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCESS_MATRIX_MARKERS, accessMatrixTable } from '../../src/core/access/access-matrix.js';
import { generatedPart, permissionTable, routePermissions, withTable } from '../../src/core/access/permission-table.js';
import { FLAGWRIGHT_CONTROLLERS as controllers } from '../../src/feature-flags.module.js';

/**
 * `docs/permissions.md` carries a table of every route with the permission it needs, generated from the
 * controllers' decorators. This test fails when the table and the code disagree; regenerate the table with
 *   UPDATE_PERMISSIONS_DOC=1 npx vitest run test/e2e/permissions-doc.e2e-spec.ts
 */
const DOC = join(process.cwd(), 'docs/permissions.md');
const REGENERATE = 'UPDATE_PERMISSIONS_DOC=1 npx vitest run test/e2e/permissions-doc.e2e-spec.ts';

describe('docs/permissions.md', () => {
  it('lists every route with the permission the code requires', () => {
    const table = permissionTable(controllers);
    const document = readFileSync(DOC, 'utf8');
    if (process.env.UPDATE_PERMISSIONS_DOC === '1') writeFileSync(DOC, withTable(document, table));
    const documented = generatedPart(readFileSync(DOC, 'utf8'));
    expect(documented, `docs/permissions.md is out of date with the routes; regenerate it with: ${REGENERATE}`).toBe(table);
  });

  it('carries the access matrix: what each kind of caller gets on every route', () => {
    const matrix = accessMatrixTable(controllers);
    const document = readFileSync(DOC, 'utf8');
    if (process.env.UPDATE_PERMISSIONS_DOC === '1') writeFileSync(DOC, withTable(document, matrix, ACCESS_MATRIX_MARKERS));
    const documented = generatedPart(readFileSync(DOC, 'utf8'), ACCESS_MATRIX_MARKERS);
    expect(documented, `the access matrix in docs/permissions.md is out of date; regenerate it with: ${REGENERATE}`).toBe(matrix);
  });

  it('finds a permission (or @Public) declared on every route', () => {
    const undeclared = routePermissions(controllers).filter((route) => route.permissions === undefined);
    expect(undeclared).toEqual([]);
  });

  it('reads routes, methods and permissions from the decorators', () => {
    const routes = routePermissions(controllers);
    expect(routes).toContainEqual({ method: 'GET', path: '/api/admin/groups', api: 'admin', permissions: ['ADMIN'] });
    expect(routes).toContainEqual({
      method: 'DELETE',
      path: '/api/admin/groups/{id}/users/{userId}',
      api: 'admin',
      permissions: ['ADMIN'],
    });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/admin/projects/{projectId}/access', api: 'admin', permissions: ['NONE'] });
    expect(routes).toContainEqual({
      method: 'PUT',
      path: '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}',
      api: 'admin',
      permissions: ['UPDATE_FEATURE_STRATEGY'],
    });
    expect(routes).toContainEqual({ method: 'GET', path: '/health', api: 'ops', permissions: [] });
    const table = permissionTable(controllers);
    expect(table).toContain(
      '| PUT | `/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}` | admin | `UPDATE_FEATURE_STRATEGY` | environment |',
    );
    expect(table).toContain('| GET | `/api/admin/roles` | admin | `READ_ROLE` | root |');
  });

  it('replaces only the generated part of the document', () => {
    const document =
      'intro\n\n<!-- permission-table:start (generated from the controllers; do not edit by hand) -->\nold\n<!-- permission-table:end -->\n\nafter\n';
    const updated = withTable(document, 'new');
    expect(updated).toBe(
      'intro\n\n<!-- permission-table:start (generated from the controllers; do not edit by hand) -->\nnew\n<!-- permission-table:end -->\n\nafter\n',
    );
    expect(generatedPart(updated)).toBe('new');
    expect(generatedPart('no markers')).toBeUndefined();
  });
});
