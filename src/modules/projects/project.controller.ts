import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { CreateProjectSchema, ProjectCreatedSchema, ProjectOverviewSchema, ProjectsSchema, UpdateProjectSchema } from './project.dto.js';
import { ProjectService } from './project.service.js';
import { ProjectPath } from '../../core/http/route-paths.js';

@AdminController('projects', 'Projects')
export class ProjectController {
  constructor(private readonly projects: ProjectService) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getProjects', summary: 'List every project with its feature and member counts.' })
  @ApiOkResponse({ type: ProjectsSchema })
  async list(): Promise<ProjectsSchema> {
    return { version: 1, projects: await this.projects.list() };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('CREATE_PROJECT')
  @ApiOperation({
    operationId: 'createProject',
    summary: 'Create a project. Every enabled environment is enabled in it, and a user who creates it becomes its Owner.',
  })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: ProjectCreatedSchema })
  create(
    @Body() body: CreateProjectSchema,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<ProjectCreatedSchema> {
    return this.projects.create(body, principal, actor);
  }

  @Get(':projectId')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getProject', summary: 'One project, with the environments it uses.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: ProjectOverviewSchema })
  async get(@Param() { projectId }: ProjectPath): Promise<ProjectOverviewSchema> {
    return { version: 1, ...(await this.projects.get(projectId)) };
  }

  @Put(':projectId')
  @RequirePermission('UPDATE_PROJECT')
  @ApiOperation({
    operationId: 'updateProject',
    summary: "Change a project's name, description or default stickiness (omitted optional fields are kept).",
  })
  @ApiOkResponse({ description: 'Updated' })
  async update(@Param() { projectId }: ProjectPath, @Body() body: UpdateProjectSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.projects.update(projectId, body, actor);
  }

  @Delete(':projectId')
  @RequirePermission('DELETE_PROJECT')
  @ApiOperation({
    operationId: 'deleteProject',
    summary: 'Delete a project without active features (its archived features are deleted with it). `default` cannot be deleted.',
  })
  @ApiErrors([400, 'The project is `default`, or still has active features'], 404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@Param() { projectId }: ProjectPath, @CurrentActor() actor: Actor): Promise<void> {
    await this.projects.delete(projectId, actor);
  }
}
