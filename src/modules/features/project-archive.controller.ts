import { Body, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { ProjectPath } from '../../core/http/route-paths.js';
import { BatchFeaturesSchema } from './feature.dto.js';
import { FeatureService } from './feature.service.js';

/** The archived features of a project, several at once: each request one transaction, one event per feature. */
@AdminController('projects', 'Archive')
export class ProjectArchiveController {
  constructor(private readonly features: FeatureService) {}

  @Post(':projectId/revive')
  @HttpCode(200)
  @RequirePermission('UPDATE_FEATURE')
  @ApiOperation({
    operationId: 'reviveFeatures',
    summary: 'Revives a list of features',
    description:
      'Each archived feature of the list comes back switched off everywhere, at the lifecycle stage initial. Names of no feature and active features are ignored; a feature of another project is refused (400).',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Revived' })
  async revive(@Param() { projectId }: ProjectPath, @Body() body: BatchFeaturesSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.features.reviveMany(projectId, body.features, actor);
  }

  @Post(':projectId/delete')
  @HttpCode(200)
  @RequirePermission('DELETE_FEATURE')
  @ApiOperation({
    operationId: 'deleteFeatures',
    summary: 'Deletes a list of features',
    description:
      'Each archived feature of the list is deleted for good. Names of no feature and active features are ignored; a feature of another project is refused (400).',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@Param() { projectId }: ProjectPath, @Body() body: BatchFeaturesSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.features.deleteMany(projectId, body.features, actor);
  }
}
