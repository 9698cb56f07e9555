import { ApiProperty } from '@nestjs/swagger';
import { FeaturePath } from '../../core/http/route-paths.js';

/** `/features/:featureName/tags/:type/:value`. */
export class FeatureTagPath extends FeaturePath {
  @ApiProperty()
  type: string;

  @ApiProperty()
  value: string;
}

/** `/tags/:type`. */
export class TagTypeNamePath {
  @ApiProperty()
  type: string;
}

/** `/tags/:type/:value`. */
export class TagValuePath extends TagTypeNamePath {
  @ApiProperty()
  value: string;
}
