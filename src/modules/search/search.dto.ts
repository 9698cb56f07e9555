import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IgnoreUnknownTopLevelProperties } from '../../core/http/request-validation.pipe.js';
import { Rule, type RuleCheck } from '../../core/http/rule.decorator.js';
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  parameterProblem,
  parseArchived,
  parseCreatedBy,
  parseDateFilter,
  parseFavorite,
  parseFavoritesFirst,
  parseLimit,
  parseOffset,
  parseSegmentFilter,
  parseSetFilter,
  parseSortBy,
  parseSortOrder,
  parseState,
  parseTagFilter,
  PATTERNS,
  type SearchQueryParameters,
  statusProblem,
  termsProblem,
} from './search-query.parser.js';

const operatorDescription = (what: string) =>
  `${what}: an operator (IS, IS_NOT, IS_ANY_OF, IS_NONE_OF), a colon and a comma-separated list of at most 100`;

/** An optional parameter and its rule; an offending parameter is one detail of the 400, in declaration order. */
const Parameter = (check: RuleCheck) => applyDecorators(IsOptional(), Rule('searchParameter', check));

/**
 * The query parameters of GET /api/admin/search/features (spec 4.2), validated by `RequestValidationPipe`, which
 * reports every offending one at once; unknown parameters are ignored (`searchCriteriaOf` reads the rest).
 */
@ApiSchema({ name: 'featureSearchQueryParameters' })
@IgnoreUnknownTopLevelProperties()
export class SearchFeaturesQueryDto implements SearchQueryParameters {
  @ApiPropertyOptional({
    description:
      'Comma-separated terms; a feature matches when its name, description or one of its tags (`value` or `type:value`) contains any of them, ignoring case. `%` and `_` are literal. At most 100 terms.',
    example: 'checkout,beta',
  })
  @Parameter(termsProblem)
  query?: string;

  @ApiPropertyOptional({
    type: [String],
    description:
      "Entries `<environment>:enabled` or `<environment>:disabled`, ORed (at most 100); also accepted as `status[]`. Trims each result's environments to the matching ones.",
    example: ['production:enabled'],
  })
  @Parameter(statusProblem('status'))
  status?: string | string[];

  @ApiPropertyOptional({ name: 'status[]', type: [String], description: 'Same as `status`' })
  @Parameter(statusProblem('status[]'))
  'status[]'?: string | string[];

  @ApiPropertyOptional({ pattern: PATTERNS.operator, description: operatorDescription('Project ids'), example: 'IS:default' })
  @Parameter(parameterProblem(parseSetFilter))
  project?: string;

  @ApiPropertyOptional({
    pattern: PATTERNS.operator,
    description: operatorDescription('Flag types'),
    example: 'IS_ANY_OF:release,experiment',
  })
  @Parameter(parameterProblem(parseSetFilter))
  type?: string;

  @ApiPropertyOptional({
    pattern: PATTERNS.operator,
    description: operatorDescription('Ids of the users who created the features'),
    example: 'IS:1',
  })
  @Parameter(parameterProblem(parseCreatedBy))
  createdBy?: string;

  @ApiPropertyOptional({
    pattern: PATTERNS.operator,
    description: operatorDescription('States among active, stale and potentially-stale'),
    example: 'IS:active',
  })
  @Parameter(parameterProblem(parseState))
  state?: string;

  @ApiPropertyOptional({
    pattern: PATTERNS.operator,
    description: operatorDescription(
      'Current lifecycle stages (initial, pre-live, live, completed, archived); `archived` includes archived flags',
    ),
    example: 'IS_ANY_OF:live,completed',
  })
  @Parameter(parameterProblem(parseSetFilter))
  lifecycle?: string;

  @ApiPropertyOptional({
    pattern: PATTERNS.tag,
    description: 'An operator and comma-separated `type:value` tags (at most 100)',
    example: 'INCLUDE_ANY_OF:simple:beta,team:checkout',
  })
  @Parameter(parameterProblem(parseTagFilter))
  tag?: string;

  @ApiPropertyOptional({
    pattern: PATTERNS.segment,
    description: 'An operator and comma-separated segment names (at most 100)',
    example: 'INCLUDE:beta-users',
  })
  @Parameter(parameterProblem(parseSegmentFilter))
  segment?: string;

  @ApiPropertyOptional({
    pattern: PATTERNS.date,
    description: 'Created before, or on or after, midnight UTC of the day',
    example: 'IS_ON_OR_AFTER:2024-01-31',
  })
  @Parameter(parameterProblem(parseDateFilter))
  createdAt?: string;

  @ApiPropertyOptional({
    pattern: PATTERNS.date,
    description: 'Last seen (in any environment) before, or on or after, midnight UTC of the day; never-seen flags never match',
    example: 'IS_BEFORE:2024-01-31',
  })
  @Parameter(parameterProblem(parseDateFilter))
  lastSeenAt?: string;

  @ApiPropertyOptional({
    pattern: PATTERNS.favorite,
    description: "The caller's favorites (`IS:true`) or the others (`IS:false`)",
    example: 'IS:true',
  })
  @Parameter(parameterProblem(parseFavorite))
  favorite?: string;

  @ApiPropertyOptional({ pattern: PATTERNS.archived, description: 'Deprecated; `IS:true` lists archived flags only', example: 'IS:true' })
  @Parameter(parameterProblem(parseArchived))
  archived?: string;

  @ApiPropertyOptional({
    description:
      'createdAt (default), name, type, stale, project, lastSeenAt or environment:<name> (enabled there); ties by createdAt then name',
    example: 'name',
  })
  @Parameter(parameterProblem(parseSortBy))
  sortBy?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'Default asc' })
  @Parameter(parameterProblem(parseSortOrder))
  sortOrder?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: "The caller's favorites first; default false" })
  @Parameter(parameterProblem(parseFavoritesFirst))
  favoritesFirst?: string;

  @ApiPropertyOptional({ description: 'Number of features to skip; a whole number, default 0', example: '0' })
  @Parameter(parameterProblem(parseOffset))
  offset?: string;

  @ApiPropertyOptional({
    description: `Page size; a whole number from 1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}`,
    example: String(DEFAULT_LIMIT),
  })
  @Parameter(parameterProblem(parseLimit))
  limit?: string;
}

@ApiSchema({ name: 'featureSearchEnvironmentSchema' })
export class FeatureSearchEnvironmentSchema {
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Environment type' }) type: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty() sortOrder: number;
  @ApiProperty({ description: 'Number of variants defined in the environment' }) variantCount: number;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When metrics were last received for the feature in the environment',
  })
  lastSeenAt: string | null;
  @ApiProperty({ description: 'Any strategy in the environment, disabled ones included' }) hasStrategies: boolean;
  @ApiProperty({ description: 'Any strategy in the environment that is not disabled' }) hasEnabledStrategies: boolean;
  @ApiProperty({ description: 'True evaluations of the hour buckets that overlap the last 60 minutes' }) yes: number;
  @ApiProperty({ description: 'False evaluations of the hour buckets that overlap the last 60 minutes' }) no: number;
}

@ApiSchema({ name: 'featureSearchTagSchema' })
export class FeatureSearchTagSchema {
  @ApiProperty() value: string;
  @ApiProperty() type: string;
  @ApiProperty({ type: String, nullable: true, description: 'Colour of the tag type' }) color: string | null;
}

export class FeatureSearchLifecycleSchema {
  @ApiProperty({ enum: ['initial', 'pre-live', 'live', 'completed', 'archived'] }) stage: string;
  @ApiProperty({ type: String, nullable: true, description: 'Detail of the stage, e.g. kept or discarded for completed' }) status:
    string | null;
  @ApiProperty({ format: 'date-time' }) enteredStageAt: string;
}

export class FeatureSearchCreatedBySchema {
  @ApiProperty({ description: '0 when the creator is unknown' }) id: number;
  @ApiProperty({ description: 'Name, else username, else email; "unknown" when the user is gone' }) name: string;
  @ApiProperty({ description: 'Gravatar URL' }) imageUrl: string;
}

@ApiSchema({ name: 'featureSearchResponseSchema' })
export class FeatureSearchResultSchema {
  @ApiProperty() name: string;
  @ApiProperty() type: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['parent', 'child', null] }) dependencyType: 'parent' | 'child' | null;
  @ApiProperty() archived: boolean;
  @ApiProperty() project: string;
  @ApiProperty() stale: boolean;
  @ApiProperty({ description: "In the caller's favorites; always false for API tokens" }) favorite: boolean;
  @ApiProperty() impressionData: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) archivedAt: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    deprecated: true,
    description: 'Latest lastSeenAt of its environments',
  })
  lastSeenAt: string | null;
  @ApiProperty({ type: [FeatureSearchEnvironmentSchema] }) environments: FeatureSearchEnvironmentSchema[];
  @ApiProperty({ type: [String], description: 'Names of the segments its strategies use' }) segments: string[];
  @ApiProperty({ type: [FeatureSearchTagSchema], description: 'Always present; empty when the feature has no tags' })
  tags: FeatureSearchTagSchema[];
  @ApiPropertyOptional({ type: FeatureSearchLifecycleSchema, description: 'Absent while the feature has no lifecycle stage' })
  lifecycle?: FeatureSearchLifecycleSchema;
  @ApiProperty({ type: FeatureSearchCreatedBySchema }) createdBy: FeatureSearchCreatedBySchema;
}

@ApiSchema({ name: 'searchFeaturesSchema' })
export class SearchFeaturesSchema {
  @ApiProperty({ type: [FeatureSearchResultSchema] }) features: FeatureSearchResultSchema[];
  @ApiProperty({ description: 'Number of features matching the filters, whatever the page' }) total: number;
}
