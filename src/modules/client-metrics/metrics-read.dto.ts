import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsArray, IsOptional, IsString } from 'class-validator';
import { IgnoreUnknownTopLevelProperties } from '../../core/http/request-validation.pipe.js';
import { Rule } from '../../core/http/rule.decorator.js';
import { GIVE_ONCE, TextParameter, WholeNumberParameter } from '../../core/http/query-parameters.js';

export const MAX_APPLICATIONS_PAGE = 1000;
/** What `hoursBack` must be; the hours kept are the configuration's, so the service checks the upper bound. */
export const HOURS_BACK_RULE = 'must be a whole number from 1 to the hours metrics are kept';

const OneOf = (values: string[]) =>
  applyDecorators(
    IsOptional(),
    Rule('oneOfParameter', (value) =>
      typeof value === 'string' && values.includes(value)
        ? undefined
        : `must be equal to one of the allowed values: ${values.map((v) => `"${v}"`).join(', ')}`,
    ),
  );

@ApiSchema({ name: 'featureMetricsQueryParameters' })
@IgnoreUnknownTopLevelProperties()
export class FeatureMetricsQueryDto {
  @ApiPropertyOptional({
    description:
      'How many hours back the series goes, the current hour included: 1 to the hours metrics are kept (`METRICS_RETENTION_HOURS`, default 48); default 24',
    example: '48',
  })
  @IsOptional()
  @Rule('hoursBack', (value) => (typeof value !== 'string' ? GIVE_ONCE : /^[1-9]\d{0,5}$/.test(value) ? undefined : HOURS_BACK_RULE))
  hoursBack?: string;
}

@ApiSchema({ name: 'applicationsQueryParameters' })
@IgnoreUnknownTopLevelProperties()
export class ApplicationsQueryDto {
  @ApiPropertyOptional({ description: 'Comma-separated terms; an application matches when its name contains any of them, ignoring case' })
  @TextParameter('applicationsQuery')
  query?: string;

  @ApiPropertyOptional({ description: 'Applications to skip; default 0', example: '0' })
  @WholeNumberParameter(0)
  offset?: string;

  @ApiPropertyOptional({ description: `Page size, 1 to ${MAX_APPLICATIONS_PAGE}; default ${MAX_APPLICATIONS_PAGE}`, example: '50' })
  @WholeNumberParameter(1, MAX_APPLICATIONS_PAGE)
  limit?: string;

  @ApiPropertyOptional({ enum: ['appName'], description: 'Applications are sorted by name' })
  @OneOf(['appName'])
  sortBy?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'Default asc' })
  @OneOf(['asc', 'desc'])
  sortOrder?: string;
}

const COUNTS = { type: 'object' as const, additionalProperties: { type: 'integer', minimum: 0 }, example: { variantA: 15, variantB: 25 } };

@ApiSchema({ name: 'featureEnvironmentMetricsSchema' })
export class FeatureEnvironmentMetricsSchema {
  @ApiProperty({ example: 'my.special.feature' }) featureName: string;
  @ApiProperty({ example: 'accounting' }) appName: string;
  @ApiProperty({ example: 'development' }) environment: string;
  @ApiProperty({ format: 'date-time', description: 'The start of the hour' }) timestamp: string;
  @ApiProperty({ minimum: 0, example: 974 }) yes: number;
  @ApiProperty({ minimum: 0, example: 50 }) no: number;
  @ApiProperty({ ...COUNTS, description: 'How often each variant was served' }) variants: Record<string, number>;
}

@ApiSchema({ name: 'featureMetricsSchema' })
export class FeatureMetricsSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ example: 'stable' }) maturity: string;
  @ApiProperty({ type: [FeatureEnvironmentMetricsSchema], description: 'Hour by hour, oldest first; zeros where nothing was counted' })
  data: FeatureEnvironmentMetricsSchema[];
}

@ApiSchema({ name: 'featureLastHourUsageSchema' })
export class FeatureLastHourUsageSchema {
  @ApiProperty({ example: 'development' }) environment: string;
  @ApiProperty({ format: 'date-time', description: 'The start of the earliest hour counted' }) timestamp: string;
  @ApiProperty({ minimum: 0 }) yes: number;
  @ApiProperty({ minimum: 0 }) no: number;
}

@ApiSchema({ name: 'featureUsageSchema' })
export class FeatureUsageSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ example: 'stable' }) maturity: string;
  @ApiProperty({ example: 'my.special.feature' }) featureName: string;
  @ApiProperty({ type: [FeatureLastHourUsageSchema], description: 'Per environment, the hour buckets that overlap the last 60 minutes' })
  lastHourUsage: FeatureLastHourUsageSchema[];
  @ApiProperty({ type: [String], example: ['accounting', 'billing'] }) seenApplications: string[];
}

@ApiSchema({ name: 'applicationUsageSchema' })
export class ApplicationUsageSchema {
  @ApiProperty({ example: 'main-project' }) project: string;
  @ApiProperty({ type: [String], example: ['development', 'production'] }) environments: string[];
}

@ApiSchema({ name: 'applicationSchema' })
export class ApplicationSchema {
  @ApiProperty({ example: 'billing' }) appName: string;
  @ApiPropertyOptional({ example: 'unleash-client-java:7.0.0', description: 'What its most recently seen instance reported' })
  sdkVersion?: string;
  @ApiProperty({ type: [String], description: 'The strategies its SDKs registered' }) strategies: string[];
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional({ example: 'https://github.com/Unleash/unleash-proxy-client-js', description: 'As createApplication set it' })
  url?: string;
  @ApiPropertyOptional({ example: 'red', description: 'As createApplication set it' }) color?: string;
  @ApiPropertyOptional({ example: 'https://github.com/favicon.ico', description: 'As createApplication set it' }) icon?: string;
  @ApiProperty({ type: [ApplicationUsageSchema], description: 'Projects and environments whose features it evaluated in the hours kept' })
  usage: ApplicationUsageSchema[];
}

@ApiSchema({ name: 'applicationsSchema' })
export class ApplicationsSchema {
  @ApiProperty({ description: 'Applications matching the query' }) total: number;
  @ApiProperty({ type: [ApplicationSchema] }) applications: ApplicationSchema[];
}

@ApiSchema({ name: 'applicationEnvironmentIssuesSchema' })
export class ApplicationEnvironmentIssuesSchema {
  @ApiProperty({ type: [String], description: 'Always empty: unknown features are dropped when metrics are written' })
  missingFeatures: string[];
  @ApiProperty({ type: [String] }) outdatedSdks: string[];
}

@ApiSchema({ name: 'applicationOverviewEnvironmentSchema' })
export class ApplicationOverviewEnvironmentSchema {
  @ApiProperty({ example: 'production' }) name: string;
  @ApiProperty({ description: 'Instances seen in the last 24 hours' }) instanceCount: number;
  @ApiProperty({ type: [String] }) sdks: string[];
  @ApiProperty({ type: [String] }) frontendSdks: string[];
  @ApiProperty({ type: [String] }) backendSdks: string[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastSeen: string | null;
  @ApiProperty({ type: ApplicationEnvironmentIssuesSchema }) issues: ApplicationEnvironmentIssuesSchema;
}

@ApiSchema({ name: 'applicationOverviewIssuesSchema' })
export class ApplicationOverviewIssuesSchema {
  @ApiProperty({ type: [String], description: 'Strategies its SDKs registered that the service does not know' })
  missingStrategies: string[];
}

@ApiSchema({ name: 'applicationOverviewSchema' })
export class ApplicationOverviewSchema {
  @ApiProperty({ type: [String] }) projects: string[];
  @ApiProperty() featureCount: number;
  @ApiProperty({ type: [ApplicationOverviewEnvironmentSchema] }) environments: ApplicationOverviewEnvironmentSchema[];
  @ApiProperty({ type: ApplicationOverviewIssuesSchema }) issues: ApplicationOverviewIssuesSchema;
}

@ApiSchema({ name: 'applicationEnvironmentInstanceSchema' })
export class ApplicationEnvironmentInstanceSchema {
  @ApiProperty() instanceId: string;
  @ApiProperty({ type: String, nullable: true }) sdkVersion: string | null;
  @ApiProperty({ type: String, nullable: true }) clientIp: string | null;
  @ApiProperty({ format: 'date-time' }) lastSeen: string;
}

@ApiSchema({ name: 'applicationEnvironmentInstancesSchema' })
export class ApplicationEnvironmentInstancesSchema {
  @ApiProperty({ type: [ApplicationEnvironmentInstanceSchema] }) instances: ApplicationEnvironmentInstanceSchema[];
}

@ApiSchema({ name: 'outdatedSdkSchema' })
export class OutdatedSdkSchema {
  @ApiProperty({ example: 'unleash-client-node:3.2.1' }) sdkVersion: string;
  @ApiProperty({ type: [String] }) applications: string[];
}

@ApiSchema({ name: 'outdatedSdksSchema' })
export class OutdatedSdksSchema {
  @ApiProperty({ type: [OutdatedSdkSchema] }) sdks: OutdatedSdkSchema[];
}

@ApiSchema({
  name: 'createApplicationSchema',
  description: 'What an application is created or changed with; the fields not given are kept',
})
@IgnoreUnknownTopLevelProperties()
export class CreateApplicationSchema {
  @ApiPropertyOptional({
    type: [String],
    description: 'The strategies the application has loaded',
    example: ['standard', 'flexibleRollout'],
  })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  strategies?: string[];

  @ApiPropertyOptional({ description: 'A link to the application', example: 'https://github.com/Unleash/unleash-proxy-client-js' })
  @IsOptional()
  @IsString()
  url?: string;

  @ApiPropertyOptional({ description: "The colour of the application's entry in a list", example: 'red' })
  @IsOptional()
  @IsString()
  color?: string;

  @ApiPropertyOptional({ description: "An icon for the application's entry in a list", example: 'https://github.com/favicon.ico' })
  @IsOptional()
  @IsString()
  icon?: string;
}

export const MAX_PROJECT_APPLICATIONS_PAGE = 100;
export const DEFAULT_PROJECT_APPLICATIONS_PAGE = 50;

@ApiSchema({ name: 'projectApplicationsQueryParameters' })
@IgnoreUnknownTopLevelProperties()
export class ProjectApplicationsQueryDto {
  @ApiPropertyOptional({
    description:
      'Comma-separated terms; an application matches when its name, an environment, an instance id or an SDK version contains one of them, ignoring case (only the matching environments, instances and SDKs are listed)',
  })
  @TextParameter('projectApplicationsQuery')
  query?: string;

  @ApiPropertyOptional({ description: 'Applications to skip; default 0', example: '0' })
  @WholeNumberParameter(0)
  offset?: string;

  @ApiPropertyOptional({
    description: `Page size, 1 to ${MAX_PROJECT_APPLICATIONS_PAGE}; default ${DEFAULT_PROJECT_APPLICATIONS_PAGE}`,
    example: '50',
  })
  @WholeNumberParameter(1, MAX_PROJECT_APPLICATIONS_PAGE)
  limit?: string;

  @ApiPropertyOptional({ enum: ['appName'], description: 'Applications are sorted by name' })
  @OneOf(['appName'])
  sortBy?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'Default asc' })
  @OneOf(['asc', 'desc'])
  sortOrder?: string;
}

@ApiSchema({ name: 'projectApplicationSdkSchema' })
export class ProjectApplicationSdkSchema {
  @ApiProperty({ example: 'unleash-client-node', description: 'The SDK, as its instances name it before the colon' }) name: string;
  @ApiProperty({ type: [String], example: ['6.1.0'], description: 'Its versions the instances reported, sorted' }) versions: string[];
}

@ApiSchema({ name: 'projectApplicationSchema', description: 'An application that evaluated features of the project' })
export class ProjectApplicationSchema {
  @ApiProperty({ example: 'billing' }) name: string;
  @ApiProperty({ type: [String], description: 'Where it evaluated features of the project in the hours kept, sorted' })
  environments: string[];
  @ApiProperty({ type: [String], description: 'Its instances in those environments, sorted' }) instances: string[];
  @ApiProperty({ type: [ProjectApplicationSdkSchema], description: 'The SDKs of those instances, by name' })
  sdks: ProjectApplicationSdkSchema[];
}

@ApiSchema({ name: 'projectApplicationsSchema' })
export class ProjectApplicationsSchema {
  @ApiProperty({ description: 'Applications matching the query' }) total: number;
  @ApiProperty({ type: [ProjectApplicationSchema] }) applications: ProjectApplicationSchema[];
}

class UnknownFlagEnvironmentSchema {
  @ApiProperty({ example: 'production' }) environment: string;
  @ApiProperty({ format: 'date-time', description: 'When the application last reported the name in the environment' }) seenAt: string;
}

class UnknownFlagApplicationSchema {
  @ApiProperty({ example: 'my-app' }) appName: string;
  @ApiProperty({ type: [UnknownFlagEnvironmentSchema], description: 'By name' }) environments: UnknownFlagEnvironmentSchema[];
}

@ApiSchema({ name: 'unknownFlagSchema', description: 'A flag name SDKs reported in their metrics that is no feature' })
export class UnknownFlagSchema {
  @ApiProperty({ example: 'my-unknown-flag' }) name: string;
  @ApiProperty({ format: 'date-time', description: 'When it was last reported' }) lastSeenAt: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the latest event about a feature of that name (since deleted) was recorded; null when none',
  })
  lastEventAt: string | null;
  @ApiProperty({ type: [UnknownFlagApplicationSchema], description: 'The applications that reported it, by name' })
  reports: UnknownFlagApplicationSchema[];
}

@ApiSchema({ name: 'unknownFlagsResponseSchema', description: 'A list of unknown flag reports' })
export class UnknownFlagsResponseSchema {
  @ApiProperty({ type: [UnknownFlagSchema], description: 'Reported in the last 24 hours, by name, at most 1000' })
  unknownFlags: UnknownFlagSchema[];
}
