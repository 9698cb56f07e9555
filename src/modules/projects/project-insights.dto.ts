import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
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

@ApiSchema({ name: 'projectInsightsOverviewSchema' })
export class ProjectInsightsOverviewSchema {
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
  @ApiProperty({ type: [FeatureTypeCountSchema], description: 'Active flags per type' }) featureTypeCounts: FeatureTypeCountSchema[];
  @ApiProperty({ type: FeatureStateCountsSchema, description: 'Active flags per state (Flagwright’s addition)' })
  featureStateCounts: FeatureStateCountsSchema;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updatedAt: string | null;
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
