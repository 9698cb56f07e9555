import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsDefined, IsString } from 'class-validator';

/**
 * The body of the routes that check a name before a create (`…/validate`, Unleash's nameSchema). The name's own rules
 * are the create body's: each service checks it with that DTO, so the answer is the one the create would give.
 */
@ApiSchema({ name: 'nameSchema', description: 'A name to check before creating a thing with it. No other properties are accepted.' })
export class NameSchema {
  @ApiProperty({ example: 'my-name' })
  @IsDefined()
  @IsString()
  name: string;
}
