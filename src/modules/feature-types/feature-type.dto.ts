import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Rule } from '../../core/http/rule.decorator.js';

const MAX_LIFETIME_DAYS = 2_147_483_647;

@ApiSchema({ name: 'featureTypeSchema', description: 'A flag type.' })
export class FeatureTypeSchema {
  @ApiProperty({ example: 'kill-switch' }) id: string;
  @ApiProperty({ example: 'Kill switch' }) name: string;
  @ApiProperty() description: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    example: 40,
    description: 'Days until a flag of this type is potentially stale; null: never',
  })
  lifetimeDays: number | null;
}

@ApiSchema({ name: 'featureTypesSchema' })
export class FeatureTypesSchema {
  @ApiProperty({ enum: [1] }) version: 1;
  @ApiProperty({ type: [FeatureTypeSchema] }) types: FeatureTypeSchema[];
}

@ApiSchema({ name: 'updateFeatureTypeLifetimeSchema' })
export class UpdateFeatureTypeLifetimeSchema {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_LIFETIME_DAYS,
    example: 7,
    description: 'The new lifetime in days; null or 0: flags of the type are never potentially stale',
  })
  @Rule('lifetimeDays', (value) =>
    value === null || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_LIFETIME_DAYS)
      ? undefined
      : `must be null or a whole number from 0 to ${MAX_LIFETIME_DAYS}`,
  )
  lifetimeDays: number | null;
}
