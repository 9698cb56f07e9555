import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';

export class EventQueryDto {
  @ApiPropertyOptional({ description: 'Only events of this project' })
  @IsOptional()
  @IsString()
  project?: string;

  @ApiPropertyOptional({ description: 'Only events of this feature' })
  @IsOptional()
  @IsString()
  feature?: string;

  @ApiPropertyOptional({ description: 'Only events of this type, e.g. feature-strategy-update' })
  @IsOptional()
  @IsString()
  type?: string;

  @ApiPropertyOptional({ description: 'Events to skip, newest first; default 0' })
  @IsOptional()
  @Matches(/^\d+$/, { message: 'must be a whole number of 0 or more' })
  offset?: string;

  @ApiPropertyOptional({ description: 'Page size, 1 to 1000; default 100' })
  @IsOptional()
  @Matches(/^([1-9]\d{0,2}|1000)$/, { message: 'must be a whole number from 1 to 1000' })
  limit?: string;
}

/** An event's state: an object for most events, a list for some (the parents a dependency event names), or null. */
const STATE_SCHEMAS = [
  { type: 'object', nullable: true },
  { type: 'array', items: {} },
];

@ApiSchema({ name: 'eventSchema' })
export class EventSchema {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'feature-strategy-update' }) type: string;
  @ApiProperty({ description: 'Username (or email) of who made the change' }) createdBy: string;
  @ApiProperty({ type: Number, nullable: true }) createdByUserId: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true }) project: string | null;
  @ApiProperty({ type: String, nullable: true }) featureName: string | null;
  @ApiProperty({ type: String, nullable: true }) environment: string | null;
  @ApiProperty({ description: 'State after the change', anyOf: STATE_SCHEMAS })
  data: unknown;
  @ApiProperty({ description: 'State before the change', anyOf: STATE_SCHEMAS })
  preData: unknown;
  @ApiProperty({ type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, value: { type: 'string' } } } })
  tags: { type: string; value: string }[];
}

@ApiSchema({ name: 'eventsSchema' })
export class EventsSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [EventSchema] }) events: EventSchema[];
  @ApiProperty({ description: 'Number of events matching the filters' }) totalEvents: number;
}

@ApiSchema({ name: 'featureEventsSchema' })
export class FeatureEventsSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty() toggleName: string;
  @ApiProperty({ type: [EventSchema] }) events: EventSchema[];
  @ApiProperty() totalEvents: number;
}
