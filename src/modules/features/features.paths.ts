import { ApiProperty } from '@nestjs/swagger';
import { ProjectFeaturePath } from '../../core/http/route-paths.js';

/** `/projects/:projectId/features/:featureName/dependencies/:parent`. */
export class FeatureDependencyPath extends ProjectFeaturePath {
  @ApiProperty()
  parent: string;
}
