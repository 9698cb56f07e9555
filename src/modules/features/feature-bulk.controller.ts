import { Body, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ProjectEnvironmentPath, ProjectPath } from '../../core/http/route-paths.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { ToggleQuery } from './feature-environment.controller.js';
import { FeatureEnvironmentService } from './feature-environment.service.js';
import { BatchFeaturesSchema, BulkToggleFeaturesSchema, ValidateArchiveFeaturesSchema } from './feature.dto.js';
import { FeatureService } from './feature.service.js';

const BULK_ENVIRONMENT = ':projectId/bulk_features/environments/:environment';

/** Changes to several features of a project at once: each in one transaction, with one event per feature. */
@AdminController('projects', 'Features')
export class FeatureBulkController {
  constructor(
    private readonly features: FeatureService,
    private readonly environments: FeatureEnvironmentService,
  ) {}

  @Post(':projectId/archive/validate')
  @HttpCode(200)
  @RequirePermission('DELETE_FEATURE')
  @ApiOperation({
    operationId: 'validateArchiveFeatures',
    summary: 'Validates archive features',
    description:
      'What archiving the features would do: the ones archiveFeatures would refuse because features outside the list depend on them, and whether any dependency would be removed. Names of no feature have none.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: ValidateArchiveFeaturesSchema })
  validateArchive(@Param() { projectId }: ProjectPath, @Body() body: BatchFeaturesSchema): Promise<ValidateArchiveFeaturesSchema> {
    return this.features.validateArchive(projectId, body.features);
  }

  @Post(':projectId/archive')
  @HttpCode(202)
  @RequirePermission('DELETE_FEATURE')
  @ApiOperation({
    operationId: 'archiveFeatures',
    summary:
      'Archive several features of the project. Names of no feature and archived features are ignored; a feature of another project, or one that features outside the list depend on, is refused (400).',
  })
  @ApiErrors(404)
  @ApiAcceptedResponse({ description: 'Archived' })
  async archive(@Param() { projectId }: ProjectPath, @Body() body: BatchFeaturesSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.features.archiveMany(projectId, body.features, actor);
  }

  @Post(`${BULK_ENVIRONMENT}/on`)
  @HttpCode(200)
  @RequirePermission('UPDATE_FEATURE_ENVIRONMENT')
  @ApiOperation({
    operationId: 'bulkToggleFeaturesEnvironmentOn',
    summary:
      'Switch several features of the project on in one environment, each as toggleFeatureEnvironmentOn does (default strategy, which needs CREATE_FEATURE_STRATEGY); all or none.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'On' })
  async on(
    @Param() { projectId, environment }: ProjectEnvironmentPath,
    @Body() body: BulkToggleFeaturesSchema,
    @Query() query: ToggleQuery,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const activate = query.shouldActivateDisabledStrategies === 'true';
    await this.environments.setEnabledMany(projectId, environment, body.features, true, principal, actor, activate);
  }

  @Post(`${BULK_ENVIRONMENT}/off`)
  @HttpCode(200)
  @RequirePermission('UPDATE_FEATURE_ENVIRONMENT')
  @ApiOperation({
    operationId: 'bulkToggleFeaturesEnvironmentOff',
    summary: 'Switch several features of the project off in one environment; all or none.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Off' })
  async off(
    @Param() { projectId, environment }: ProjectEnvironmentPath,
    @Body() body: BulkToggleFeaturesSchema,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.environments.setEnabledMany(projectId, environment, body.features, false, principal, actor);
  }
}
