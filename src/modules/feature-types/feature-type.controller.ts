import { Body, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { FeatureTypeSchema, FeatureTypesSchema, UpdateFeatureTypeLifetimeSchema } from './feature-type.dto.js';
import { FeatureTypeService } from './feature-type.service.js';
import { FeatureTypePath } from './feature-types.paths.js';

@AdminController('feature-types', 'Feature Types')
export class FeatureTypeController {
  constructor(private readonly featureTypes: FeatureTypeService) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getAllFeatureTypes', summary: 'Get all feature types, with their descriptions and lifetimes.' })
  @ApiOkResponse({ type: FeatureTypesSchema })
  async list(): Promise<FeatureTypesSchema> {
    return { version: 1, types: await this.featureTypes.list() };
  }

  @Put(':id/lifetime')
  @RequirePermission('ADMIN')
  @ApiOperation({
    operationId: 'updateFeatureTypeLifetime',
    summary: "Change a feature type's lifetime: the days after which its flags are potentially stale (null or 0: never).",
    description: 'Flags of the type are re-checked by the next staleness check (`POTENTIALLY_STALE_CHECK_INTERVAL_SECONDS`).',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: FeatureTypeSchema })
  setLifetime(
    @Param() { id }: FeatureTypePath,
    @Body() body: UpdateFeatureTypeLifetimeSchema,
    @CurrentActor() actor: Actor,
  ): Promise<FeatureTypeSchema> {
    return this.featureTypes.setLifetime(id, body.lifetimeDays, actor);
  }
}
