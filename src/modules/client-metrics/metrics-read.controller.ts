import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { NamePath, ProjectPath } from '../../core/http/route-paths.js';
import { ApplicationEnvironmentPath, ApplicationPath } from './client-metrics.paths.js';
import { ApiErrors } from '../../core/http/openapi.js';
import {
  ApplicationEnvironmentInstancesSchema,
  ApplicationOverviewSchema,
  ApplicationSchema,
  ApplicationsQueryDto,
  ApplicationsSchema,
  CreateApplicationSchema,
  FeatureMetricsQueryDto,
  FeatureMetricsSchema,
  FeatureUsageSchema,
  MAX_APPLICATIONS_PAGE,
  OutdatedSdksSchema,
  DEFAULT_PROJECT_APPLICATIONS_PAGE,
  ProjectApplicationsQueryDto,
  ProjectApplicationsSchema,
  UnknownFlagsResponseSchema,
} from './metrics-read.dto.js';
import { MetricsReadService } from './metrics-read.service.js';
import { ApplicationService } from './application.service.js';

const DEFAULT_HOURS_BACK = 24;

/** A feature's evaluations as SDKs reported them. Any authenticated user, as in Unleash. */
@AdminController('client-metrics', 'Metrics')
@RequirePermission('NONE')
export class FeatureMetricsController {
  constructor(private readonly metrics: MetricsReadService) {}

  @Get('features/:name/raw')
  @ApiOperation({
    operationId: 'getRawFeatureMetrics',
    summary: 'Get feature metrics',
    description:
      'Hour by hour, oldest first, for every environment and application that reported the feature in the window: yes, no and the variants served; zeros for the hours without counts. An unknown feature has no metrics.',
  })
  @ApiOkResponse({ type: FeatureMetricsSchema })
  @ApiErrors([400, 'hoursBack is not a whole number from 1 to the hours metrics are kept'])
  async raw(@Param() { name }: NamePath, @Query() query: FeatureMetricsQueryDto): Promise<FeatureMetricsSchema> {
    const data = await this.metrics.featureSeries(
      name,
      query.hoursBack === undefined ? Math.min(DEFAULT_HOURS_BACK, this.metrics.maxHoursBack) : Number(query.hoursBack),
    );
    return { version: 1, maturity: 'stable', data };
  }

  @Get('features/:name')
  @ApiOperation({
    operationId: 'getFeatureUsageSummary',
    summary: 'Last hour of usage and a list of applications that have reported seeing this feature flag',
    description:
      'Per environment, yes and no summed over the hour buckets that overlap the last 60 minutes; the applications that reported the feature in the hours kept.',
  })
  @ApiOkResponse({ type: FeatureUsageSchema })
  async usage(@Param() { name }: NamePath): Promise<FeatureUsageSchema> {
    return { version: 1, maturity: 'stable', featureName: name, ...(await this.metrics.featureUsage(name)) };
  }
}

/** Applications, their instances and SDKs: any authenticated user reads them; UPDATE_APPLICATION creates and deletes, as in Unleash. */
@AdminController('metrics', 'Metrics')
@RequirePermission('NONE')
export class ApplicationMetricsController {
  constructor(
    private readonly metrics: MetricsReadService,
    private readonly applicationService: ApplicationService,
  ) {}

  @Get('applications')
  @ApiOperation({
    operationId: 'getApplications',
    summary: 'Get all applications',
    description: 'Applications whose SDKs registered or reported metrics, by name, a page at a time.',
  })
  @ApiOkResponse({ type: ApplicationsSchema })
  @ApiErrors(400)
  applications(@Query() query: ApplicationsQueryDto): Promise<ApplicationsSchema> {
    return this.metrics.applications({
      terms: (query.query ?? '')
        .split(',')
        .map((term) => term.trim())
        .filter(Boolean),
      sortOrder: query.sortOrder === 'desc' ? 'desc' : 'asc',
      offset: Number(query.offset ?? 0),
      limit: Number(query.limit ?? MAX_APPLICATIONS_PAGE),
    });
  }

  @Get('applications/:appName')
  @ApiOperation({ operationId: 'getApplication', summary: 'Get application data' })
  @ApiOkResponse({ type: ApplicationSchema })
  @ApiErrors(404)
  application(@Param() { appName }: ApplicationPath): Promise<ApplicationSchema> {
    return this.metrics.application(appName);
  }

  @Post('applications/:appName')
  @HttpCode(202)
  @RequirePermission('UPDATE_APPLICATION')
  @ApiOperation({
    operationId: 'createApplication',
    summary: 'Create an application to connect reported metrics',
    description:
      'Creates the application (recorded as application-created), or sets the fields given on the one that exists; its SDKs may register it later or may have already.',
  })
  @ApiAcceptedResponse({ description: 'Created or changed' })
  async createApplication(
    @Param() { appName }: ApplicationPath,
    @Body() body: CreateApplicationSchema,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.applicationService.create(appName, body, actor);
  }

  @Delete('applications/:appName')
  @HttpCode(200)
  @RequirePermission('UPDATE_APPLICATION')
  @ApiOperation({
    operationId: 'deleteApplication',
    summary: 'Delete an application',
    description:
      'Deletes the application and its instances; answers 200 whether it existed or not. Its SDKs register it again when they next report.',
  })
  @ApiOkResponse({ description: 'Deleted, or there was none' })
  async deleteApplication(@Param() { appName }: ApplicationPath): Promise<void> {
    await this.applicationService.delete(appName);
  }

  @Get('applications/:appName/overview')
  @ApiOperation({
    operationId: 'getApplicationOverview',
    summary: 'Get application overview',
    description:
      'Per environment, its instances seen in the last 24 hours and their SDKs (outdated ones named); the projects and number of features it evaluated; strategies it registered that the service does not know.',
  })
  @ApiOkResponse({ type: ApplicationOverviewSchema })
  @ApiErrors(404)
  overview(@Param() { appName }: ApplicationPath): Promise<ApplicationOverviewSchema> {
    return this.metrics.applicationOverview(appName);
  }

  @Get('instances/:appName/environment/:environment')
  @ApiOperation({
    operationId: 'getApplicationEnvironmentInstances',
    summary: 'Get application environment instances (Last 24h)',
    description: 'The instances of the application in the environment seen in the last 24 hours, most recently seen first.',
  })
  @ApiOkResponse({ type: ApplicationEnvironmentInstancesSchema })
  async instances(@Param() { appName, environment }: ApplicationEnvironmentPath): Promise<ApplicationEnvironmentInstancesSchema> {
    const instances = await this.metrics.instances(appName, environment);
    return {
      instances: instances.map((row) => ({
        instanceId: row.instanceId,
        sdkVersion: row.sdkVersion,
        clientIp: row.clientIp,
        lastSeen: row.seenAt.toISOString(),
      })),
    };
  }

  @Get('sdks/outdated')
  @ApiOperation({
    operationId: 'getOutdatedSdks',
    summary: 'Get outdated SDKs',
    description: 'SDK versions older than the oldest one Unleash calls current, each with the applications using it.',
  })
  @ApiOkResponse({ type: OutdatedSdksSchema })
  async outdated(): Promise<OutdatedSdksSchema> {
    return { sdks: await this.metrics.outdatedSdks() };
  }
}

/** The applications that evaluated a project's features, and their outdated SDKs. Any authenticated user, as in Unleash. */
@AdminController('projects', 'Projects')
@RequirePermission('NONE')
export class ProjectApplicationsController {
  constructor(private readonly metrics: MetricsReadService) {}

  @Get(':projectId/applications')
  @ApiOperation({
    operationId: 'getProjectApplications',
    summary: 'Get a list of all applications for a project.',
    description:
      'The applications that evaluated features of the project in the hours metrics are kept, with those environments, their instances there and the SDKs of those instances, by name, a page at a time.',
  })
  @ApiOkResponse({ type: ProjectApplicationsSchema })
  @ApiErrors(400, 404)
  projectApplications(
    @Param() { projectId }: ProjectPath,
    @Query() query: ProjectApplicationsQueryDto,
  ): Promise<ProjectApplicationsSchema> {
    return this.metrics.projectApplications(projectId, {
      terms: (query.query ?? '')
        .split(',')
        .map((term) => term.trim())
        .filter(Boolean),
      sortOrder: query.sortOrder === 'desc' ? 'desc' : 'asc',
      offset: Number(query.offset ?? 0),
      limit: Number(query.limit ?? DEFAULT_PROJECT_APPLICATIONS_PAGE),
    });
  }

  @Get(':projectId/sdks/outdated')
  @ApiOperation({
    operationId: 'getOutdatedProjectSdks',
    summary: 'Get outdated project SDKs',
    description:
      'SDK versions older than the oldest one Unleash calls current, each with the applications using it, among the applications that evaluated features of the project in the hours metrics are kept.',
  })
  @ApiOkResponse({ type: OutdatedSdksSchema })
  @ApiErrors(404)
  async outdatedProjectSdks(@Param() { projectId }: ProjectPath): Promise<OutdatedSdksSchema> {
    return { sdks: await this.metrics.outdatedProjectSdks(projectId) };
  }
}

/** Flag names SDKs report that are no feature. Any authenticated user, as in Unleash. */
@AdminController('metrics', 'Unknown Flags')
@RequirePermission('NONE')
export class UnknownFlagsController {
  constructor(private readonly metrics: MetricsReadService) {}

  @Get('unknown-flags')
  @ApiOperation({
    operationId: 'getUnknownFlags',
    summary: 'Get unknown flags',
    description:
      'Flag names SDKs reported in their metrics (backend, frontend and Edge) in the last 24 hours that are no feature, by name, at most 1000; per application and environment, when it last reported them.',
  })
  @ApiOkResponse({ type: UnknownFlagsResponseSchema })
  async unknownFlags(): Promise<UnknownFlagsResponseSchema> {
    return { unknownFlags: await this.metrics.unknownFlags() };
  }
}
