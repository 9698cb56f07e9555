import { HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../core/access/decorators.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { type UserJson, UserSchema } from '../users/index.js';
import { LoginSchema } from './login.dto.js';
import { LoginThrottleGuard } from './login-throttle.guard.js';
import { PasswordLoginGuard, verifiedPasswordOf } from './password-login.guard.js';
import { SignInService } from './sign-in.service.js';

// The throttle guard is declared below ApiController so it runs before the guards that decorator binds.
@ApiController('auth', 'auth/simple', 'Auth')
@UseGuards(LoginThrottleGuard)
@Public()
export class LoginController {
  constructor(private readonly signIns: SignInService) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(PasswordLoginGuard)
  @ApiOperation({
    operationId: 'login',
    summary: 'Log in with username (or email) and password',
    description:
      'Starts a session: sets the session cookie (HttpOnly, SameSite=Lax) that later requests authenticate with; a session the request came with ends. ' +
      'After too many consecutive failures an account (or a name that is no account) is locked for a while (401 saying so); too many attempts from one address within a minute get 429. ' +
      'Every sign-in and every failure is an event (`user-logged-in`, `user-login-failed`).',
  })
  @ApiBody({ type: LoginSchema })
  @ApiOkResponse({ type: UserSchema, description: 'Logged in; the user as it is after this login (loginAttempts 0, seenAt now)' })
  @ApiErrors(
    400,
    [401, 'Wrong username or password, or the login is temporarily locked'],
    [429, 'Too many login attempts from this address; see Retry-After'],
  )
  signIn(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<UserJson> {
    const verified = verifiedPasswordOf(request);
    return this.signIns.signIn(verified.personId, verified, request, response);
  }
}
