import { Body, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors, LOCATION_HEADER } from '../../core/http/openapi.js';
import { FeatureStrategyService } from './feature-strategy.service.js';
import { UpdateFeatureStrategySegmentsSchema } from './strategy.dto.js';

/** Unleash's way to set a strategy's segments by the strategy's id alone, under `/api/admin/segments`. */
@AdminController('segments', 'Strategies')
export class StrategySegmentsController {
  constructor(
    private readonly strategies: FeatureStrategyService,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  @Post('strategies')
  @HttpCode(201)
  // The project and environment are in the body: the service checks UPDATE_FEATURE_STRATEGY there, as Unleash does.
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'updateFeatureStrategySegments',
    summary: 'Update strategy segments',
    description:
      'The strategy uses exactly the segments listed from now on. Needs UPDATE_FEATURE_STRATEGY in the project and environment the body names, which must be the strategy’s (404 otherwise). Answers the body; the `location` header gives the URL of the strategy’s segments.',
  })
  @ApiErrors(404)
  @ApiCreatedResponse({ type: UpdateFeatureStrategySegmentsSchema, description: 'Set', headers: LOCATION_HEADER })
  async setSegments(
    @Body() body: UpdateFeatureStrategySegmentsSchema,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UpdateFeatureStrategySegmentsSchema> {
    await this.strategies.setSegments(body, principal, actor);
    res.setHeader('location', `${this.config.basePath}/api/admin/segments/strategies/${encodeURIComponent(body.strategyId)}`);
    return { projectId: body.projectId, strategyId: body.strategyId, environmentId: body.environmentId, segmentIds: body.segmentIds };
  }
}
