import { Body, Delete, Get, HttpCode, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors, LOCATION_HEADER } from '../../core/http/openapi.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { IntParam } from '../../core/http/int-param.js';
import { CreateUserSchema, PasswordSchema, UpdateUserSchema, UserSchema, UsersSchema } from './user.dto.js';
import { PASSWORD_RULE } from './password-policy.js';
import { AdminCountSchema, UsersGroupsBaseSchema, UsersSearchQuery } from './user-directory.dto.js';
import type { BaseGroup, BaseUser, PublicUser } from './user-directory.model.js';
import { UserDirectoryService } from './user-directory.service.js';
import type { UserJson } from './user.model.js';
import { UserService } from './user.service.js';

/** User administration, at Unleash's paths. Service accounts are managed under /api/admin/service-account. */
@AdminController('user-admin', 'Users')
@RequirePermission('ADMIN')
export class UserAdminController {
  constructor(
    private readonly users: UserService,
    private readonly directory: UserDirectoryService,
  ) {}

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

  @Post('validate-password')
  @HttpCode(200)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'validateUserPassword',
    summary: 'Check a password against the password policy',
    description: `200 when \`password\` ${PASSWORD_RULE}; otherwise 400 naming it. \`confirmPassword\`, when given, must equal it. Nothing is stored.`,
  })
  @ApiOkResponse({ description: 'The password is acceptable' })
  validatePassword(@Body() _password: PasswordSchema): void {
    // The validation pipe has held the body to the policy: an acceptable password needs nothing more.
  }

  @Get('search')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'searchUsers',
    summary: 'Search people',
    description:
      'People (not service accounts) whose name contains `q`, or whose username or email starts with it, ignoring case; by id. With fewer than 2 characters, nobody.',
  })
  @ApiErrors(400)
  @ApiOkResponse({ type: [UserSchema] })
  search(@Query() query: UsersSearchQuery): Promise<PublicUser[]> {
    return this.directory.search(query.q);
  }

  @Get('access')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getBaseUsersAndGroups',
    summary: 'Every account and group, with minimal fields',
    description:
      'For any signed-in caller (a project owner adding access is not an admin): every account with id, name, username, email and accountType, and every group with id, name, userCount and rootRole.',
  })
  @ApiOkResponse({ type: UsersGroupsBaseSchema })
  access(): Promise<{ users: BaseUser[]; groups: BaseGroup[] }> {
    return this.directory.baseUsersAndGroups();
  }

  @Get('admin-count')
  @ApiOperation({
    operationId: 'getAdminCount',
    summary: 'How many accounts hold the Admin root role',
    description: 'People with a password, people without one, and service accounts; a root role held through a group is not counted.',
  })
  @ApiOkResponse({ type: AdminCountSchema })
  adminCount(): Promise<AdminCountSchema> {
    return this.directory.adminCount();
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
