import { Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RequirePermission } from '../../core/access/decorators.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { FeatureLifecycleCountSchema } from './feature.dto.js';
import { FeatureReadModel } from './feature.read-model.js';

/** How many features are in each lifecycle stage, over every project. Any authenticated user, as in Unleash. */
@AdminController('lifecycle', 'Features')
@RequirePermission('NONE')
export class FeatureLifecycleCountController {
  constructor(private readonly readModel: FeatureReadModel) {}

  @Get('count')
  @ApiOperation({
    operationId: 'getFeatureLifecycleStageCount',
    summary: 'Get all features lifecycle stage count',
    description: 'Features per current lifecycle stage (the furthest each reached), archived features included, over every project.',
  })
  @ApiOkResponse({ type: FeatureLifecycleCountSchema })
  async count(): Promise<FeatureLifecycleCountSchema> {
    const counts = await this.readModel.stageCounts();
    return {
      initial: counts.initial,
      preLive: counts['pre-live'],
      live: counts.live,
      completed: counts.completed,
      archived: counts.archived,
    };
  }
}
