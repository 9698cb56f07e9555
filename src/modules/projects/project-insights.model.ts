import type { FeatureListItem } from '../features/index.js';
import type { ProjectOverview } from './project.model.js';

/** Lifecycle stages in the order a feature moves through them. */
export const LIFECYCLE_STAGES = ['initial', 'pre-live', 'live', 'completed', 'archived'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/** Active features of one type in one state. */
export interface FlagCountRow {
  type: string;
  stale: boolean;
  potentiallyStale: boolean;
  count: number;
}

/** A stage a feature of the project entered, and when. */
export interface StageEntryRow {
  featureName: string;
  stage: string;
  enteredAt: Date;
}

export interface FlagCreator {
  id: number;
  name: string;
}

export interface ProjectStateCounts {
  active: number;
  stale: number;
  potentiallyStale: number;
}

/** What the overview and the health report both say of a project. */
export interface ProjectHealthFields {
  version: 1;
  name: string;
  description: string | null;
  defaultStickiness: string;
  mode: ProjectOverview['mode'];
  featureLimit: null;
  members: number;
  health: number;
  technicalDebt: number;
  environments: { environment: string }[];
  createdAt: string;
  updatedAt: string | null;
}

/** `GET /api/admin/projects/{projectId}/overview`. */
export interface ProjectInsightsOverview extends ProjectHealthFields {
  featureTypeCounts: { type: string; count: number }[];
  featureStateCounts: ProjectStateCounts;
  archivedAt: null;
  onboardingStatus: { status: 'onboarding-started' } | { status: 'first-flag-created'; feature: string } | { status: 'onboarded' };
}

export interface StageSummary {
  averageDays: number | null;
  currentFlags: number;
}

/** `GET /api/admin/projects/{projectId}/status`. */
export interface ProjectStatus {
  activityCountByDate: { date: string; count: number }[];
  resources: { members: number; apiTokens: number; segments: number };
  health: { current: number };
  technicalDebt: { current: number };
  lifecycleSummary: {
    initial: StageSummary;
    preLive: StageSummary;
    live: StageSummary;
    completed: StageSummary;
    archived: { currentFlags: number; last30Days: number };
  };
  staleFlags: { total: number };
}

/** A release flag of the project and when it was first turned on in a production environment after its creation. */
export interface TimeToProductionRow {
  featureName: string;
  createdAt: Date;
  enabledAt: Date;
}

/** `GET /api/admin/projects/{projectId}/dora`: days from creation to production, per flag and on average. */
export interface ProjectDora {
  projectAverage: number;
  features: { name: string; timeToProduction: number }[];
}

/** Counts of the last 30 days (current window) and of the 30 days before (past window). */
export interface WindowCounts {
  createdCurrentWindow: number;
  createdPastWindow: number;
  archivedCurrentWindow: number;
  archivedPastWindow: number;
  projectActivityCurrentWindow: number;
  projectActivityPastWindow: number;
}

/** Unleash's `projectStatsSchema`. */
export interface ProjectStats extends WindowCounts {
  avgTimeToProdCurrentWindow: number;
  projectMembersAddedCurrentWindow: number;
}

/** Active flags as Unleash's health figures count them: `activeCount` is those not stale. */
export interface HealthCounts {
  rating: number;
  activeCount: number;
  potentiallyStaleCount: number;
  staleCount: number;
}

/** `GET /api/admin/projects/{projectId}/insights`. */
export interface ProjectInsights {
  stats: ProjectStats;
  featureTypeCounts: { type: string; count: number }[];
  health: HealthCounts;
  technicalDebt: HealthCounts;
  leadTime: ProjectDora;
  members: { currentMembers: number; change: number };
}

/** One page of the users who created active flags, of every project. */
export interface FlagCreatorsPage {
  flagCreators: FlagCreator[];
  total: number;
}

/** `GET /api/admin/projects/{projectId}/health-report`: Unleash's health overview with its counts. */
export interface ProjectHealthReport extends ProjectHealthFields, Omit<HealthCounts, 'rating'> {
  features: FeatureListItem[];
  favorite: false;
  stats: ProjectStats;
}
