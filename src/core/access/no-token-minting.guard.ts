import { applyDecorators, type CanActivate, type ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { noAccess } from './access.errors.js';
import type { AuthenticatedRequest } from './decorators.js';

export const MINTS_TOKENS = 'flagwright:mints-tokens';

export const NO_MINTING_BY_PAT =
  'A personal access token cannot create tokens or extend them: sign in (or use an admin API token), so that a leaked token cannot be turned into more tokens that outlive it.';

/** Refuses callers authenticated by a personal access token (a person's or a service account's). */
class NoMintingByPersonalTokenGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
    if (principal?.kind === 'user' && principal.via === 'pat') throw noAccess(NO_MINTING_BY_PAT);
    return true;
  }
}

/**
 * The route creates a token or extends one (a PAT, a service account's token, an API token). A personal access token
 * may not call it: a token is for using the API, not for making credentials, so revoking a leaked token ends all the
 * access it gave, and no token made with it outlives or outranks it. The people who make tokens have signed in
 * (password with its lockout, single sign-on, or the host application's user); the operator's admin API tokens, the
 * root credential Unleash's automation (Terraform) uses, keep the right. On the handler, so it comes after 401, the
 * permission's 403 and 415.
 */
export const SignedInToMintTokens = () => applyDecorators(SetMetadata(MINTS_TOKENS, true), UseGuards(new NoMintingByPersonalTokenGuard()));
