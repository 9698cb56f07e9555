import { Body, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { CreateEnvironmentSchema, EnvironmentSchema, EnvironmentsProjectSchema, EnvironmentsSchema } from './environment.dto.js';
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
