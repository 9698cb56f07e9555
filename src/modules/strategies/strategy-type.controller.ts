import { Body, Delete, Get, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors, LOCATION_HEADER } from '../../core/http/openapi.js';
import { serializedOncePer, type SerializedJson } from '../../core/http/serialized-json.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { StrategyTypeSchema, StrategyTypesSchema } from './strategy.dto.js';
import type { StrategyType } from './strategy.model.js';
import { CreateStrategyTypeSchema, UpdateStrategyTypeSchema } from './strategy-type.dto.js';
import { StrategyTypeService } from './strategy-type.service.js';
import { NamePath } from '../../core/http/route-paths.js';

/**
 * Strategy types, `/api/admin/strategies`: reading them (any caller), and the custom types applications implement
 * themselves (create, update, delete, deprecate and reactivate), answering as Unleash does: 201 with the type and
 * its `location` on create, an empty 200 otherwise.
 */
@AdminController('strategies', 'Strategies')
export class StrategyTypeController {
  constructor(
    private readonly types: StrategyTypeService,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getAllStrategies', summary: 'List the strategy types: the built-ins first, then the custom ones by name.' })
  @ApiOkResponse({ type: StrategyTypesSchema })
  async list(): Promise<SerializedJson> {
    return this.listAnswer(await this.types.list());
  }

  /** The service keeps one list until a type changes: its answer is serialized once too. */
  private readonly listAnswer = serializedOncePer((strategies: StrategyType[]): StrategyTypesSchema => ({ version: 1, strategies }));

  @Post()
  @HttpCode(201)
  @RequirePermission('CREATE_STRATEGY')
  @ApiOperation({
    operationId: 'createStrategy',
    summary: 'Create a custom strategy type; 409 when the name is taken (the built-in names are).',
  })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: StrategyTypeSchema, description: 'Created; the `location` header gives its URL', headers: LOCATION_HEADER })
  async create(
    @Body() body: CreateStrategyTypeSchema,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StrategyType> {
    const { name, ...input } = body;
    const type = await this.types.create(name, input, actor);
    res.setHeader('location', `${this.config.basePath}/api/admin/strategies/${name}`);
    return type;
  }

  @Get(':name')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getStrategy', summary: 'One strategy type; 404 when there is none of that name.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: StrategyTypeSchema })
  get(@Param() { name }: NamePath): Promise<StrategyType> {
    return this.types.get(name);
  }

  @Put(':name')
  @RequirePermission('UPDATE_STRATEGY')
  @ApiOperation({
    operationId: 'updateStrategy',
    summary: 'Change the title, description and parameters of a custom strategy type; a built-in one is a 400.',
  })
  @ApiOkResponse({ description: 'Updated' })
  async update(@Param() { name }: NamePath, @Body() body: UpdateStrategyTypeSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.types.update(name, body, actor);
  }

  @Delete(':name')
  @RequirePermission('DELETE_STRATEGY')
  @ApiOperation({
    operationId: 'removeStrategy',
    summary: 'Delete a custom strategy type no strategy uses; a built-in one, or one in use, is a 400.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@Param() { name }: NamePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.types.delete(name, actor);
  }

  @Post(':name/deprecate')
  @HttpCode(200)
  @AcceptsNoBody()
  @RequirePermission('UPDATE_STRATEGY')
  @ApiOperation({
    operationId: 'deprecateStrategy',
    summary: 'Deprecate a strategy type (its strategies keep working); `default` cannot be deprecated (403).',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Deprecated' })
  async deprecate(@Param() { name }: NamePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.types.deprecate(name, actor);
  }

  @Post(':name/reactivate')
  @HttpCode(200)
  @AcceptsNoBody()
  @RequirePermission('UPDATE_STRATEGY')
  @ApiOperation({ operationId: 'reactivateStrategy', summary: 'Reactivate a deprecated strategy type.' })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Reactivated' })
  async reactivate(@Param() { name }: NamePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.types.reactivate(name, actor);
  }
}
