import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ERROR_STATUS, type ErrorName } from './app-error.js';

@ApiSchema({ name: 'errorDetailSchema' })
export class ErrorDetailSchema {
  @ApiProperty({ example: 'The `/body/name` property is required. It was not present on the data you sent.' })
  message: string;

  @ApiPropertyOptional({ description: 'JSON pointer of the offending property', example: '/body/name' })
  path?: string;
}

/** The body of every error answer (`error-response.ts` writes it). */
@ApiSchema({ name: 'errorSchema' })
export class ErrorSchema {
  @ApiProperty({ format: 'uuid', description: 'Also in the log line of the error' })
  id: string;

  @ApiProperty({ enum: Object.keys(ERROR_STATUS), example: 'NotFoundError' })
  name: ErrorName;

  @ApiProperty({ example: 'Could not find a feature named "checkout".' })
  message: string;

  @ApiPropertyOptional({ type: [ErrorDetailSchema], description: 'Every offending property (validation errors only)' })
  details?: ErrorDetailSchema[];
}
