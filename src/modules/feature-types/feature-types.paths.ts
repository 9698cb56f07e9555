import { ApiProperty } from '@nestjs/swagger';

/** `/feature-types/:id/…`. */
export class FeatureTypePath {
  @ApiProperty({ example: 'release' })
  id: string;
}
