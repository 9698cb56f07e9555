import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '../errors/app-error.js';
import { API_KIND, type ApiKind } from '../http/api-controller.decorator.js';
import { AccessReadModel, holds } from './access.read-model.js';
import { type AuthenticatedRequest, PUBLIC_ROUTE, REQUIRED_PERMISSION } from './decorators.js';
import { permissionScope } from './permissions.js';
import type { Principal } from './principal.js';

const TOKEN_API: Record<string, ApiKind> = { client: 'client', backend: 'client', frontend: 'frontend', admin: 'admin' };

/** Raises 403 NoAccessError when the principal lacks the route's permission, naming it and the environment. */
@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessReadModel,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = request.principal;
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    if (!principal) return false;
    const api = this.reflector.getAllAndOverride<ApiKind>(API_KIND, targets) ?? 'admin';
    if (principal.kind === 'api-token') return this.checkToken(principal, api);
    const permissions = this.reflector.getAllAndOverride<string[]>(REQUIRED_PERMISSION, targets);
    if (!permissions) throw noAccess("You don't have the required permissions to perform this operation.");
    if (permissions.includes('NONE')) return true;
    const project = await this.projectOf(request, permissions);
    const environment = stringParam(request.params?.environment);
    const grants = await this.access.grantsOf(principal.id);
    if (permissions.some((permission) => holds(grants, permission, project, environment))) return true;
    throw noAccess(describeMissing(permissions, project, environment));
  }

  /** API tokens reach only their own API: client tokens the client API, frontend tokens the frontend API, admin tokens the admin API. */
  private checkToken(principal: Extract<Principal, { kind: 'api-token' }>, api: ApiKind): boolean {
    if (TOKEN_API[principal.type] === api) return true;
    throw noAccess(`invalid token: expected a different token type for this endpoint. A ${principal.type} token cannot be used on the ${api} API.`);
  }

  private async projectOf(request: AuthenticatedRequest, permissions: string[]): Promise<string | undefined> {
    if (!permissions.some((p) => permissionScope(p) !== 'root')) return undefined;
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

function noAccess(message: string): AppError {
  return new AppError('NoAccessError', message);
}

function describeMissing(permissions: string[], project?: string, environment?: string): string {
  const needed = permissions.length === 1 ? `the "${permissions[0]}" permission` : `one of the following permissions: ${permissions.map((p) => `"${p}"`).join(', ')}`;
  const scoped = permissions.some((p) => permissionScope(p) === 'environment') && environment;
  const inProject = permissions.some((p) => permissionScope(p) !== 'root') && project;
  const where = `${scoped ? ` in the "${environment}" environment` : ''}${inProject ? ` of the "${project}" project` : ''}`;
  return `You don't have the required permissions to perform this operation. To perform this action, you need ${needed}${where}.`;
}
