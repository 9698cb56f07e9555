import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { Request } from 'express';
import { RequestValidationPipe } from '../../core/http/request-validation.pipe.js';
import { LoginSchema } from './login.dto.js';
import { LoginService, type VerifiedPassword } from './login.service.js';
import { checkPasswordsWith, PASSWORD_STRATEGY } from './password.strategy.js';

/** Where the guard leaves the person whose password was right: not `request.user`, which a host's own passport owns. */
const VERIFIED = 'flagwrightVerifiedPassword';

/** The person the guard verified, for the login route. */
export function verifiedPasswordOf(request: Request): VerifiedPassword {
  return (request as unknown as Record<string, VerifiedPassword>)[VERIFIED];
}

/**
 * `@nestjs/passport`'s guard running Flagwright's passport-local strategy on the login route. Bound to the route, it
 * runs after the controller's guards (address limit 429, content type 415), and checks the body against
 * `loginSchema` first (400), as the route's validation did. passport-local refuses an empty username or password
 * without checking anything ("Missing credentials"); such a login goes to the same check directly, so it is counted
 * and answered like any wrong password, in the same time.
 */
@Injectable()
export class PasswordLoginGuard extends AuthGuard(PASSWORD_STRATEGY) {
  constructor(
    private readonly login: LoginService,
    private readonly validation: RequestValidationPipe,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const body = this.validation.transform(request.body, { type: 'body', metatype: LoginSchema }) as LoginSchema;
    checkPasswordsWith(request, (username, password) => this.login.verify({ username, password }, request));
    if (body.username === '' || body.password === '') {
      (request as unknown as Record<string, VerifiedPassword>)[VERIFIED] = await this.login.verify(body, request);
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }

  override getAuthenticateOptions(): AuthGuardAuthenticateOptions {
    return { property: VERIFIED, session: false };
  }

  /** The check's own errors (401 with its message) pass through unchanged; passport has no other way to fail here. */
  override handleRequest<TUser = VerifiedPassword>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) throw new Error(`${PASSWORD_STRATEGY} answered neither a person nor an error.`);
    return user;
  }
}
