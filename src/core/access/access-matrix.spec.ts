import { expectedOutcome, MATRIX_CALLERS, OTHER_PROJECT } from './access-matrix.js';
import type { RoutePermission } from './permission-table.js';

const caller = (name: string) => MATRIX_CALLERS.find((candidate) => candidate.name === name)!;
const route = (permissions: string[] | undefined, api: RoutePermission['api'] = 'admin', peopleOnly?: true): RoutePermission => ({
  method: 'POST',
  path: '/x',
  api,
  permissions,
  ...(peopleOnly && { peopleOnly }),
});

describe('expectedOutcome', () => {
  it('lets every caller through a public route, whatever credential it sends', () => {
    expect(MATRIX_CALLERS.map((c) => expectedOutcome(route([], 'ops'), c))).toEqual(MATRIX_CALLERS.map(() => 'allowed'));
  });

  it('answers 401 to every caller without a valid credential, before any permission', () => {
    for (const name of ['none', 'malformed header', 'unknown token', 'expired token', 'session after logout']) {
      expect(expectedOutcome(route(['NONE']), caller(name))).toBe(401);
    }
  });

  it('keeps API tokens to their API (client tokens also reach Edge), and out of the routes about a person', () => {
    expect(expectedOutcome(route(['CLIENT'], 'edge'), caller('client token'))).toBe('allowed');
    expect(expectedOutcome(route(['NONE']), caller('client token'))).toBe(403);
    expect(expectedOutcome(route(['FRONTEND'], 'frontend'), caller('admin token'))).toBe(403);
    expect(expectedOutcome(route(['ADMIN']), caller('admin token'))).toBe('allowed');
    expect(expectedOutcome(route(['NONE'], 'admin', true), caller('admin token'))).toBe(403);
  });

  it('grants root roles their project permissions in the default project only, and project roles in their project', () => {
    expect(expectedOutcome(route(['UPDATE_FEATURE_STRATEGY']), caller('Editor'))).toBe('allowed');
    expect(expectedOutcome(route(['UPDATE_FEATURE_STRATEGY']), caller('Editor'), 'p1')).toBe(403);
    expect(expectedOutcome(route(['UPDATE_FEATURE_STRATEGY']), caller('Member of another project'))).toBe(403);
    expect(expectedOutcome(route(['UPDATE_FEATURE_STRATEGY']), caller('Member of another project'), OTHER_PROJECT)).toBe('allowed');
    expect(expectedOutcome(route(['DELETE_PROJECT']), caller('Member of another project'), OTHER_PROJECT)).toBe(403);
  });

  it('lets a Viewer read, an Admin do anything, and a person without the permission nothing', () => {
    expect(expectedOutcome(route(['NONE']), caller('Viewer'))).toBe('allowed');
    expect(expectedOutcome(route(['CREATE_PROJECT']), caller('Viewer'))).toBe(403);
    expect(expectedOutcome(route(['CREATE_PROJECT']), caller('service account (Editor, PAT)'))).toBe('allowed');
    expect(expectedOutcome(route(['ADMIN', 'READ_CLIENT_API_TOKEN']), caller('Editor'))).toBe('allowed');
    expect(expectedOutcome(route(['CLIENT'], 'client'), caller('Editor'))).toBe(403);
    expect(expectedOutcome(route(['CLIENT'], 'client'), caller('Admin'))).toBe('allowed');
  });
});
