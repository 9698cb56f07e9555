import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { IgnoreUnknownTopLevelProperties } from '../../core/http/request-validation.pipe.js';
import { Rule } from '../../core/http/rule.decorator.js';
import {
  EVENT_SEARCH_DEFAULT_LIMIT,
  EVENT_SEARCH_MAX_LIMIT,
  EVENT_SEARCH_MAX_VALUES,
  EVENT_SEARCH_PATTERNS,
  type EventSearchParameters,
  parseEventIds,
  parseFrom,
  parseLimit,
  parseNames,
  parseOffset,
  parseText,
  parseTo,
  parseUserIds,
  problemOf,
} from './event-search.parser.js';

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

/** An optional parameter and its rule; an offending parameter is one detail of the 400, in declaration order. */
const Parameter = (parser: Parameters<typeof problemOf>[0]) =>
  applyDecorators(IsOptional(), Rule('eventSearchParameter', problemOf(parser)));

const listDescription = (what: string) =>
  `${what}: \`IS:\` or \`IS_ANY_OF:\` and a comma-separated list of at most ${EVENT_SEARCH_MAX_VALUES}; an empty list is no filter`;

/**
 * The query parameters of GET /api/admin/search/events, as Unleash names them, validated by `RequestValidationPipe`
 * (every offending one reported at once; a parameter given twice, as a list or an object is refused); unknown
 * parameters are ignored, as Unleash ignores them.
 */
@ApiSchema({ name: 'eventSearchQueryParameters' })
@IgnoreUnknownTopLevelProperties()
export class EventSearchQueryDto implements EventSearchParameters {
  @ApiPropertyOptional({
    description: 'Free text, matched ignoring case against the data, the previous data and the tags of each event',
    example: 'admin@example.com',
  })
  @Parameter(parseText)
  query?: string;

  @ApiPropertyOptional({ pattern: EVENT_SEARCH_PATTERNS.id, description: listDescription('Event ids'), example: 'IS:123' })
  @Parameter(parseEventIds)
  id?: string;

  @ApiPropertyOptional({ pattern: EVENT_SEARCH_PATTERNS.list, description: listDescription('Feature names'), example: 'IS:myfeature' })
  @Parameter(parseNames)
  feature?: string;

  @ApiPropertyOptional({ pattern: EVENT_SEARCH_PATTERNS.list, description: listDescription('Project ids'), example: 'IS:default' })
  @Parameter(parseNames)
  project?: string;

  @ApiPropertyOptional({ pattern: EVENT_SEARCH_PATTERNS.list, description: listDescription('Event types'), example: 'IS:feature-created' })
  @Parameter(parseNames)
  type?: string;

  @ApiPropertyOptional({
    pattern: EVENT_SEARCH_PATTERNS.list,
    description: listDescription('Ids of the users who recorded the events (-1337: the system; -42: admin API tokens)'),
    example: 'IS:2',
  })
  @Parameter(parseUserIds)
  createdBy?: string;

  @ApiPropertyOptional({
    pattern: EVENT_SEARCH_PATTERNS.from,
    description: 'Events created on or after this day (UTC), `IS:yyyy-MM-dd` (or `IS_ON_OR_AFTER:yyyy-MM-dd`)',
    example: 'IS:2024-01-01',
  })
  @Parameter(parseFrom)
  from?: string;

  @ApiPropertyOptional({
    pattern: EVENT_SEARCH_PATTERNS.to,
    description: 'Events created on or before this day (UTC), `IS:yyyy-MM-dd`; `IS_BEFORE:yyyy-MM-dd` leaves that day out',
    example: 'IS:2024-01-31',
  })
  @Parameter(parseTo)
  to?: string;

  @ApiPropertyOptional({ description: 'Events to skip, newest first; default 0', example: '50' })
  @Parameter(parseOffset)
  offset?: string;

  @ApiPropertyOptional({
    description: `Page size, 1 to ${EVENT_SEARCH_MAX_LIMIT}; default ${EVENT_SEARCH_DEFAULT_LIMIT}`,
    example: String(EVENT_SEARCH_DEFAULT_LIMIT),
  })
  @Parameter(parseLimit)
  limit?: string;

  @ApiPropertyOptional({ pattern: EVENT_SEARCH_PATTERNS.list, description: listDescription('Environments'), example: 'IS:production' })
  @Parameter(parseNames)
  environment?: string;
}

@ApiSchema({ name: 'eventsSearchResponseSchema' })
export class EventSearchResponseSchema {
  @ApiProperty({ type: [EventSchema], description: 'The page of matching events, newest first' }) events: EventSchema[];
  @ApiProperty({ description: 'How many events match the filters in all', minimum: 0, example: 842 }) total: number;
}

@ApiSchema({ name: 'eventCreatorSchema' })
export class EventCreatorSchema {
  @ApiProperty({ example: 50, description: 'The user id (-1337: the system; -42: admin API tokens)' }) id: number;
  @ApiProperty({
    example: 'User',
    description: "The user's name, else username, else email; for a creator that is no longer a user, the name its latest event recorded",
  })
  name: string;
}
