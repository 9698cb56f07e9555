import type { Type } from '@nestjs/common';
import type { ApiKind } from '../http/api-kind.js';
import { type Markers, routePermissions, type RoutePermission } from './permission-table.js';
import { BUILT_IN_ROLES, DEFAULT_PROJECT, permissionScope, ROLE } from './permissions.js';
import type { ApiTokenType } from './principal.js';

/**
 * The kinds of caller the access matrix tries on every route, described by what the model knows of them: no valid
 * credential at all, an API token of a type, or a person or service account holding built-in roles.
 */
export type MatrixCaller =
  | { name: string; credential: 'invalid' }
  | { name: string; credential: 'api-token'; tokenType: ApiTokenType }
  | {
      name: string;
      credential: 'user';
      rootRole: number;
      projectRoles: { project: string; role: number }[];
      /** Authenticated by a personal access token rather than a session. */
      byPersonalToken?: true;
    };

/** A project the matrix's routes never name: where the "Member of another project" holds its role. */
export const OTHER_PROJECT = 'matrix-other';

export const MATRIX_CALLERS: MatrixCaller[] = [
  { name: 'none', credential: 'invalid' },
  { name: 'malformed header', credential: 'invalid' },
  { name: 'unknown token', credential: 'invalid' },
  { name: 'expired token', credential: 'invalid' },
  { name: 'session after logout', credential: 'invalid' },
  { name: 'client token', credential: 'api-token', tokenType: 'client' },
  { name: 'frontend token', credential: 'api-token', tokenType: 'frontend' },
  { name: 'admin token', credential: 'api-token', tokenType: 'admin' },
  { name: 'Viewer', credential: 'user', rootRole: ROLE.VIEWER, projectRoles: [] },
  { name: 'Editor', credential: 'user', rootRole: ROLE.EDITOR, projectRoles: [] },
  {
    name: 'Member of another project',
    credential: 'user',
    rootRole: ROLE.VIEWER,
    projectRoles: [{ project: OTHER_PROJECT, role: ROLE.MEMBER }],
  },
  { name: 'service account (Editor, PAT)', credential: 'user', rootRole: ROLE.EDITOR, projectRoles: [], byPersonalToken: true },
  { name: 'Admin', credential: 'user', rootRole: ROLE.ADMIN, projectRoles: [] },
];

/** `allowed`: anything but 401 and 403 (the request reaches validation, a 404, or succeeds). */
export type Outcome = 401 | 403 | 'allowed';

/** The APIs each token type reaches: client tokens also reach Edge's routes. */
const TOKEN_APIS: Record<ApiTokenType, ApiKind[]> = {
  admin: ['admin'],
  client: ['client', 'edge'],
  backend: ['client', 'edge'],
  frontend: ['frontend'],
};

/**
 * What the model of `docs/permissions.md` says the caller gets on the route when the route's project (from its
 * path, or from the feature it names) is `project`.
 */
export function expectedOutcome(route: RoutePermission, caller: MatrixCaller, project: string = DEFAULT_PROJECT): Outcome {
  const permissions = route.permissions ?? [];
  if (route.permissions !== undefined && permissions.length === 0) return 'allowed';
  if (caller.credential === 'invalid') return 401;
  if (caller.credential === 'api-token') return TOKEN_APIS[caller.tokenType].includes(route.api) && !route.peopleOnly ? 'allowed' : 403;
  if (route.mintsTokens && caller.byPersonalToken) return 403;
  if (permissions.includes('NONE')) return 'allowed';
  const rootGrants = roleGrants(caller.rootRole);
  if (rootGrants.includes('ADMIN')) return 'allowed';
  const held = (permission: string) => {
    const scope = permissionScope(permission);
    if (scope === undefined) return false;
    if (scope === 'root') return rootGrants.includes(permission);
    if (project === DEFAULT_PROJECT && rootGrants.includes(permission)) return true;
    return caller.projectRoles.some((grant) => grant.project === project && roleGrants(grant.role).includes(permission));
  };
  return permissions.some(held) ? 'allowed' : 403;
}

function roleGrants(roleId: number): string[] {
  return BUILT_IN_ROLES.find((role) => role.id === roleId)?.permissions ?? [];
}

const API_TITLES: Record<ApiKind, string> = {
  admin: 'Admin API',
  client: 'Client API (backend SDKs)',
  edge: 'Edge',
  frontend: 'Frontend API',
  auth: 'Sign-in',
  ops: 'Operations',
};

export const ACCESS_MATRIX_MARKERS: Markers = {
  start: '<!-- access-matrix:start (generated from the controllers and the built-in roles; do not edit by hand) -->',
  end: '<!-- access-matrix:end -->',
};

/** The Markdown `docs/permissions.md` carries between its access-matrix markers: one table per API. */
export function accessMatrixTable(controllers: Type<unknown>[]): string {
  const routes = routePermissions(controllers);
  const header = `| Method | Path | ${MATRIX_CALLERS.map((caller) => caller.name).join(' | ')} |`;
  const rule = `|---|---|${MATRIX_CALLERS.map(() => ':-:').join('|')}|`;
  const apis = (Object.keys(API_TITLES) as ApiKind[]).filter((api) => routes.some((route) => route.api === api));
  return apis
    .map((api) => {
      const rows = routes
        .filter((route) => route.api === api)
        .map(
          (route) =>
            `| ${route.method} | \`${route.path}\` | ${MATRIX_CALLERS.map((caller) => symbolOf(expectedOutcome(route, caller))).join(' | ')} |`,
        );
      return [`### ${API_TITLES[api]}`, '', header, rule, ...rows].join('\n');
    })
    .join('\n\n');
}

function symbolOf(outcome: Outcome): string {
  return outcome === 'allowed' ? '✓' : String(outcome);
}
