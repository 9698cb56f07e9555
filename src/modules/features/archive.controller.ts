import { Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { ArchivedFeaturesSchema } from './feature.dto.js';
import { FeatureService } from './feature.service.js';
import { FeaturePath, ProjectPath } from '../../core/http/route-paths.js';

@AdminController('archive', 'Archive')
export class ArchiveController {
  constructor(private readonly features: FeatureService) {}

  @Get('features')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getArchivedFeatures', summary: 'Every archived feature, most recently archived first.' })
  @ApiOkResponse({ type: ArchivedFeaturesSchema })
  async list(): Promise<ArchivedFeaturesSchema> {
    return { version: 2, features: await this.features.listArchived() };
  }

  @Get('features/:projectId')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getArchivedFeaturesByProjectId',
    summary: 'The archived features of one project, most recently archived first.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: ArchivedFeaturesSchema })
  async listInProject(@Param() { projectId }: ProjectPath): Promise<ArchivedFeaturesSchema> {
    return { version: 2, features: await this.features.listArchived(projectId) };
  }

  @Post('revive/:featureName')
  @HttpCode(200)
  @RequirePermission('UPDATE_FEATURE')
  @AcceptsNoBody()
  @ApiOperation({
    operationId: 'reviveFeature',
    summary: 'Revive an archived feature: it comes back switched off everywhere, at the lifecycle stage initial.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Revived' })
  async revive(@Param() { featureName }: FeaturePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.features.revive(featureName, actor);
  }

  @Delete(':featureName')
  @RequirePermission('DELETE_FEATURE')
  @ApiOperation({
    operationId: 'deleteFeature',
    summary: 'Delete an archived feature for good (an active feature must be archived first).',
  })
  @ApiErrors([400, 'The feature is not archived'], 404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@Param() { featureName }: FeaturePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.features.deleteArchivedFeature(featureName, actor);
  }
}
