import { Body, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { InactiveUserService } from './inactive-user.service.js';
import { IdsSchema, InactiveUsersSchema } from './user-directory.dto.js';

/**
 * People not seen for `USER_INACTIVITY_THRESHOLD_IN_DAYS` (default 180). Its own controller, listed before the
 * user-admin one, so that `/user-admin/inactive` is not read as a user id.
 */
@AdminController('user-admin/inactive', 'Users')
@RequirePermission('ADMIN')
export class InactiveUsersController {
  constructor(private readonly inactive: InactiveUserService) {}

  @Get()
  @ApiOperation({
    operationId: 'getInactiveUsers',
    summary: 'Inactive users',
    description:
      'People created more than `USER_INACTIVITY_THRESHOLD_IN_DAYS` days ago (default 180) who have neither logged in nor used a personal access token since. Service accounts are left out.',
  })
  @ApiOkResponse({ type: InactiveUsersSchema })
  async list(): Promise<InactiveUsersSchema> {
    return { version: 1, inactiveUsers: await this.inactive.list() };
  }

  @Post('delete')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'deleteInactiveUsers',
    summary: 'Delete inactive users',
    description:
      'Deletes the people named, as deleteUser does (event `user-deleted` for each), in one transaction; your own id is skipped. 404 for an unknown id, 400 naming the id of a person who is not inactive (nothing is deleted then); the last admin stays (400).',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@Body() body: IdsSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.inactive.delete(body.ids, actor);
  }
}
