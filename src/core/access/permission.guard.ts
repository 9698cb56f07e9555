import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { API_KIND, type ApiKind } from '../http/api-kind.js';
import { perHandler } from '../http/per-handler.js';
import { AccessReadModel, holds } from './access.read-model.js';
import { type AuthenticatedRequest, PUBLIC_ROUTE, REQUIRED_PERMISSION } from './decorators.js';
import { permissionScope } from './permissions.js';
import type { ApiTokenType, Principal } from './principal.js';
import { missingPermission, noAccess } from './access.errors.js';

const TOKEN_API: Record<string, ApiKind> = { client: 'client', backend: 'client', frontend: 'frontend', admin: 'admin' };

/** What the guard needs from a route's decorators. */
interface RoutePermissions {
  isPublic: boolean;
  api: ApiKind;
  /** Any one of them suffices; undefined when the route names none (then it is refused). */
  permissions?: string[];
  anyUser: boolean;
  /** Whether a permission is held per project, so the route's project must be found. */
  projectScoped: boolean;
}

/** Whether an API token of this type may call this API (a client token also reaches Edge's). */
export function tokenReaches(type: ApiTokenType, api: ApiKind): boolean {
  return TOKEN_API[type] === api || (api === 'edge' && TOKEN_API[type] === 'client');
}

/** Raises 403 NoAccessError when the principal lacks the route's permission, naming it and the environment. */
@Injectable()
export class PermissionGuard implements CanActivate {
  private readonly routePermissions = perHandler((handler, controller): RoutePermissions => {
    const targets = [handler, controller];
    const permissions = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_PERMISSION, targets);
    return {
      isPublic: this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets) === true,
      api: this.reflector.getAllAndOverride<ApiKind | undefined>(API_KIND, targets) ?? 'admin',
      permissions,
      anyUser: permissions?.includes('NONE') ?? false,
      projectScoped: permissions?.some((permission) => permissionScope(permission) !== 'root') ?? false,
    };
  });

  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessReadModel,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.routePermissions(context);
    if (route.isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = request.principal;
    if (!principal) return false;
    if (principal.kind === 'api-token') return this.checkToken(principal, route.api);
    const { permissions } = route;
    if (!permissions) throw noAccess("You don't have the required permissions to perform this operation.");
    if (route.anyUser) return true;
    const project = route.projectScoped ? await this.projectOf(request) : undefined;
    const environment = stringParam(request.params?.environment);
    const grants = await this.access.grantsOf(principal.id);
    if (permissions.some((permission) => holds(grants, permission, project, environment))) return true;
    throw missingPermission(permissions, project, environment);
  }

  /** API tokens reach only their own API: client tokens the client API (and Edge's), frontend tokens the frontend API, admin tokens the admin API. */
  private checkToken(principal: Extract<Principal, { kind: 'api-token' }>, api: ApiKind): boolean {
    if (tokenReaches(principal.type, api)) return true;
    throw noAccess(
      `invalid token: expected a different token type for this endpoint. A ${principal.type} token cannot be used on the ${api} API.`,
    );
  }

  private async projectOf(request: AuthenticatedRequest): Promise<string | undefined> {
    const fromRoute = stringParam(request.params?.projectId) ?? stringParam(request.params?.project);
    if (fromRoute) return fromRoute;
    const featureName = stringParam(request.params?.featureName);
    if (featureName) return this.access.projectOfFeature(featureName);
    const body = request.body as { project?: unknown } | undefined;
    return stringParam(body?.project);
  }
}

function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
