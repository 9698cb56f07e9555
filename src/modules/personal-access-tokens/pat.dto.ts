import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsDateString, IsDefined, IsString, Matches, MaxLength } from 'class-validator';

/** `createPatSchema` */
@ApiSchema({ name: 'createPatSchema' })
export class CreatePatDto {
  @ApiProperty({ description: 'What the token is for; unique per owner', example: 'CI pipeline' })
  @IsDefined()
  @IsString()
  @MaxLength(255)
  description: string;

  @ApiProperty({ format: 'date-time', description: 'When the token stops working; must be in the future' })
  @IsDefined()
  @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/, { message: 'must match format "date-time"' })
  @IsDateString({ strict: true }, { message: 'must match format "date-time"' })
  expiresAt: string;
}

/** `patSchema` */
@ApiSchema({ name: 'patSchema' })
export class PatSchema {
  @ApiProperty({ minimum: 1, description: 'Increments, so a newer PAT has a higher id' }) id: number;
  @ApiProperty({ required: false, description: 'Returned only in the response that creates the token', example: 'user:3a1f…' })
  secret?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) seenAt: string | null;
  @ApiProperty() userId: number;
  @ApiProperty() description: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}

@ApiSchema({ name: 'patsSchema' })
export class PatsSchema {
  @ApiProperty({ type: [PatSchema] }) pats: PatSchema[];
}
