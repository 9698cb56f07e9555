import { Delete, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import { ForPeopleOnly } from '../../core/access/people-only.guard.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { SessionsSchema } from './session.dto.js';
import { SessionService } from './session.service.js';
import { SessionPath } from './sessions.paths.js';

const NOT_A_PERSON = 'API tokens have no sessions; log in as a user.';

/** The caller's own sessions: what they can see of them, and ending any one. */
@AdminController('user/sessions', 'Users')
@RequirePermission('NONE')
export class SessionController {
  constructor(private readonly sessions: SessionService) {}

  @Get()
  @ForPeopleOnly(NOT_A_PERSON)
  @ApiOperation({
    operationId: 'getMySessions',
    summary: 'Your active sessions',
    description: 'Newest first: when each started and was last used, and the address and user agent it was started from.',
  })
  @ApiOkResponse({ type: SessionsSchema })
  async list(@CurrentPrincipal() principal: Principal, @Req() request: Request): Promise<SessionsSchema> {
    return { sessions: await this.sessions.list(idOf(principal), request) };
  }

  @Delete(':sessionId')
  @ForPeopleOnly(NOT_A_PERSON)
  @AcceptsNoBody()
  @ApiOperation({
    operationId: 'deleteMySession',
    summary: 'End one of your sessions',
    description: 'Its cookie stops working at once on this instance and within a second on every other. Event `session-ended`.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Ended' })
  async end(@CurrentPrincipal() principal: Principal, @CurrentActor() actor: Actor, @Param() { sessionId }: SessionPath): Promise<void> {
    await this.sessions.endOwn(idOf(principal), sessionId, actor);
  }
}

/** ForPeopleOnly has refused API tokens. */
function idOf(principal: Principal): number {
  return (principal as Extract<Principal, { kind: 'user' }>).id;
}
