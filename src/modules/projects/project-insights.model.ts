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

/** `GET /api/admin/projects/{projectId}/overview`. */
export interface ProjectInsightsOverview {
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
  featureTypeCounts: { type: string; count: number }[];
  featureStateCounts: ProjectStateCounts;
  createdAt: string;
  updatedAt: string | null;
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
