import { Body, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors, LOCATION_HEADER } from '../../core/http/openapi.js';
import { IntParam } from '../../core/http/int-param.js';
import { AddGroupUsersSchema, CreateGroupSchema, GroupSchema, GroupsSchema, UpdateGroupSchema } from './group.dto.js';
import type { Group } from './group.model.js';
import { GroupService } from './group.service.js';

/** Groups: `/api/admin/groups` (Unleash Enterprise paths). Every route needs ADMIN. */
@AdminController('groups', 'Users')
@RequirePermission('ADMIN')
export class GroupController {
  constructor(private readonly groups: GroupService) {}

  @Get()
  @ApiOperation({ operationId: 'getGroups', summary: 'List the groups, by name then id, with their members and projects.' })
  @ApiOkResponse({ type: GroupsSchema })
  async list(): Promise<GroupsSchema> {
    return { groups: await this.groups.list() };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createGroup',
    summary: 'Create a group, optionally with a root role and members; 409 when the name is taken.',
  })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: GroupSchema, description: 'Created; the `location` header gives its URL', headers: LOCATION_HEADER })
  async create(@Body() body: CreateGroupSchema, @CurrentActor() actor: Actor, @Res({ passthrough: true }) res: Response): Promise<Group> {
    const group = await this.groups.create(body, actor);
    res.setHeader('location', this.groups.locationOf(group.id));
    return group;
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getGroup', summary: 'One group with its members and projects.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: GroupSchema })
  get(@IntParam('id') id: number): Promise<Group> {
    return this.groups.get(id);
  }

  @Put(':id')
  @ApiOperation({
    operationId: 'updateGroup',
    summary: 'Replace a group: name, description, mappingsSSO, rootRole, and the members when `users` is given.',
  })
  @ApiOkResponse({ type: GroupSchema })
  update(@IntParam('id') id: number, @Body() body: UpdateGroupSchema, @CurrentActor() actor: Actor): Promise<Group> {
    return this.groups.update(id, body, actor);
  }

  @Delete(':id')
  @ApiOperation({ operationId: 'deleteGroup', summary: 'Delete a group; its members lose what the group granted them at once.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@IntParam('id') id: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.groups.delete(id, actor);
  }

  @Post(':id/users')
  @ApiOperation({ operationId: 'addUsersToGroup', summary: 'Add accounts to a group; members already in it stay as they are.' })
  @ApiOkResponse({ type: GroupSchema, description: 'The group with its members' })
  @HttpCode(200)
  addUsers(@IntParam('id') id: number, @Body() body: AddGroupUsersSchema, @CurrentActor() actor: Actor): Promise<Group> {
    return this.groups.addUsers(id, body.users, actor);
  }

  @Delete(':id/users/:userId')
  @ApiOperation({ operationId: 'removeUserFromGroup', summary: 'Remove an account from a group; 404 when it is not a member.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Removed' })
  async removeUser(@IntParam('id') id: number, @IntParam('userId') userId: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.groups.removeUser(id, userId, actor);
  }
}
