import { ApiProperty, type ApiPropertyOptions, ApiSchema } from '@nestjs/swagger';

/** What each check reported, by check name (only `database`). */
const CHECKS: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['status'],
    properties: {
      status: { type: 'string', enum: ['up', 'down'] },
      responseTime: { type: 'number', description: 'How long the check took, in milliseconds' },
    },
  },
  example: { database: { status: 'up', responseTime: 2 } },
};

/** Unleash's `health` field beside what @nestjs/terminus reports. */
@ApiSchema({ name: 'healthCheckSchema' })
export class HealthSchema {
  @ApiProperty({ enum: ['GOOD'], description: 'As Unleash answers it' }) health: 'GOOD';
  @ApiProperty({ enum: ['ok'] }) status: 'ok';
  @ApiProperty({ ...CHECKS, description: 'The checks that passed' }) info: Record<string, { status: string }>;
  @ApiProperty({ ...CHECKS, description: 'The checks that failed (none in a 200)', example: {} }) error: Record<string, { status: string }>;
  @ApiProperty({ ...CHECKS, description: 'Every check' }) details: Record<string, { status: string }>;
}
