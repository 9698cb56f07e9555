import { permissionScope } from '../../core/access/permissions.js';
import type { ErrorDetail } from '../../core/errors/app-error.js';
import type { CustomRoleType, RolePermission } from './role.model.js';

/** A permission as a request names it. */
export interface RequestedPermission {
  name: string;
  environment?: string | null;
}

const FITS: Record<CustomRoleType, { scopes: string[]; explanation: string }> = {
  'root-custom': { scopes: ['root'], explanation: 'a custom root role (type root-custom) holds root permissions only' },
  custom: {
    scopes: ['project', 'environment'],
    explanation: 'a custom project role (type custom) holds project and environment permissions only',
  },
};

/**
 * Checks the permission list of a custom role: every name from the catalogue and of a scope that fits the role's
 * type, environment-scoped permissions given for one existing environment each, others without an environment.
 * Answers the normalised list (duplicates dropped, sorted) or every problem, each with its pointer.
 */
export function checkRolePermissions(
  type: CustomRoleType,
  requested: RequestedPermission[],
  environments: ReadonlySet<string>,
): { permissions: RolePermission[]; problems: ErrorDetail[] } {
  const problems: ErrorDetail[] = [];
  const accepted = new Map<string, RolePermission>();
  requested.forEach((permission, index) => {
    const at = `/body/permissions/${index}`;
    const scope = permissionScope(permission.name);
    const environment = permission.environment || undefined;
    if (scope === undefined) {
      problems.push({
        path: `${at}/name`,
        message: `The \`${at}/name\` property must name a permission of the catalogue (GET /api/admin/permissions). You sent ${JSON.stringify(permission.name)}.`,
      });
      return;
    }
    if (permission.name === 'ADMIN') {
      problems.push({
        path: `${at}/name`,
        message: `The \`${at}/name\` property cannot be ADMIN: a custom role cannot grant it; give the Admin root role instead.`,
      });
      return;
    }
    if (!FITS[type].scopes.includes(scope)) {
      problems.push({
        path: `${at}/name`,
        message: `The \`${at}/name\` property names ${permission.name}, ${scope === 'environment' ? 'an' : 'a'} ${scope} permission, but ${FITS[type].explanation}.`,
      });
      return;
    }
    if (scope === 'environment' && environment === undefined) {
      problems.push({
        path: `${at}/environment`,
        message: `The \`${at}/environment\` property is required: ${permission.name} is granted per environment.`,
      });
      return;
    }
    if (scope !== 'environment' && environment !== undefined) {
      problems.push({
        path: `${at}/environment`,
        message: `The \`${at}/environment\` property must be left out: ${permission.name} is not granted per environment. You sent ${JSON.stringify(environment)}.`,
      });
      return;
    }
    if (environment !== undefined && !environments.has(environment)) {
      problems.push({
        path: `${at}/environment`,
        message: `The \`${at}/environment\` property must name an existing environment. You sent ${JSON.stringify(environment)}.`,
      });
      return;
    }
    accepted.set(
      `${permission.name}\u0000${environment ?? ''}`,
      environment === undefined ? { name: permission.name } : { name: permission.name, environment },
    );
  });
  return { permissions: sortPermissions([...accepted.values()]), problems };
}

/** By name, then environment (grants for every environment first): the order roles show their permissions. */
export function sortPermissions(permissions: RolePermission[]): RolePermission[] {
  const key = (p: RolePermission) => [p.name, p.environment ?? ''] as const;
  return [...permissions].sort((a, b) => {
    const [an, ae] = key(a);
    const [bn, be] = key(b);
    return an < bn ? -1 : an > bn ? 1 : ae < be ? -1 : ae > be ? 1 : 0;
  });
}
