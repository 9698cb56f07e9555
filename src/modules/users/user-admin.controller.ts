import { Body, Delete, Get, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors, LOCATION_HEADER } from '../../core/http/openapi.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { IntParam } from '../../core/http/int-param.js';
import { CreateUserSchema, PasswordSchema, UpdateUserSchema, UserSchema, UsersSchema } from './user.dto.js';
import type { UserJson } from './user.model.js';
import { UserService } from './user.service.js';

/** User administration, at Unleash's paths. Service accounts are managed under /api/admin/service-account. */
@AdminController('user-admin', 'Users')
@RequirePermission('ADMIN')
export class UserAdminController {
  constructor(private readonly users: UserService) {}

  @Get()
  @ApiOperation({ operationId: 'getUsers', summary: 'List every user (not service accounts), by id, with the root roles a user can have.' })
  @ApiOkResponse({ type: UsersSchema })
  list(): Promise<UsersSchema> {
    return this.users.list();
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createUser',
    summary: 'Create a user',
    description:
      'Needs an email or a username (or both), and a root role. 400 for a weak password or an unknown root role, 409 when the username or email is taken.',
  })
  @ApiErrors(409)
  @ApiCreatedResponse({
    type: UserSchema,
    headers: LOCATION_HEADER,
  })
  async create(
    @Body() body: CreateUserSchema,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UserJson> {
    const user = await this.users.create(body, actor);
    response.setHeader('Location', this.users.locationOf(user.id));
    return user;
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getUser', summary: 'Get a user' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: UserSchema })
  get(@IntParam('id') id: number): Promise<UserJson> {
    return this.users.get(id);
  }

  @Put(':id')
  @ApiOperation({
    operationId: 'updateUser',
    summary: 'Update a user',
    description:
      'Changes name, email and root role; omitted properties stay as they are, unknown ones are ignored. The last admin cannot be demoted.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: UserSchema })
  update(@IntParam('id') id: number, @Body() body: UpdateUserSchema, @CurrentActor() actor: Actor): Promise<UserJson> {
    return this.users.update(id, { email: body.email, name: body.name, rootRole: body.rootRole }, actor);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteUser',
    summary: 'Delete a user',
    description: 'Ends their sessions and deletes their personal access tokens and group memberships. The last admin cannot be deleted.',
  })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@IntParam('id') id: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.users.delete(id, actor);
  }

  @Post(':id/change-password')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'changeUserPassword',
    summary: "Set a user's password",
    description: "Ends every session of that user (when it is the caller's own, the caller gets a fresh one).",
  })
  @ApiOkResponse({ description: 'Password changed' })
  async changePassword(
    @IntParam('id') id: number,
    @Body() body: PasswordSchema,
    @CurrentActor() actor: Actor,
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const caller = principal.kind === 'user' && principal.via === 'session' ? { request, response } : undefined;
    await this.users.setPassword(id, body.password, actor, caller);
  }

  @Delete(':id/sessions')
  @AcceptsNoBody()
  @ApiOperation({
    operationId: 'deleteUserSessions',
    summary: 'End every session of a user',
    description:
      'Their session cookies stop working at once on this instance and within a second on every other; their tokens are untouched. Event `user-sessions-ended` with how many ended.',
  })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Ended' })
  async endSessions(@IntParam('id') id: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.users.endSessions(id, actor);
  }
}
