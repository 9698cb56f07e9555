import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { IntParam } from '../../core/http/int-param.js';
import { ProjectAccessSchema, ProjectAddAccessSchema, SetProjectRolesSchema } from './project-access.dto.js';
import type { ProjectAccess } from './project-access.model.js';
import { ProjectAccessService } from './project-access.service.js';
import { ProjectPath } from '../../core/http/route-paths.js';

/**
 * Who holds which role in a project (Unleash's paths). Anyone signed in may read it; changes need
 * PROJECT_USER_ACCESS_WRITE in the project (project Owners hold it; Admins hold everything).
 */
@AdminController('projects/:projectId', 'Projects')
export class ProjectAccessController {
  constructor(private readonly access: ProjectAccessService) {}

  @Get('access')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getProjectAccess', summary: 'The project roles, and the users and groups holding them in the project.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: ProjectAccessSchema })
  get(@Param() { projectId }: ProjectPath): Promise<ProjectAccess> {
    return this.access.access(projectId);
  }

  @Post('access')
  @HttpCode(200)
  @RequirePermission('PROJECT_USER_ACCESS_WRITE')
  @ApiOperation({
    operationId: 'addAccessToProject',
    summary: 'Give each of `roles` to each of `users` and `groups` in the project; existing assignments stay.',
  })
  @ApiOkResponse({ description: 'Assigned' })
  async add(@Param() { projectId }: ProjectPath, @Body() body: ProjectAddAccessSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.access.add(projectId, body, actor);
  }

  @Put('users/:userId/roles')
  @RequirePermission('PROJECT_USER_ACCESS_WRITE')
  @ApiOperation({ operationId: 'setRolesForUser', summary: "Replace a user's roles in the project." })
  @ApiOkResponse({ description: 'Replaced' })
  async setUserRoles(
    @Param() { projectId }: ProjectPath,
    @IntParam('userId') userId: number,
    @Body() body: SetProjectRolesSchema,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.access.setRoles(projectId, { kind: 'user', id: userId }, body.roles, actor);
  }

  @Put('groups/:groupId/roles')
  @RequirePermission('PROJECT_USER_ACCESS_WRITE')
  @ApiOperation({ operationId: 'setRolesForGroup', summary: "Replace a group's roles in the project." })
  @ApiOkResponse({ description: 'Replaced' })
  async setGroupRoles(
    @Param() { projectId }: ProjectPath,
    @IntParam('groupId') groupId: number,
    @Body() body: SetProjectRolesSchema,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.access.setRoles(projectId, { kind: 'group', id: groupId }, body.roles, actor);
  }

  @Delete('users/:userId/roles')
  @RequirePermission('PROJECT_USER_ACCESS_WRITE')
  @ApiOperation({ operationId: 'removeUserAccess', summary: 'Remove every role of a user in the project; 404 when it has none.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Removed' })
  async removeUser(@Param() { projectId }: ProjectPath, @IntParam('userId') userId: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.access.remove(projectId, { kind: 'user', id: userId }, undefined, actor);
  }

  @Delete('users/:userId/roles/:roleId')
  @RequirePermission('PROJECT_USER_ACCESS_WRITE')
  @ApiOperation({ operationId: 'removeRoleForUser', summary: 'Remove one role of a user in the project; 404 when it does not hold it.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Removed' })
  async removeUserRole(
    @Param() { projectId }: ProjectPath,
    @IntParam('userId') userId: number,
    @IntParam('roleId') roleId: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.access.remove(projectId, { kind: 'user', id: userId }, roleId, actor);
  }

  @Delete('groups/:groupId/roles')
  @RequirePermission('PROJECT_USER_ACCESS_WRITE')
  @ApiOperation({ operationId: 'removeGroupAccess', summary: 'Remove every role of a group in the project; 404 when it has none.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Removed' })
  async removeGroup(
    @Param() { projectId }: ProjectPath,
    @IntParam('groupId') groupId: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.access.remove(projectId, { kind: 'group', id: groupId }, undefined, actor);
  }

  @Delete('groups/:groupId/roles/:roleId')
  @RequirePermission('PROJECT_USER_ACCESS_WRITE')
  @ApiOperation({ operationId: 'removeRoleForGroup', summary: 'Remove one role of a group in the project; 404 when it does not hold it.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Removed' })
  async removeGroupRole(
    @Param() { projectId }: ProjectPath,
    @IntParam('groupId') groupId: number,
    @IntParam('roleId') roleId: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.access.remove(projectId, { kind: 'group', id: groupId }, roleId, actor);
  }
}
