import { ApiProperty } from '@nestjs/swagger';
import { FeatureEnvironmentPath } from '../../core/http/route-paths.js';

/** `/projects/:projectId/features/:featureName/environments/:environment/strategies/:strategyId`. */
export class FeatureStrategyPath extends FeatureEnvironmentPath {
  @ApiProperty()
  strategyId: string;
}
