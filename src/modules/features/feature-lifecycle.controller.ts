import { Body, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { FeatureLifecycleService } from './feature-lifecycle.service.js';
import { FeatureLifecycleCompletedSchema, LifecycleSchema } from './feature.dto.js';
import type { LifecycleStage } from './feature.model.js';
import { ProjectFeaturePath } from '../../core/http/route-paths.js';

const PATH = ':projectId/features/:featureName/lifecycle';

@AdminController('projects', 'Features')
export class FeatureLifecycleController {
  constructor(private readonly lifecycle: FeatureLifecycleService) {}

  @Get(PATH)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getFeatureLifecycle',
    summary: 'The lifecycle stages a feature reached, in order, each with when it was entered.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: [LifecycleSchema] })
  stages(@Param() { projectId, featureName }: ProjectFeaturePath): Promise<LifecycleStage[]> {
    return this.lifecycle.stages(projectId, featureName);
  }

  @Post(`${PATH}/complete`)
  @HttpCode(200)
  @RequirePermission('UPDATE_FEATURE')
  @ApiOperation({ operationId: 'complete', summary: 'Mark a feature completed: its flag is kept or discarded.' })
  @ApiOkResponse({ description: 'Completed' })
  async complete(
    @Param() { projectId, featureName }: ProjectFeaturePath,
    @Body() body: FeatureLifecycleCompletedSchema,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.lifecycle.complete(projectId, featureName, body, actor);
  }

  @Post(`${PATH}/uncomplete`)
  @HttpCode(200)
  @RequirePermission('UPDATE_FEATURE')
  @AcceptsNoBody()
  @ApiOperation({ operationId: 'uncomplete', summary: 'Take back the completion of a feature.' })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'No longer completed' })
  async uncomplete(@Param() { projectId, featureName }: ProjectFeaturePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.lifecycle.uncomplete(projectId, featureName, actor);
  }
}
