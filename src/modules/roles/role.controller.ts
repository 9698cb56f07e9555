import { Body, Delete, Get, HttpCode, Inject, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors, LOCATION_HEADER } from '../../core/http/openapi.js';
import { IntParam } from '../../core/http/int-param.js';
import { AdminPermissionsSchema, CreateRoleSchema, RolesSchema, RoleWithPermissionsSchema, UpdateRoleSchema } from './role.dto.js';
import type { RoleWithPermissions } from './role.model.js';
import { RoleService } from './role.service.js';

/** Roles: `/api/admin/roles`. Reading needs READ_ROLE (Admins hold every permission); changes need ADMIN. */
@AdminController('roles', 'Users')
export class RoleController {
  constructor(
    private readonly roles: RoleService,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  @Get()
  @RequirePermission('READ_ROLE')
  @ApiOperation({ operationId: 'getRoles', summary: 'List every role, built-in and custom, by id.' })
  @ApiOkResponse({ type: RolesSchema })
  async list(): Promise<RolesSchema> {
    return { version: 1, roles: await this.roles.list() };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('ADMIN')
  @ApiOperation({
    operationId: 'createRole',
    summary: 'Create a custom root role (type root-custom) or project role (type custom, the default); 409 when the name is taken.',
  })
  @ApiErrors(409)
  @ApiCreatedResponse({
    type: RoleWithPermissionsSchema,
    description: 'Created; the `location` header gives its URL',
    headers: LOCATION_HEADER,
  })
  async create(
    @Body() body: CreateRoleSchema,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RoleWithPermissions> {
    const role = await this.roles.create(body, actor);
    res.setHeader('location', `${this.config.basePath}/api/admin/roles/${role.id}`);
    return role;
  }

  @Get(':id')
  @RequirePermission('READ_ROLE')
  @ApiOperation({ operationId: 'getRoleById', summary: 'One role with its permissions.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: RoleWithPermissionsSchema })
  get(@IntParam('id') id: number): Promise<RoleWithPermissions> {
    return this.roles.get(id);
  }

  @Put(':id')
  @RequirePermission('ADMIN')
  @ApiOperation({
    operationId: 'updateRole',
    summary: 'Change a custom role: name, and description and permissions when given. Built-in roles cannot be changed (400).',
  })
  @ApiOkResponse({ type: RoleWithPermissionsSchema })
  update(@IntParam('id') id: number, @Body() body: UpdateRoleSchema, @CurrentActor() actor: Actor): Promise<RoleWithPermissions> {
    return this.roles.update(id, body, actor);
  }

  @Delete(':id')
  @RequirePermission('ADMIN')
  @ApiOperation({
    operationId: 'deleteRole',
    summary: 'Delete a custom role no one holds; a role in use or built in is a 400 (the message names who holds it).',
  })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@IntParam('id') id: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.roles.delete(id, actor);
  }
}

/** The permission catalogue custom roles draw from: `/api/admin/permissions`. */
@AdminController('permissions', 'Auth')
export class PermissionCatalogueController {
  constructor(private readonly roles: RoleService) {}

  @Get()
  @RequirePermission('READ_ROLE')
  @ApiOperation({ operationId: 'getPermissions', summary: 'The permissions a custom role can grant: root, project, and per environment.' })
  @ApiOkResponse({ type: AdminPermissionsSchema })
  async list(): Promise<AdminPermissionsSchema> {
    return { version: 1, permissions: await this.roles.catalogue() };
  }
}
