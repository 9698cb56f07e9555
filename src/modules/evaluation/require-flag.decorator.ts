import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  NotFoundException,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { type FlagContext, FeatureFlags } from './feature-flags.service.js';

const REQUIRED_FLAG = 'flagwright:required-flag';

/** The request fields a host route's evaluation context is read from, unless `RequireFlag` is given its own. */
export interface FlagRequest {
  ip?: string;
  sessionID?: string;
  user?: { id?: unknown; userId?: unknown; sub?: unknown };
}

interface RequiredFlag {
  name: string;
  context: (request: FlagRequest) => FlagContext;
}

/**
 * The evaluation context of a host request: `userId` from `request.user` (`id`, `userId` or `sub`, as Passport
 * strategies set it), `sessionId` from `request.sessionID` (express-session), `remoteAddress` from `request.ip`.
 */
export function contextOfRequest(request: FlagRequest): FlagContext {
  const user = request.user;
  const userId = user?.id ?? user?.userId ?? user?.sub;
  return {
    ...(userId !== undefined && userId !== null ? { userId: String(userId) } : {}),
    ...(request.sessionID ? { sessionId: request.sessionID } : {}),
    ...(request.ip ? { remoteAddress: request.ip } : {}),
  };
}

/**
 * Guards a host route (or controller) with a flag: while the flag is off for the request's context the route
 * answers 404, as if it did not exist. Works in any module of the host: FeatureFlags is looked up where
 * FlagwrightModule provides it.
 */
export function RequireFlag(name: string, options: { context?: (request: FlagRequest) => FlagContext } = {}) {
  const required: RequiredFlag = { name, context: options.context ?? contextOfRequest };
  return applyDecorators(SetMetadata(REQUIRED_FLAG, required), UseGuards(RequireFlagGuard));
}

@Injectable()
export class RequireFlagGuard implements CanActivate {
  private flags?: FeatureFlags;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<RequiredFlag | undefined>(REQUIRED_FLAG, [context.getHandler(), context.getClass()]);
    if (!required) return true;
    this.flags ??= this.moduleRef.get(FeatureFlags, { strict: false });
    if (this.flags.isEnabled(required.name, required.context(context.switchToHttp().getRequest<FlagRequest>()))) return true;
    throw new NotFoundException();
  }
}
