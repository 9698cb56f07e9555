import { Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RequirePermission } from '../../core/access/decorators.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { ProjectPath } from '../../core/http/route-paths.js';
import { ProjectFlagCreatorSchema, ProjectInsightsOverviewSchema, ProjectStatusSchema } from './project-insights.dto.js';
import { ProjectInsightsService } from './project-insights.service.js';

/** A project at a glance. Any authenticated user, as in Unleash. */
@AdminController('projects', 'Projects')
@RequirePermission('NONE')
export class ProjectInsightsController {
  constructor(private readonly insights: ProjectInsightsService) {}

  @Get(':projectId/overview')
  @ApiOperation({
    operationId: 'getProjectOverview',
    summary: 'Get an overview of a project.',
    description: 'Its settings, members, environments, active flags per type and per state, health and technical debt, onboarding status.',
  })
  @ApiOkResponse({ type: ProjectInsightsOverviewSchema })
  @ApiErrors(404)
  overview(@Param() { projectId }: ProjectPath): Promise<ProjectInsightsOverviewSchema> {
    return this.insights.overview(projectId);
  }

  @Get(':projectId/status')
  @ApiOperation({
    operationId: 'getProjectStatus',
    summary: 'Get project status',
    description: 'Activity per day over the last year, resources, health and technical debt, lifecycle summary and stale flags.',
  })
  @ApiOkResponse({ type: ProjectStatusSchema })
  @ApiErrors(404)
  status(@Param() { projectId }: ProjectPath): Promise<ProjectStatusSchema> {
    return this.insights.status(projectId);
  }

  @Get(':projectId/flag-creators')
  @ApiOperation({
    operationId: 'getProjectFlagCreators',
    summary: 'Get a list of all flag creators for a project.',
    description: 'Users who created the project’s active flags, by id.',
  })
  @ApiOkResponse({ type: [ProjectFlagCreatorSchema] })
  @ApiErrors(404)
  flagCreators(@Param() { projectId }: ProjectPath): Promise<ProjectFlagCreatorSchema[]> {
    return this.insights.flagCreators(projectId);
  }
}
