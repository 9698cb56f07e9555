import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IgnoreUnknownTopLevelProperties } from '../../core/http/request-validation.pipe.js';
import { TextParameter, WholeNumberParameter } from '../../core/http/query-parameters.js';
import { ProjectFeatureSchema } from '../features/index.js';
import { PROJECT_MODE } from './project.model.js';

class EnvironmentRef {
  @ApiProperty({ example: 'production' }) environment: string;
}

@ApiSchema({ name: 'featureTypeCountSchema' })
export class FeatureTypeCountSchema {
  @ApiProperty({ example: 'release' }) type: string;
  @ApiProperty({ example: 3 }) count: number;
}

@ApiSchema({ name: 'featureStateCountsSchema' })
export class FeatureStateCountsSchema {
  @ApiProperty({ description: 'Active (not archived) flags' }) active: number;
  @ApiProperty({ description: 'Active flags marked stale' }) stale: number;
  @ApiProperty({ description: 'Active flags past their type’s expected lifetime, not marked stale' }) potentiallyStale: number;
}

@ApiSchema({ name: 'onboardingStatusSchema' })
export class OnboardingStatusSchema {
  @ApiProperty({ enum: ['onboarding-started', 'first-flag-created', 'onboarded'] }) status: string;
  @ApiPropertyOptional({ description: 'The first flag created, while no flag of the project was reported by an SDK' }) feature?: string;
}

/** What the overview and the health report both say of a project. */
class ProjectHealthFieldsSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() defaultStickiness: string;
  @ApiProperty({ enum: [PROJECT_MODE] }) mode: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Always null: no limit' }) featureLimit: null;
  @ApiProperty({ description: 'Users with a project role, directly or through a group' }) members: number;
  @ApiProperty({ minimum: 0, maximum: 100, description: 'Percentage of active flags neither stale nor potentially stale' }) health: number;
  @ApiProperty({ minimum: 0, maximum: 100, description: '100 less the health' }) technicalDebt: number;
  @ApiProperty({ type: [EnvironmentRef] }) environments: EnvironmentRef[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updatedAt: string | null;
}

@ApiSchema({ name: 'projectInsightsOverviewSchema' })
export class ProjectInsightsOverviewSchema extends ProjectHealthFieldsSchema {
  @ApiProperty({ type: [FeatureTypeCountSchema], description: 'Active flags per type' }) featureTypeCounts: FeatureTypeCountSchema[];
  @ApiProperty({ type: FeatureStateCountsSchema, description: 'Active flags per state (Flagwright’s addition)' })
  featureStateCounts: FeatureStateCountsSchema;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Always null: archived projects are not kept' })
  archivedAt: null;
  @ApiProperty({ type: OnboardingStatusSchema }) onboardingStatus: OnboardingStatusSchema;
}

@ApiSchema({ name: 'projectActivitySchema' })
export class ProjectActivitySchema {
  @ApiProperty({ example: '2024-05-01' }) date: string;
  @ApiProperty({ minimum: 0 }) count: number;
}

class CurrentFigure {
  @ApiProperty({ minimum: 0, maximum: 100 }) current: number;
}

class ProjectResources {
  @ApiProperty({ minimum: 0 }) members: number;
  @ApiProperty({ minimum: 0, description: 'API tokens scoped to the project' }) apiTokens: number;
  @ApiProperty({ minimum: 0 }) segments: number;
}

class StageSummarySchema {
  @ApiProperty({ type: Number, nullable: true, description: 'Average days a flag spent in the stage; null when none entered it' })
  averageDays: number | null;
  @ApiProperty({ description: 'Active flags in the stage now' }) currentFlags: number;
}

class ArchivedSummary {
  @ApiProperty() currentFlags: number;
  @ApiProperty() last30Days: number;
}

class LifecycleSummary {
  @ApiProperty({ type: StageSummarySchema }) initial: StageSummarySchema;
  @ApiProperty({ type: StageSummarySchema }) preLive: StageSummarySchema;
  @ApiProperty({ type: StageSummarySchema }) live: StageSummarySchema;
  @ApiProperty({ type: StageSummarySchema }) completed: StageSummarySchema;
  @ApiProperty({ type: ArchivedSummary }) archived: ArchivedSummary;
}

class StaleFlags {
  @ApiProperty({ minimum: 0 }) total: number;
}

@ApiSchema({ name: 'projectStatusSchema' })
export class ProjectStatusSchema {
  @ApiProperty({ type: [ProjectActivitySchema], description: 'Events per day (UTC) over the last year' })
  activityCountByDate: ProjectActivitySchema[];
  @ApiProperty({ type: ProjectResources }) resources: ProjectResources;
  @ApiProperty({ type: CurrentFigure }) health: CurrentFigure;
  @ApiProperty({ type: CurrentFigure }) technicalDebt: CurrentFigure;
  @ApiProperty({ type: LifecycleSummary }) lifecycleSummary: LifecycleSummary;
  @ApiProperty({ type: StaleFlags }) staleFlags: StaleFlags;
}

@ApiSchema({ name: 'projectFlagCreatorSchema' })
export class ProjectFlagCreatorSchema {
  @ApiProperty() id: number;
  @ApiProperty({ description: "The user's name, else username, else email" }) name: string;
}

@ApiSchema({ name: 'doraFeaturesSchema', description: 'A release flag’s time to production' })
export class DoraFeaturesSchema {
  @ApiProperty({ description: 'The name of a feature flag' }) name: string;
  @ApiProperty({ description: 'Whole days from its creation to the first time it was turned on in a production environment' })
  timeToProduction: number;
}

@ApiSchema({ name: 'projectDoraMetricsSchema', description: 'A project’s lead time for changes (DORA)' })
export class ProjectDoraMetricsSchema {
  @ApiProperty({ description: 'The average of the flags’ times to production, in days (0 without flags, at least 0.1 with some)' })
  projectAverage: number;
  @ApiProperty({ type: [DoraFeaturesSchema], description: 'Release flags turned on in a production environment, by name' })
  features: DoraFeaturesSchema[];
}

@ApiSchema({
  name: 'projectStatsSchema',
  description: 'Statistics of the current window (the last 30 days) and the past window (the 30 days before it)',
})
export class ProjectStatsSchema {
  @ApiProperty({ example: 10, description: 'The average time to production of the project’s release flags, in days' })
  avgTimeToProdCurrentWindow: number;
  @ApiProperty({ example: 15, description: 'Active flags created during the current window' }) createdCurrentWindow: number;
  @ApiProperty({ example: 15, description: 'Active flags created during the past window' }) createdPastWindow: number;
  @ApiProperty({ example: 5, description: 'Flags archived during the current window' }) archivedCurrentWindow: number;
  @ApiProperty({ example: 5, description: 'Flags archived during the past window' }) archivedPastWindow: number;
  @ApiProperty({ example: 100, description: 'Events of the project during the current window' }) projectActivityCurrentWindow: number;
  @ApiProperty({ example: 100, description: 'Events of the project during the past window' }) projectActivityPastWindow: number;
  @ApiProperty({ example: 1, description: 'Members added to the project during the current window' })
  projectMembersAddedCurrentWindow: number;
}

class HealthCountsSchema {
  @ApiProperty({ type: 'integer', description: 'Health (or, under technicalDebt, technical debt) from 0 to 100' }) rating: number;
  @ApiProperty({ description: 'Active flags not marked stale' }) activeCount: number;
  @ApiProperty({ description: 'Active flags potentially stale, not marked stale' }) potentiallyStaleCount: number;
  @ApiProperty({ description: 'Active flags marked stale' }) staleCount: number;
}

class ProjectMembersSchema {
  @ApiProperty({ description: 'Users with a project role, directly or through a group' }) currentMembers: number;
  @ApiProperty({ description: 'Members added during the last 30 days' }) change: number;
}

@ApiSchema({ name: 'projectInsightsSchema' })
export class ProjectInsightsSchema {
  @ApiProperty({ type: ProjectStatsSchema }) stats: ProjectStatsSchema;
  @ApiProperty({ type: [FeatureTypeCountSchema], description: 'Active flags per type' }) featureTypeCounts: FeatureTypeCountSchema[];
  @ApiProperty({ type: HealthCountsSchema, deprecated: true, description: 'Use technicalDebt instead' }) health: HealthCountsSchema;
  @ApiProperty({ type: HealthCountsSchema, description: 'The rating is the technical debt: 100 less the health' })
  technicalDebt: HealthCountsSchema;
  @ApiProperty({ type: ProjectDoraMetricsSchema, description: 'Lead time (DORA) metrics' }) leadTime: ProjectDoraMetricsSchema;
  @ApiProperty({ type: ProjectMembersSchema }) members: ProjectMembersSchema;
}

@ApiSchema({
  name: 'healthReportSchema',
  description: 'The project, its active flags and the counts of its health: active (not stale), stale and potentially stale flags',
})
export class HealthReportSchema extends ProjectHealthFieldsSchema {
  @ApiProperty({ type: [ProjectFeatureSchema], description: 'The active flags, as `getFeatures` lists them' })
  features: ProjectFeatureSchema[];
  @ApiProperty({ description: 'Always false, as in Unleash’s report' }) favorite: boolean;
  @ApiProperty({ type: ProjectStatsSchema }) stats: ProjectStatsSchema;
  @ApiProperty({ description: 'Active flags potentially stale, not marked stale' }) potentiallyStaleCount: number;
  @ApiProperty({ description: 'Active flags not marked stale' }) activeCount: number;
  @ApiProperty({ description: 'Active flags marked stale' }) staleCount: number;
}

export const MAX_FLAG_CREATORS_PAGE = 10_000;
export const DEFAULT_FLAG_CREATORS_PAGE = 50;

@ApiSchema({ name: 'flagCreatorsQueryParameters' })
@IgnoreUnknownTopLevelProperties()
export class FlagCreatorsQueryDto {
  @ApiPropertyOptional({
    example: 'ali',
    description: 'Matches user name as a substring, and username or email as a prefix, ignoring case',
  })
  @TextParameter('flagCreatorsQuery')
  q?: string;

  @ApiPropertyOptional({ example: '50', description: 'Flag creators to skip; default 0' })
  @WholeNumberParameter(0)
  offset?: string;

  @ApiPropertyOptional({
    example: '50',
    description: `Page size, 1 to ${MAX_FLAG_CREATORS_PAGE}; default ${DEFAULT_FLAG_CREATORS_PAGE}`,
  })
  @WholeNumberParameter(1, MAX_FLAG_CREATORS_PAGE)
  limit?: string;
}

@ApiSchema({ name: 'flagCreatorsSchema', description: 'A page of the users who created active flags' })
export class FlagCreatorsSchema {
  @ApiProperty({ example: 50, description: 'The flag creators matching the search, over every page' }) total: number;
  @ApiProperty({ type: [ProjectFlagCreatorSchema], description: 'This page: by name (users without one last), then id' })
  flagCreators: ProjectFlagCreatorSchema[];
}
