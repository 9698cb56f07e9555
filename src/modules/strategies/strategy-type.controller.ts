import { Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RequirePermission } from '../../core/access/decorators.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { StrategyTypeSchema, StrategyTypesSchema } from './strategy.dto.js';
import type { StrategyType } from './strategy.model.js';
import { StrategyTypeService } from './strategy-type.service.js';

/** Strategy types: `GET /api/admin/strategies` and `GET /api/admin/strategies/{name}`. */
@AdminController('strategies', 'Strategies')
@RequirePermission('NONE')
export class StrategyTypeController {
  constructor(private readonly types: StrategyTypeService) {}

  @Get()
  @ApiOperation({ summary: 'List the strategy types.' })
  @ApiOkResponse({ type: StrategyTypesSchema })
  async list(): Promise<StrategyTypesSchema> {
    return { version: 1, strategies: await this.types.list() };
  }

  @Get(':name')
  @ApiOperation({ summary: 'One strategy type; 404 when there is none of that name.' })
  @ApiOkResponse({ type: StrategyTypeSchema })
  get(@Param('name') name: string): Promise<StrategyType> {
    return this.types.get(name);
  }
}
