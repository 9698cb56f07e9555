import { applyDecorators, type CanActivate, type ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import type { AuthenticatedRequest } from './decorators.js';
import { noAccess } from './access.errors.js';

export const PEOPLE_ONLY = 'flagwright:people-only';

/** Refuses API tokens, which are nobody: 403 with the route's own message. */
class PeopleOnlyGuard implements CanActivate {
  constructor(private readonly message: string) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.switchToHttp().getRequest<AuthenticatedRequest>().principal?.kind !== 'api-token') return true;
    throw noAccess(this.message);
  }
}

/**
 * The route is about the calling person or service account (their account, their own tokens): an API token gets
 * 403 with `message`. Put it on each handler, not on the controller: Nest runs a handler's guards after the
 * controller's, so the check comes after 401, the permission's 403 and 415, and before validation (400).
 */
export const ForPeopleOnly = (message: string) => applyDecorators(SetMetadata(PEOPLE_ONLY, true), UseGuards(new PeopleOnlyGuard(message)));
