import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RequirePermission } from '../../core/access/decorators.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { ProjectPath } from '../../core/http/route-paths.js';
import {
  DEFAULT_FLAG_CREATORS_PAGE,
  FlagCreatorsQueryDto,
  FlagCreatorsSchema,
  HealthReportSchema,
  ProjectDoraMetricsSchema,
  ProjectFlagCreatorSchema,
  ProjectInsightsOverviewSchema,
  ProjectInsightsSchema,
  ProjectStatusSchema,
} from './project-insights.dto.js';
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

  @Get(':projectId/dora')
  @ApiOperation({
    operationId: 'getProjectDora',
    summary: 'Get an overview project dora metrics.',
    description:
      'Lead time for changes: per release flag, the whole days from its creation to the first time it was turned on in an environment of type production (from the events), and their average.',
    deprecated: true,
  })
  @ApiOkResponse({ type: ProjectDoraMetricsSchema })
  @ApiErrors(404)
  dora(@Param() { projectId }: ProjectPath): Promise<ProjectDoraMetricsSchema> {
    return this.insights.dora(projectId);
  }

  @Get(':projectId/insights')
  @ApiOperation({
    operationId: 'getProjectInsights',
    summary: 'Get an overview of a project insights.',
    description:
      'Statistics of the last 30 days against the 30 before, health and technical debt with their counts, lead time (DORA), flags per type and members.',
    deprecated: true,
  })
  @ApiOkResponse({ type: ProjectInsightsSchema })
  @ApiErrors(404)
  projectInsights(@Param() { projectId }: ProjectPath): Promise<ProjectInsightsSchema> {
    return this.insights.insights(projectId);
  }

  @Get(':projectId/health-report')
  @ApiOperation({
    operationId: 'getProjectHealthReport',
    summary: 'Get a health report for a project.',
    description: 'The project, its active flags, its health and technical debt, the counts they come from, and its statistics.',
    deprecated: true,
  })
  @ApiOkResponse({ type: HealthReportSchema })
  @ApiErrors(404)
  healthReport(@Param() { projectId }: ProjectPath): Promise<HealthReportSchema> {
    return this.insights.healthReport(projectId);
  }
}

/** The users who created flags, over every project. Any authenticated user, as in Unleash. */
@AdminController('flag-creators', 'Users')
@RequirePermission('NONE')
export class FlagCreatorsController {
  constructor(private readonly insights: ProjectInsightsService) {}

  @Get()
  @ApiOperation({
    operationId: 'getFlagCreators',
    summary: 'List users who have created flags in accessible projects.',
    description:
      'Users who created active flags, a page at a time, by name; `q` matches the name as a substring and the username or email as a prefix, ignoring case.',
  })
  @ApiOkResponse({ type: FlagCreatorsSchema })
  @ApiErrors(400)
  flagCreators(@Query() query: FlagCreatorsQueryDto): Promise<FlagCreatorsSchema> {
    return this.insights.allFlagCreators({
      query: query.q?.trim() || undefined,
      offset: Number(query.offset ?? 0),
      limit: Number(query.limit ?? DEFAULT_FLAG_CREATORS_PAGE),
    });
  }
}
