import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '../errors/app-error.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../config/flagwright-config.js';
import { perHandler } from '../http/per-handler.js';
import { CredentialsReadModel } from './credentials.read-model.js';
import { type AuthenticatedRequest, PUBLIC_ROUTE } from './decorators.js';
import { HostUserPrincipals } from './host-user-principals.js';
import type { Principal } from './principal.js';
import { hashSecret } from './secrets.js';
import { rawSessionCookie, readSessionId } from './session-cookie.js';
import { SignInWays } from './sign-in-ways.js';
import { invalidAuthorizationHeader, notLoggedIn } from './access.errors.js';

const PAT_PREFIX = 'user:';

/** The credential an `authorization` header presents (an optional `Bearer ` prefix is accepted), if any. */
export function presentedCredential(header: string | undefined): string | undefined {
  return header?.replace(/^bearer\s+/i, '').trim() || undefined;
}

/** Whether a presented credential is a personal access token (`user:…`) rather than an API token. */
export function isPersonalAccessToken(credential: string): boolean {
  return credential.startsWith(PAT_PREFIX);
}

/**
 * Deny by default: every route needs a principal unless it is marked @Public() (which reads no credentials). The `authorization` header
 * (an optional `Bearer ` prefix is accepted) is read first: `user:…` is a personal access token, anything else an
 * API token. Without a header, the session cookie is used. With the `hostUsers` option, a request that none of
 * these authenticate acts as the host's user, if the host has one on it: the header may be the host's own (a JWT).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly isPublic = perHandler(
    (handler, controller) => this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [handler, controller]) === true,
  );

  constructor(
    private readonly reflector: Reflector,
    private readonly credentials: CredentialsReadModel,
    private readonly hostUsers: HostUserPrincipals,
    private readonly signInWays: SignInWays,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // A public route reads no credentials, so a stale or wrong one sent along (a probe, a login form) does not refuse it.
    if (this.isPublic(context)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = await this.authenticate(request);
    if (!principal) throw await this.missing(request);
    request.principal = principal;
    return true;
  }

  private async authenticate(request: AuthenticatedRequest): Promise<Principal | undefined> {
    const header = presentedCredential(request.headers.authorization);
    if (header) {
      const found = isPersonalAccessToken(header)
        ? await this.credentials.personalAccessToken(hashSecret(header))
        : await this.credentials.apiToken(hashSecret(header));
      const principal = found ?? (await this.hostUsers.principalOf(request));
      if (!principal) {
        throw invalidAuthorizationHeader(this.config.productName);
      }
      return principal;
    }
    const sessionId = readSessionId(request, this.config.session.cookieName, this.config.session.secret);
    const session = sessionId ? await this.credentials.session(hashSecret(sessionId)) : undefined;
    return session ?? this.hostUsers.principalOf(request);
  }

  private async missing(request: AuthenticatedRequest): Promise<AppError> {
    const hadCookie = rawSessionCookie(request, this.config.session.cookieName) !== undefined;
    return notLoggedIn(this.config.productName, await this.signInWays.describe(this.config.loginPath), hadCookie);
  }
}
