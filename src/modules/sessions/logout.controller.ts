import { HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../core/access/decorators.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { SessionService } from './session.service.js';

@ApiController('auth', '', 'Auth')
export class LogoutController {
  constructor(private readonly sessions: SessionService) {}

  @Post('logout')
  @Public()
  @AcceptsNoBody()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'logout',
    summary: 'End the current session and clear its cookie. Without a session it only clears the cookie.',
  })
  @ApiOkResponse({ description: 'Logged out' })
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.end(request, response);
  }
}
