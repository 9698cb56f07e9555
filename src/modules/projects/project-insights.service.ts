import { Injectable } from '@nestjs/common';
import { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors/app-error.js';
import { MetricsWriter } from '../client-metrics/index.js';
import { FeatureReadModel } from '../features/index.js';
import {
  type FlagCountRow,
  type FlagCreator,
  type FlagCreatorsPage,
  type HealthCounts,
  LIFECYCLE_STAGES,
  type ProjectDora,
  type ProjectHealthFields,
  type ProjectHealthReport,
  type ProjectInsights,
  type ProjectStats,
  type ProjectInsightsOverview,
  type ProjectStateCounts,
  type ProjectStatus,
  type StageEntryRow,
  type StageSummary,
  type TimeToProductionRow,
} from './project-insights.model.js';
import { ProjectInsightsReadModel } from './project-insights.read-model.js';
import type { ProjectOverview } from './project.model.js';
import { ProjectReadModel } from './project.read-model.js';

const DAY_MS = 86_400_000;

/**
 * A project at a glance, as Unleash's project pages show it: flag counts by type and state, health (the share of
 * active flags neither stale nor potentially stale, Unleash's figure) and technical debt (its complement), lifecycle
 * summary, activity, resources, and who created its flags.
 */
@Injectable()
export class ProjectInsightsService {
  constructor(
    private readonly projects: ProjectReadModel,
    private readonly reads: ProjectInsightsReadModel,
    private readonly metrics: MetricsWriter,
    private readonly features: FeatureReadModel,
    private readonly clock: Clock,
  ) {}

  async overview(projectId: string): Promise<ProjectInsightsOverview> {
    await this.metrics.flushPending();
    const project = await this.projects.overview(projectId);
    if (!project) throw notFound(`Could not find project ${projectId}`);
    const [counts, onboarding] = await Promise.all([this.reads.flagCounts(projectId), this.reads.onboarding(projectId)]);
    const states = stateCounts(counts);
    return {
      ...healthFieldsOf(project, healthOf(states)),
      featureTypeCounts: typeCounts(counts),
      featureStateCounts: states,
      archivedAt: null,
      onboardingStatus: onboarding.anySeen
        ? { status: 'onboarded' }
        : onboarding.firstFeature
          ? { status: 'first-flag-created', feature: onboarding.firstFeature }
          : { status: 'onboarding-started' },
    };
  }

  async status(projectId: string): Promise<ProjectStatus> {
    const project = await this.projects.overview(projectId);
    if (!project) throw notFound(`Could not find project ${projectId}`);
    const now = this.clock.now().getTime();
    const [counts, archived, entries, activity, resources] = await Promise.all([
      this.reads.flagCounts(projectId),
      this.reads.archivedCounts(projectId, new Date(now - 30 * DAY_MS)),
      this.reads.stageEntries(projectId),
      this.reads.activityByDay(projectId, new Date(now - 365 * DAY_MS)),
      this.reads.resources(projectId),
    ]);
    const states = stateCounts(counts);
    const health = healthOf(states);
    const summary = stageSummaries(entries, now);
    return {
      activityCountByDate: activity,
      resources: { members: project.memberCount, ...resources },
      health: { current: health },
      technicalDebt: { current: 100 - health },
      lifecycleSummary: {
        initial: summary.initial,
        preLive: summary['pre-live'],
        live: summary.live,
        completed: summary.completed,
        archived: { currentFlags: archived.total, last30Days: archived.recent },
      },
      staleFlags: { total: states.stale },
    };
  }

  async flagCreators(projectId: string): Promise<FlagCreator[]> {
    if (!(await this.projects.find(projectId))) throw notFound(`Could not find project ${projectId}`);
    return this.reads.flagCreators(projectId);
  }

  /** The users who created active flags, of every project (Flagwright's projects are all open), a page at a time. */
  allFlagCreators(page: { query?: string; offset: number; limit: number }): Promise<FlagCreatorsPage> {
    return this.reads.allFlagCreators(page);
  }

  /** Days from creation to the first time in production, of the project's release flags, as Unleash counts them. */
  async dora(projectId: string): Promise<ProjectDora> {
    if (!(await this.projects.find(projectId))) throw notFound(`Could not find project ${projectId}`);
    return doraOf(await this.reads.timeToProduction(projectId));
  }

  /** Statistics of the last 30 days against the 30 before, health, lead time, flag types and members. */
  async insights(projectId: string): Promise<ProjectInsights> {
    const project = await this.projects.overview(projectId);
    if (!project) throw notFound(`Could not find project ${projectId}`);
    const [counts, times] = await Promise.all([this.reads.flagCounts(projectId), this.reads.timeToProduction(projectId)]);
    const dora = doraOf(times);
    const stats = await this.stats(projectId, dora);
    const health = healthCountsOf(stateCounts(counts));
    return {
      stats,
      featureTypeCounts: typeCounts(counts),
      health,
      technicalDebt: { ...health, rating: 100 - health.rating },
      leadTime: dora,
      members: { currentMembers: project.memberCount, change: stats.projectMembersAddedCurrentWindow },
    };
  }

  /** The project with its active flags (as `getFeatures` lists them), health counts and statistics. */
  async healthReport(projectId: string): Promise<ProjectHealthReport> {
    const project = await this.projects.overview(projectId);
    if (!project) throw notFound(`Could not find project ${projectId}`);
    const [counts, features, times] = await Promise.all([
      this.reads.flagCounts(projectId),
      this.features.listInProject(projectId),
      this.reads.timeToProduction(projectId),
    ]);
    const stats = await this.stats(projectId, doraOf(times));
    const { rating, ...health } = healthCountsOf(stateCounts(counts));
    return {
      ...healthFieldsOf(project, rating),
      features,
      favorite: false,
      stats,
      ...health,
    };
  }

  /** Unleash's project statistics; its average time to production is over every flag, as Unleash's is. */
  private async stats(projectId: string, dora: ProjectDora): Promise<ProjectStats> {
    const now = this.clock.now().getTime();
    const current = new Date(now - 30 * DAY_MS);
    const [windows, membersAdded] = await Promise.all([
      this.reads.windowCounts(projectId, new Date(now - 60 * DAY_MS), current),
      this.reads.membersAddedSince(projectId, current),
    ]);
    return { avgTimeToProdCurrentWindow: dora.projectAverage, ...windows, projectMembersAddedCurrentWindow: membersAdded };
  }
}

/**
 * Unleash's lead time: per flag the whole days from creation to production; the project's average of them to one
 * decimal, 0.1 when that rounds to 0 (some flags, all on the day they were made), 0 without flags.
 */
export function doraOf(rows: TimeToProductionRow[]): ProjectDora {
  const features = rows.map((row) => ({
    name: row.featureName,
    timeToProduction: Math.floor((row.enabledAt.getTime() - row.createdAt.getTime()) / DAY_MS),
  }));
  if (!features.length) return { projectAverage: 0, features };
  const average = features.reduce((sum, feature) => sum + feature.timeToProduction, 0) / features.length;
  return { projectAverage: Number(average.toFixed(1)) || 0.1, features };
}

/** What the overview and the health report both say of a project with health `health`. */
function healthFieldsOf(project: ProjectOverview, health: number): ProjectHealthFields {
  return {
    version: 1,
    name: project.name,
    description: project.description,
    defaultStickiness: project.defaultStickiness,
    mode: project.mode,
    featureLimit: null,
    members: project.memberCount,
    health,
    technicalDebt: 100 - health,
    environments: project.environments,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}

/** Unleash's health figures: the rating, the flags not stale, the potentially stale ones (not stale) and the stale ones. */
function healthCountsOf(states: ProjectStateCounts): HealthCounts {
  return {
    rating: healthOf(states),
    activeCount: states.active - states.stale,
    potentiallyStaleCount: states.potentiallyStale,
    staleCount: states.stale,
  };
}

/** Active flags: all of them, the stale ones, and the potentially stale ones that are not stale (as Unleash counts them). */
export function stateCounts(rows: FlagCountRow[]): ProjectStateCounts {
  const sum = (keep: (row: FlagCountRow) => boolean) => rows.filter(keep).reduce((total, row) => total + row.count, 0);
  return { active: sum(() => true), stale: sum((row) => row.stale), potentiallyStale: sum((row) => !row.stale && row.potentiallyStale) };
}

/** Unleash's health rating: 100 less the stale and the potentially stale shares of the active flags, rounded; 100 without flags. */
export function healthOf({ active, stale, potentiallyStale }: ProjectStateCounts): number {
  return active === 0 ? 100 : Math.round(100 - (100 * stale) / active - (100 * potentiallyStale) / active);
}

function typeCounts(rows: FlagCountRow[]): { type: string; count: number }[] {
  const byType = new Map<string, number>();
  for (const row of rows) byType.set(row.type, (byType.get(row.type) ?? 0) + row.count);
  return [...byType].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([type, count]) => ({ type, count }));
}

/**
 * Per stage before `archived`: the flags whose latest stage it is (archived flags left out), and the average days a
 * flag spent in it, from entering it to entering the next stage it reached (still in it: until now); null when no
 * flag entered it.
 */
export function stageSummaries(entries: StageEntryRow[], now: number): Record<'initial' | 'pre-live' | 'live' | 'completed', StageSummary> {
  const byFeature = new Map<string, StageEntryRow[]>();
  for (const entry of entries)
    (byFeature.get(entry.featureName) ?? byFeature.set(entry.featureName, []).get(entry.featureName)!).push(entry);
  const days = new Map<string, number[]>();
  const current = new Map<string, number>();
  const rank = (stage: string) => LIFECYCLE_STAGES.indexOf(stage as (typeof LIFECYCLE_STAGES)[number]);
  for (const featureEntries of byFeature.values()) {
    featureEntries.sort((a, b) => a.enteredAt.getTime() - b.enteredAt.getTime() || rank(a.stage) - rank(b.stage));
    featureEntries.forEach((entry, index) => {
      const left = featureEntries[index + 1]?.enteredAt.getTime() ?? now;
      (days.get(entry.stage) ?? days.set(entry.stage, []).get(entry.stage)!).push((left - entry.enteredAt.getTime()) / DAY_MS);
    });
    const latest = featureEntries.at(-1)!.stage;
    current.set(latest, (current.get(latest) ?? 0) + 1);
  }
  const summaryOf = (stage: string): StageSummary => {
    const spent = days.get(stage);
    return {
      averageDays: spent?.length ? Math.round((10 * spent.reduce((a, b) => a + b, 0)) / spent.length) / 10 : null,
      currentFlags: current.get(stage) ?? 0,
    };
  };
  return { initial: summaryOf('initial'), 'pre-live': summaryOf('pre-live'), live: summaryOf('live'), completed: summaryOf('completed') };
}
