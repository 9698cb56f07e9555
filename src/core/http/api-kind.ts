/**
 * Which API a route belongs to; API tokens are limited to theirs. `edge`: what Unleash Edge calls besides the client
 * API (`/edge/...`); client tokens reach it too.
 */
export type ApiKind = 'admin' | 'client' | 'frontend' | 'edge' | 'auth' | 'ops';

/** The metadata key under which `ApiController` records a controller's API kind for the permission guard. */
export const API_KIND = 'flagwright:api-kind';
