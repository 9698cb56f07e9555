import { Get, Query, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../core/access/decorators.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { OidcSignInService } from './oidc-sign-in.service.js';
import { OidcLoginQuery } from './sso.dto.js';

const REDIRECT_LOCATION = { location: { description: 'Where the browser goes next', schema: { type: 'string' } } };

/** The browser's side of single sign-on: to the provider, back from it, and out. */
@ApiController('auth', 'auth/oidc', 'Auth')
@Public()
export class OidcController {
  constructor(private readonly signIn: OidcSignInService) {}

  @Get('login')
  @ApiOperation({
    operationId: 'oidcLogin',
    summary: 'Start single sign-on: redirects to the OpenID Connect provider.',
    description:
      'Redirects (302) to the provider with PKCE, `state` and `nonce`, kept in a short-lived signed cookie for the callback. ' +
      "When the sign-in cannot start (single sign-on off, `redirect` not a path of this service, the provider down: it is then not asked again for 30 seconds), redirects to the console's login page with the reason in `errorMsg` (`/login?errorMsg=...`).",
  })
  @ApiFoundResponse({
    description: "The provider's authorization URL, or the login page with `errorMsg`, in `location`",
    headers: REDIRECT_LOCATION,
  })
  @ApiErrors(400)
  async login(@Query() query: OidcLoginQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    try {
      await this.signIn.begin(query.redirect, request, response);
    } catch (error) {
      response.redirect(302, this.signIn.loginPageSaying(error));
    }
  }

  @Get('callback')
  @ApiOperation({
    operationId: 'oidcCallback',
    summary: "The provider's redirect back: signs the person in and redirects to where they were going.",
    description:
      "A sign-in refused (state, code or ID token refused, no account for this person, the account locked, the provider down, single sign-on off) redirects to the console's login page with the reason in `errorMsg` (`/login?errorMsg=...`), and is recorded as `user-login-failed`.",
  })
  @ApiFoundResponse({
    description: 'Signed in: a new session cookie, and the return path in `location`; refused: the login page with `errorMsg`',
    headers: REDIRECT_LOCATION,
  })
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    let next: string;
    try {
      next = await this.signIn.complete(request, response);
    } catch (error) {
      next = this.signIn.loginPageSaying(error);
    }
    response.redirect(302, next);
  }

  @Get('logout')
  @ApiOperation({
    operationId: 'oidcLogout',
    summary: "End the session, and with single sign-out the provider's session too (redirects there, else home).",
  })
  @ApiFoundResponse({ description: "The provider's end-session URL, or the home page, in `location`", headers: REDIRECT_LOCATION })
  async logout(@Req() request: Request, @Res() response: Response): Promise<void> {
    response.redirect(302, await this.signIn.logout(request, response));
  }
}
