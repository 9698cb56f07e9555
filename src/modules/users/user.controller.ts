import { Body, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import { ForPeopleOnly } from '../../core/access/people-only.guard.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { RolesSchema } from '../roles/index.js';
import { ProfileSchema, UserRolesQuery } from './user-directory.dto.js';
import { UserDirectoryService } from './user-directory.service.js';
import { ChangeMyPasswordSchema, MeSchema } from './user.dto.js';
import { UserService } from './user.service.js';
import { NOT_A_USER } from './users.errors.js';

/** The caller's own account. API tokens are not users: they get 403 here. */
@AdminController('user', 'Users')
@RequirePermission('NONE')
export class UserController {
  constructor(
    private readonly users: UserService,
    private readonly directory: UserDirectoryService,
  ) {}

  @Get()
  @ForPeopleOnly(NOT_A_USER)
  @ApiOperation({
    operationId: 'getMe',
    summary: 'Your own user and permissions',
    description:
      "The caller's user record and effective permissions (root role, groups, project roles); a permission has `project`/`environment` only when it is limited to one. 403 for API tokens.",
  })
  @ApiOkResponse({ type: MeSchema })
  async me(@CurrentPrincipal() principal: Principal, @Res({ passthrough: true }) response: Response): Promise<MeSchema> {
    response.setHeader('Cache-Control', 'no-store');
    return this.users.me(principal);
  }

  @Get('profile')
  @ForPeopleOnly(NOT_A_USER)
  @ApiOperation({
    operationId: 'getProfile',
    summary: 'Your root role, projects and groups',
    description:
      'Your own root role, the projects where you hold a project role (yourself or through a group), your groups, and whether you have a password here you can change. `subscriptions` and `features` are always empty. 403 for API tokens.',
  })
  @ApiOkResponse({ type: ProfileSchema })
  profile(@CurrentPrincipal() principal: Principal): Promise<ProfileSchema> {
    return this.directory.profile(principal);
  }

  @Get('roles')
  @ForPeopleOnly(NOT_A_USER)
  @ApiOperation({
    operationId: 'getUserRoles',
    summary: 'Your roles in a project',
    description:
      'Your own root role and the project roles you hold in `projectId`, yourself or through a group, by id. 400 without `projectId`; 403 for API tokens.',
  })
  @ApiErrors(400)
  @ApiOkResponse({ type: RolesSchema })
  async roles(@Query() query: UserRolesQuery, @CurrentPrincipal() principal: Principal): Promise<RolesSchema> {
    return { version: 1, roles: await this.directory.rolesIn(principal, query.projectId) };
  }

  @Post('change-password')
  @ForPeopleOnly(NOT_A_USER)
  @HttpCode(200)
  @ApiOperation({
    operationId: 'changeMyPassword',
    summary: 'Change your own password',
    description:
      'password and confirmPassword must match (400); oldPassword is required (400) and must be right (401); a person who signs in through single sign-on has no password (403). Your other sessions end; a session caller gets a fresh cookie.',
  })
  @ApiOkResponse({ description: 'Password changed' })
  async changePassword(
    @Body() body: ChangeMyPasswordSchema,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const caller = principal.kind === 'user' && principal.via === 'session' ? { request, response } : undefined;
    await this.users.changeOwnPassword(principal, body, actor, caller);
  }
}
