import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RequirePermission } from '../../core/access/decorators.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import {
  AdvancedPlaygroundEnvironmentFeatureSchema,
  AdvancedPlaygroundRequestSchema,
  AdvancedPlaygroundResponseSchema,
  PlaygroundRequestSchema,
  PlaygroundResponseSchema,
  SdkFlatContextSchema,
} from './playground.dto.js';
import type { AdvancedPlaygroundResult, PlaygroundResult } from './playground.model.js';
import { PlaygroundService } from './playground.service.js';

@AdminController('playground', 'Playground')
@ApiExtraModels(AdvancedPlaygroundEnvironmentFeatureSchema, SdkFlatContextSchema)
export class PlaygroundController {
  constructor(private readonly playground: PlaygroundService) {}

  @Post()
  @HttpCode(200)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getPlayground',
    summary: 'Evaluate an Unleash context against a set of environments and projects.',
    description:
      'Every flag of the projects (`*` for all) in the environment, evaluated for the context by the engine `/api/frontend` uses, with each strategy, constraint and segment result.',
  })
  @ApiOkResponse({ type: PlaygroundResponseSchema })
  evaluate(@Body() body: PlaygroundRequestSchema): Promise<PlaygroundResult> {
    return this.playground.evaluate(body);
  }

  @Post('advanced')
  @HttpCode(200)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getAdvancedPlayground',
    summary: 'Batch evaluate an Unleash context against a set of environments and projects.',
    description:
      'Comma-separated values of a context field are evaluated one by one: every combination, in every environment. Refused (400) over `PLAYGROUND_EVALUATION_LIMIT` evaluations (environments × flags × combinations).',
  })
  @ApiOkResponse({ type: AdvancedPlaygroundResponseSchema })
  evaluateAdvanced(@Body() body: AdvancedPlaygroundRequestSchema): Promise<AdvancedPlaygroundResult> {
    return this.playground.evaluateAdvanced(body);
  }
}
