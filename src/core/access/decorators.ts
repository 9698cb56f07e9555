import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { ApiErrors } from '../http/openapi.js';
import { RequestValue } from '../http/own-route-pipeline.js';
import type { Permission } from './permissions.js';
import { actorOf, type Actor, type Principal } from './principal.js';

export const PUBLIC_ROUTE = 'flagwright:public';
export const REQUIRED_PERMISSION = 'flagwright:permission';

/** The route needs no credentials (login, health). Every other route does. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/**
 * What a route can require: a permission of the catalogue, `NONE` (any authenticated user), or the API it belongs
 * to for the SDK routes (`CLIENT`, `FRONTEND`: a token of that API, or an Admin).
 */
export type RoutePermission = Permission | 'NONE' | 'CLIENT' | 'FRONTEND';

/**
 * The permission a route needs; with several, any one of them suffices. `NONE` means any authenticated user.
 * The project is read from the `projectId` route parameter (or the feature named by `featureName`), the
 * environment from `environment`. The route then answers 401 without credentials and 403 without the permission,
 * which the OpenAPI document says.
 */
export const RequirePermission = (...permissions: [RoutePermission, ...RoutePermission[]]) =>
  applyDecorators(SetMetadata(REQUIRED_PERMISSION, permissions), ApiErrors(401, 403));

export interface AuthenticatedRequest extends Request {
  principal?: Principal;
}

/** The authenticated caller of the route. */
export const CurrentPrincipal = () => RequestValue((request: AuthenticatedRequest): Principal => request.principal!);

/** The caller as events and `createdBy` record it. */
export const CurrentActor = () => RequestValue((request: AuthenticatedRequest): Actor => actorOf(request.principal!, request.ip));
