import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsArray, IsDefined, IsString } from 'class-validator';
import { IgnoreUnknownTopLevelProperties } from '../../core/http/request-validation.pipe.js';

/** `tokenStringListSchema`: the tokens Edge wants checked. */
@IgnoreUnknownTopLevelProperties()
@ApiSchema({ name: 'tokenStringListSchema' })
export class TokenStringListDto {
  @ApiProperty({ type: [String], example: ['default:production.a1b2c3'] })
  @IsDefined()
  @IsArray()
  @IsString({ each: true })
  tokens: string[];
}

/** `edgeTokenSchema`: a valid token and what it may see. */
@ApiSchema({ name: 'edgeTokenSchema' })
class EdgeTokenSchema {
  @ApiProperty({ description: 'The token, as it was sent' }) token: string;
  @ApiProperty({ enum: ['client', 'backend', 'frontend'] }) type: string;
  @ApiProperty({ example: 'production' }) environment: string;
  @ApiProperty({ type: [String], description: 'The projects the token may see; `["*"]` for all of them', example: ['default'] })
  projects: string[];
}

/** `validatedEdgeTokensSchema`. */
@ApiSchema({ name: 'validatedEdgeTokensSchema' })
export class ValidatedEdgeTokensSchema {
  @ApiProperty({ type: [EdgeTokenSchema] }) tokens: EdgeTokenSchema[];
}
