import { Body, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import type { Response } from 'express';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiIfMatch, ETAG_HEADER } from '../../core/http/entity-tag.js';
import { ApiErrors, type ErrorAnswer } from '../../core/http/openapi.js';
import { FeatureStrategyService } from './feature-strategy.service.js';
import { toPatchOperations } from './json-patch.js';
import {
  CreateFeatureStrategySchema,
  FeatureStrategySchema,
  JsonPatchBody,
  PatchOperationSchema,
  StrategySortOrderSchema,
  StrategySortOrdersBody,
  UpdateFeatureStrategySchema,
} from './strategy.dto.js';
import { strategyEtag } from './strategy.mapper.js';
import type { FeatureStrategy } from './strategy.model.js';
import { FeatureEnvironmentPath } from '../../core/http/route-paths.js';
import { FeatureStrategyPath } from './strategies.paths.js';

const NOT_THERE: ErrorAnswer = [404, 'The project, feature, environment or strategy of the URL does not exist there'];
const Errors = () => ApiErrors(400, NOT_THERE);

/** Answers a strategy with its ETag, for `If-Match` on its next change. */
function withStrategyEtag(res: Response, strategy: FeatureStrategy): FeatureStrategy {
  res.setHeader('ETag', strategyEtag(strategy));
  return strategy;
}

/**
 * Strategies of a feature in one environment. The JSON Patch and sort order bodies are DTOs validated by the pipe.
 * Create and update bodies are handed to the service raw: it checks them by their DTO's rules and joins those
 * problems with its checks of the strategy type and segments they name, so one 400 lists them all.
 */
@AdminController('projects/:projectId/features/:featureName/environments/:environment/strategies', 'Features')
export class FeatureStrategyController {
  constructor(private readonly strategies: FeatureStrategyService) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getFeatureStrategies', summary: 'The strategies of the feature in the environment, in their order.' })
  @ApiOkResponse({ type: [FeatureStrategySchema] })
  @Errors()
  list(@Param() { projectId, featureName, environment }: FeatureEnvironmentPath): Promise<FeatureStrategy[]> {
    return this.strategies.list({ projectId, featureName, environment });
  }

  @Post()
  @HttpCode(200)
  @RequirePermission('CREATE_FEATURE_STRATEGY')
  @ApiOperation({
    operationId: 'addFeatureStrategy',
    summary: 'Add a strategy to the feature in the environment (answers 200, as Unleash does).',
  })
  @ApiBody({ type: CreateFeatureStrategySchema })
  @ApiOkResponse({ type: FeatureStrategySchema })
  @Errors()
  create(
    @Param() { projectId, featureName, environment }: FeatureEnvironmentPath,
    @Body() body: unknown,
    @CurrentActor() actor: Actor,
  ): Promise<FeatureStrategy> {
    return this.strategies.create({ projectId, featureName, environment }, body, actor);
  }

  @Post('set-sort-order')
  @HttpCode(200)
  @RequirePermission('UPDATE_FEATURE_STRATEGY')
  @ApiOperation({
    operationId: 'setStrategySortOrder',
    summary: 'Set the sort order of strategies of the feature in the environment: `[{id, sortOrder}]`.',
  })
  @ApiBody({ type: [StrategySortOrderSchema] })
  @ApiOkResponse({ description: 'Reordered' })
  @Errors()
  async setSortOrder(
    @Param() { projectId, featureName, environment }: FeatureEnvironmentPath,
    @Body() body: StrategySortOrdersBody,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.strategies.setSortOrder({ projectId, featureName, environment }, body.items, actor);
  }

  @Get(':strategyId')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getFeatureStrategy', summary: 'One strategy of the feature in the environment.' })
  @ApiOkResponse({ type: FeatureStrategySchema, headers: ETAG_HEADER })
  @Errors()
  async get(
    @Param() { projectId, featureName, environment, strategyId }: FeatureStrategyPath,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FeatureStrategy> {
    return withStrategyEtag(res, await this.strategies.get({ projectId, featureName, environment, strategyId }));
  }

  @Put(':strategyId')
  @RequirePermission('UPDATE_FEATURE_STRATEGY')
  @ApiOperation({
    operationId: 'updateFeatureStrategy',
    summary: 'Replace the configuration of a strategy (spec 4.1).',
    description:
      'Constraints, variants and parameters are replaced (omitted → empty); name, title, disabled, sortOrder and segments are kept when omitted; title null clears the title. When every strategy of the feature in the environment ends up disabled, the feature is switched off there.',
  })
  @ApiBody({ type: UpdateFeatureStrategySchema })
  @ApiOkResponse({ type: FeatureStrategySchema, description: 'Updated', headers: ETAG_HEADER })
  @Errors()
  @ApiIfMatch('strategy')
  async update(
    @Param() { projectId, featureName, environment, strategyId }: FeatureStrategyPath,
    @Body() body: unknown,
    @CurrentActor() actor: Actor,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FeatureStrategy> {
    return withStrategyEtag(res, await this.strategies.update({ projectId, featureName, environment, strategyId }, body, actor, ifMatch));
  }

  @Patch(':strategyId')
  @RequirePermission('UPDATE_FEATURE_STRATEGY')
  @ApiOperation({
    operationId: 'patchFeatureStrategy',
    summary: 'Change a strategy with a JSON Patch (RFC 6902) on its featureStrategySchema form; saved as the update saves.',
  })
  @ApiBody({ type: [PatchOperationSchema] })
  @ApiOkResponse({ type: FeatureStrategySchema, headers: ETAG_HEADER })
  @Errors()
  @ApiIfMatch('strategy')
  async patch(
    @Param() { projectId, featureName, environment, strategyId }: FeatureStrategyPath,
    @Body() body: JsonPatchBody,
    @CurrentActor() actor: Actor,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FeatureStrategy> {
    return withStrategyEtag(
      res,
      await this.strategies.patch({ projectId, featureName, environment, strategyId }, toPatchOperations(body.items), actor, ifMatch),
    );
  }

  @Delete(':strategyId')
  @RequirePermission('DELETE_FEATURE_STRATEGY')
  @ApiOperation({
    operationId: 'deleteFeatureStrategy',
    summary: 'Remove a strategy; when no enabled strategy is left, the feature is switched off in the environment.',
  })
  @ApiOkResponse({ description: 'Removed' })
  @Errors()
  async remove(
    @Param() { projectId, featureName, environment, strategyId }: FeatureStrategyPath,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.strategies.delete({ projectId, featureName, environment, strategyId }, actor);
  }
}
