import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import {
  CloneEnvironmentSchema,
  CreateEnvironmentSchema,
  EnvironmentSchema,
  EnvironmentsProjectSchema,
  EnvironmentsSchema,
  NameSchema,
  SortOrderBody,
  UpdateEnvironmentSchema,
} from './environment.dto.js';
import { EnvironmentService } from './environment.service.js';
import { NamePath, ProjectPath } from '../../core/http/route-paths.js';

@AdminController('environments', 'Environments')
export class EnvironmentController {
  constructor(private readonly environments: EnvironmentService) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getAllEnvironments',
    summary: 'List every environment, by sort order, with how many projects, tokens and enabled features use it.',
  })
  @ApiOkResponse({ type: EnvironmentsSchema })
  async list(): Promise<EnvironmentsSchema> {
    return { version: 1, environments: await this.environments.list() };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('CREATE_ENVIRONMENT')
  @ApiOperation({
    operationId: 'createEnvironment',
    summary: 'Create an environment. It is not enabled in any project until a project enables it.',
  })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: EnvironmentSchema })
  create(@Body() body: CreateEnvironmentSchema, @CurrentActor() actor: Actor): Promise<EnvironmentSchema> {
    return this.environments.create(body, actor);
  }

  @Post('validate')
  @HttpCode(200)
  @RequirePermission('CREATE_ENVIRONMENT')
  @ApiOperation({
    operationId: 'validateEnvironmentName',
    summary: 'Check a name for a new environment: 200 when it is free and well formed, 409 when an environment has it.',
  })
  @ApiErrors(409)
  @ApiOkResponse({ description: 'The name is free' })
  async validate(@Body() body: NameSchema): Promise<void> {
    await this.environments.validateName(body.name);
  }

  @Put('sort-order')
  @HttpCode(200)
  @RequirePermission('UPDATE_ENVIRONMENT')
  @ApiOperation({
    operationId: 'updateSortOrder',
    summary: 'Give the named environments these sort orders; environments not named are unchanged. All or none.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      description: 'Environment names and their new sort orders',
      additionalProperties: { type: 'integer', example: 6 },
      example: { development: 1, production: 2 },
    },
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Updated' })
  async sortOrder(@Body() body: SortOrderBody, @CurrentActor() actor: Actor): Promise<void> {
    await this.environments.setSortOrders(body.items, actor);
  }

  @Put('update/:name')
  @RequirePermission('UPDATE_ENVIRONMENT')
  @ApiOperation({ operationId: 'updateEnvironment', summary: "Change an environment's type or sort order; omitted fields are kept." })
  @ApiErrors(404)
  @ApiOkResponse({ type: EnvironmentSchema })
  update(@Param() { name }: NamePath, @Body() body: UpdateEnvironmentSchema, @CurrentActor() actor: Actor): Promise<EnvironmentSchema> {
    return this.environments.update(name, body, actor);
  }

  @Post(':name/on')
  @HttpCode(204)
  @RequirePermission('UPDATE_ENVIRONMENT')
  @AcceptsNoBody()
  @ApiOperation({
    operationId: 'toggleEnvironmentOn',
    summary: 'Enable an environment, so projects can enable it (and new projects get it).',
  })
  @ApiErrors(404)
  @ApiNoContentResponse({ description: 'Enabled' })
  async on(@Param() { name }: NamePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.environments.setEnabled(name, true, actor);
  }

  @Post(':name/off')
  @HttpCode(204)
  @RequirePermission('UPDATE_ENVIRONMENT')
  @AcceptsNoBody()
  @ApiOperation({
    operationId: 'toggleEnvironmentOff',
    summary: 'Disable an environment: no project can enable it any more; projects that have it keep it.',
  })
  @ApiErrors(404)
  @ApiNoContentResponse({ description: 'Disabled' })
  async off(@Param() { name }: NamePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.environments.setEnabled(name, false, actor);
  }

  @Post(':name/clone')
  @HttpCode(201)
  @RequirePermission('CREATE_ENVIRONMENT')
  @ApiOperation({
    operationId: 'cloneEnvironment',
    summary:
      "Create an environment as a copy of another: enabled in the same projects (or those listed), each feature's state, variants and strategies copied, and roles' permissions in it unless clonePermissions is false.",
  })
  @ApiErrors([400, 'Invalid body, or a listed project does not exist'], 404, 409)
  @ApiCreatedResponse({ type: EnvironmentSchema })
  clone(@Param() { name }: NamePath, @Body() body: CloneEnvironmentSchema, @CurrentActor() actor: Actor): Promise<EnvironmentSchema> {
    return this.environments.clone(name, body, actor);
  }

  @Delete(':name')
  @RequirePermission('DELETE_ENVIRONMENT')
  @AcceptsNoBody()
  @ApiOperation({
    operationId: 'removeEnvironment',
    summary:
      "Delete an environment, with every feature's state, variants and strategies there and the projects' use of it; API tokens for it are kept.",
  })
  @ApiErrors([400, 'The environment is protected'], 404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@Param() { name }: NamePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.environments.delete(name, actor);
  }

  @Get('project/:projectId')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getProjectEnvironments',
    summary: 'Every environment as one project sees it: `visible` says whether the project has it enabled.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: EnvironmentsProjectSchema })
  async forProject(@Param() { projectId }: ProjectPath): Promise<EnvironmentsProjectSchema> {
    return { version: 1, environments: await this.environments.forProject(projectId) };
  }

  @Get(':name')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getEnvironment', summary: 'One environment.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: EnvironmentSchema })
  get(@Param() { name }: NamePath): Promise<EnvironmentSchema> {
    return this.environments.get(name);
  }
}
