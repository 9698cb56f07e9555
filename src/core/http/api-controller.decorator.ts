import { applyDecorators, Controller, SetMetadata, UseFilters, UseGuards, VERSION_NEUTRAL } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { AuthGuard } from '../access/auth.guard.js';
import { PermissionGuard } from '../access/permission.guard.js';
import { ErrorFilter } from '../errors/error.filter.js';
import { API_KIND, type ApiKind } from './api-kind.js';
import { ContentTypeGuard } from './content-type.guard.js';
import { FrontendCorsGuard } from './frontend-cors.js';
import { JsonBodyGuard } from './json-body.guard.js';
import { SameOriginGuard } from './same-origin.guard.js';
import { takeOverRoutes } from './own-route-pipeline.js';

const PREFIX: Record<ApiKind, string> = {
  admin: 'api/admin',
  client: 'api/client',
  frontend: 'api/frontend',
  edge: 'edge',
  auth: '',
  ops: '',
};

/**
 * Every controller of the service is declared through this decorator, which binds the pipeline per controller:
 * (frontend API: CORS headers) → a browser's write from another site refused (403) → body parsing (400, 413) →
 * authentication (401) → permission (403) → content type (415) → validation (400) → handler,
 * and the error filter.
 * Nothing is registered app-wide, so a host application's own routes are untouched; and the routes read their
 * arguments, validate them and write their answers themselves (`takeOverRoutes`), so a host's global pipes and
 * interceptors change neither. The routes are version-neutral: a host that versions its own (`enableVersioning`)
 * leaves ours at the paths Unleash's clients call, where links, `location` headers and the session cookie point.
 */
export function ApiController(api: ApiKind, path: string, tag: string) {
  const fullPath = [PREFIX[api], path].filter(Boolean).join('/');
  return applyDecorators(
    Controller({ path: fullPath, version: VERSION_NEUTRAL }),
    SetMetadata(API_KIND, api),
    // The frontend API answers browsers on other origins: its CORS headers go on every answer, refusals included.
    UseGuards(
      ...(api === 'frontend' ? [FrontendCorsGuard] : []),
      SameOriginGuard,
      JsonBodyGuard,
      AuthGuard,
      PermissionGuard,
      ContentTypeGuard,
    ),
    UseFilters(ErrorFilter),
    ApiTags(tag),
    ApiBearerAuth(),
    ApiCookieAuth(),
    takeOverRoutes,
  );
}

export const AdminController = (path: string, tag: string) => ApiController('admin', path, tag);
