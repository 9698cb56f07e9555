import { Body, Delete, Get, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors, LOCATION_HEADER } from '../../core/http/openapi.js';
import { IntParam } from '../../core/http/int-param.js';
import { NameSchema } from '../../core/http/name.dto.js';
import { SegmentSchema, SegmentsSchema, SegmentStrategiesSchema, toSegmentInput, UpsertSegmentSchema } from './segment.dto.js';
import type { SegmentWithUsage } from './segment.model.js';
import { SegmentService } from './segment.service.js';
import { StrategyIdPath } from './segments.paths.js';

/** Segments: `/api/admin/segments`. Bodies are `UpsertSegmentSchema`, validated by the pipe. */
@AdminController('segments', 'Segments')
export class SegmentController {
  constructor(
    private readonly segments: SegmentService,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getSegments', summary: 'List the segments, with how many features and projects use each.' })
  @ApiOkResponse({ type: SegmentsSchema })
  async list(): Promise<SegmentsSchema> {
    return { segments: await this.segments.list() };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('CREATE_SEGMENT')
  @ApiOperation({ operationId: 'createSegment', summary: 'Create a segment; 409 when the name is taken.' })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: SegmentSchema, description: 'Created; the `location` header gives its URL', headers: LOCATION_HEADER })
  async create(
    @Body() body: UpsertSegmentSchema,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SegmentWithUsage> {
    const segment = await this.segments.create(toSegmentInput(body), actor);
    res.setHeader('location', `${this.config.basePath}/api/admin/segments/${segment.id}`);
    return segment;
  }

  @Post('validate')
  @HttpCode(204)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'validateSegment',
    summary: 'Check a name as creating a segment would: 400 for a name that breaks its rule, 409 when it is taken.',
  })
  @ApiErrors(409)
  @ApiNoContentResponse({ description: 'A segment can be created with this name' })
  async validate(@Body() body: NameSchema): Promise<void> {
    await this.segments.validateName(body.name);
  }

  @Get('strategies/:strategyId')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getSegmentsByStrategyId',
    summary: 'Get strategy segments',
    description: 'The segments the strategy uses, by id; an empty list when there is no strategy with this id, as Unleash answers.',
  })
  @ApiOkResponse({ type: SegmentsSchema })
  async usedByStrategy(@Param() { strategyId }: StrategyIdPath): Promise<SegmentsSchema> {
    return { segments: await this.segments.usedByStrategy(strategyId) };
  }

  @Get(':id')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getSegment', summary: 'One segment.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: SegmentSchema })
  get(@IntParam('id') id: number): Promise<SegmentWithUsage> {
    return this.segments.get(id);
  }

  @Put(':id')
  @HttpCode(204)
  @RequirePermission('UPDATE_SEGMENT')
  @ApiOperation({ operationId: 'updateSegment', summary: 'Replace a segment (answers 204, as Unleash does).' })
  @ApiNoContentResponse({ description: 'Updated' })
  async update(@IntParam('id') id: number, @Body() body: UpsertSegmentSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.segments.update(id, toSegmentInput(body), actor);
  }

  @Delete(':id')
  @RequirePermission('DELETE_SEGMENT')
  @ApiOperation({ operationId: 'removeSegment', summary: 'Delete a segment; refused (400) while a strategy uses it.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@IntParam('id') id: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.segments.delete(id, actor);
  }

  @Get(':id/strategies')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getStrategiesBySegmentId', summary: 'The strategies that use the segment.' })
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: SegmentStrategiesSchema })
  async strategies(@IntParam('id') id: number): Promise<SegmentStrategiesSchema> {
    return { strategies: await this.segments.strategiesUsing(id), changeRequestStrategies: [] };
  }
}
