import type { ExecutionContext } from '@nestjs/common';

/**
 * Which API a route belongs to; API tokens are limited to theirs. `edge`: what Unleash Edge calls besides the client
 * API (`/edge/...`); client tokens reach it too.
 */
export type ApiKind = 'admin' | 'client' | 'frontend' | 'edge' | 'auth' | 'ops';

/** The metadata key under which `ApiController` records a controller's API kind for the permission guard. */
export const API_KIND = 'flagwright:api-kind';

/**
 * Whether the route an ExecutionContext is about to run is one of Flagwright's: a host's strict global guard lets
 * those through (`if (isFlagwrightRoute(context)) return true;`), since they authenticate their own callers (API
 * tokens, SDK keys, sessions) and would refuse the anonymous ones themselves.
 */
export function isFlagwrightRoute(context: ExecutionContext): boolean {
  return Reflect.getMetadata(API_KIND, context.getClass()) !== undefined;
}
