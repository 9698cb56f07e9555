import { HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { IntParam } from '../../core/http/int-param.js';
import { type UserJson, UserSchema } from '../users/index.js';
import { LockoutService } from './lockout.service.js';

@AdminController('user-admin', 'Users')
@RequirePermission('ADMIN')
export class UnlockController {
  constructor(private readonly lockout: LockoutService) {}

  @Post(':id/unlock')
  @HttpCode(200)
  @AcceptsNoBody()
  @ApiOperation({
    operationId: 'unlockUser',
    summary: 'Unlock a user',
    description: "Lifts the login locks of the user's username and email and resets loginAttempts to 0.",
  })
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: UserSchema })
  unlock(@IntParam('id') id: number, @CurrentActor() actor: Actor): Promise<UserJson> {
    return this.lockout.unlock(id, actor);
  }
}
