import { ApiProperty } from '@nestjs/swagger';
import { FeaturePath } from '../../core/http/route-paths.js';

/** `/features/:featureName/tags/:type/:value`. */
export class FeatureTagPath extends FeaturePath {
  @ApiProperty()
  type: string;

  @ApiProperty()
  value: string;
}
