import { ForbiddenException, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { isFlagwrightRoute } from 'flagwright';

/**
 * The host's own global guard: its routes need its key; Flagwright's routes authenticate themselves, so it lets them
 * through (`isFlagwrightRoute`), except that it blocks any request a (pretend) firewall flags, Flagwright's included.
 */
export class HostKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.headers['x-blocked'] === 'yes') throw new ForbiddenException('Blocked by the host');
    if (isFlagwrightRoute(context)) return true;
    if (request.headers['x-host-key'] !== 'host-key') throw new UnauthorizedException('The host wants its key');
    return true;
  }
}
