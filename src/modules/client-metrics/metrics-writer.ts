import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { type ReportableProjects, stageReachedIn } from './client-metrics.model.js';
import { ClientMetricsStore } from './client-metrics.store.js';
import type { FeatureUsageRecorder, StageEntry } from './feature-usage.js';
import { MetricsBatch, type SeenFeature } from './metrics-batch.js';
import { ReportingEnvironments } from './reporting-environments.js';

/** Pending entries beyond which a write starts at once instead of at the next tick: memory stays bounded. */
export const MAX_PENDING_ENTRIES = 20_000;
/**
 * Attempts of a write that met another instance's write on the same rows: PostgreSQL chose it as a deadlock victim,
 * or SQLite found the file locked by another connection (a deferred transaction cannot wait to start writing).
 */
const CONFLICT_ATTEMPTS = 5;
const CONFLICT_BACKOFF_MS = 20;

/**
 * Holds the SDK metrics of this instance in memory and writes them in one transaction every
 * `metricsFlushIntervalSeconds`, when the batch grows past MAX_PENDING_ENTRIES, when a reader asks
 * (`flushPending`), and at a graceful stop, after the HTTP server has finished its requests (Nest's
 * `onApplicationShutdown`, which runs before the data source closes). Only a hard kill loses what was pending.
 *
 * Writes add to the shared hourly rows and move times only forward, so instances sharing a database add up.
 * Writes run one after the other; a write that fails puts its batch back (nothing is lost, it is tried again
 * with the next one).
 */
@Injectable()
export class MetricsWriter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsWriter.name);
  private batch = new MetricsBatch();
  /** The last write queued; each write starts when the one before has ended. */
  private queue: Promise<void> = Promise.resolve();
  private writesQueued = 0;
  /** The write a full batch started, until it ends: one is enough, however many reports arrive meanwhile. */
  private overflowWrite?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private featureUsage?: FeatureUsageRecorder;

  constructor(
    private readonly store: ClientMetricsStore,
    private readonly environments: ReportingEnvironments,
    private readonly db: Database,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /** Called once by the features module, which owns the tables metrics change of features (see FeatureUsageRecorder). */
  useFeatureUsage(recorder: FeatureUsageRecorder): void {
    this.featureUsage = recorder;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flushLogged(), this.config.metricsFlushIntervalSeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.flushLogged();
  }

  /**
   * Adds to the pending batch. Answers a promise only once the service is stopping: then the change is written at
   * once, since no later write would take it.
   */
  add(change: (batch: MetricsBatch) => void): Promise<void> | undefined {
    change(this.batch);
    if (this.stopped) return this.flush();
    if (this.batch.size >= MAX_PENDING_ENTRIES && !this.overflowWrite) {
      this.overflowWrite = this.flushLogged().finally(() => (this.overflowWrite = undefined));
    }
    return undefined;
  }

  /** Writes everything added so far; rejects when the write fails (the batch is kept for the next one). */
  flush(): Promise<void> {
    this.writesQueued++;
    const write = this.queue.then(() => this.writePending()).finally(() => this.writesQueued--);
    this.queue = write.catch(() => undefined);
    return write;
  }

  /**
   * For readers that show metrics (last-seen times, yes/no counts, lifecycle stages): writes what this instance
   * holds so that a read right after a report sees it. Costs nothing when nothing is pending. Inside a
   * transaction it does nothing: the write would join the reader's transaction (and on SQLite wait for it).
   */
  async flushPending(): Promise<void> {
    if (this.db.inTransaction || (this.batch.isEmpty && this.writesQueued === 0)) return;
    await this.flushLogged();
  }

  private async flushLogged(): Promise<void> {
    await this.flush().catch((error: unknown) =>
      this.logger.warn(`Could not write SDK metrics (kept for the next write): ${String(error)}`),
    );
  }

  private async writePending(): Promise<void> {
    if (this.batch.isEmpty) return;
    const batch = this.batch;
    this.batch = new MetricsBatch();
    try {
      await this.writeRetryingConflicts(batch);
    } catch (error) {
      batch.absorb(this.batch);
      this.batch = batch;
      throw error;
    }
  }

  private async writeRetryingConflicts(batch: MetricsBatch): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(() => this.write(batch));
      } catch (error) {
        if (attempt >= CONFLICT_ATTEMPTS || !isWriteConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, CONFLICT_BACKOFF_MS * attempt * (0.5 + Math.random())));
      }
    }
  }

  private async write(batch: MetricsBatch): Promise<void> {
    const environments = batch.environments();
    const types = await this.store.environmentTypes(environments);
    this.environments.forget(environments.filter((environment) => !types.has(environment)));
    const known = new Map<ReportableProjects, Set<string>>();
    const missing = new Set<string>();
    let scoped = false;
    for (const { projects, featureNames } of batch.reportedFeatures()) {
      const found = new Set(await this.store.existingFeatures(featureNames, projects));
      known.set(projects, found);
      for (const name of featureNames) if (!found.has(name)) missing.add(name);
      scoped ||= projects !== 'all';
    }
    // A name missing from a project-scoped report's projects may be a feature of another project: not unknown.
    const elsewhere = scoped && missing.size ? new Set(await this.store.existingFeatures([...missing], 'all')) : new Set<string>();
    const rows = batch.rows(
      (projects, featureName) => known.get(projects)?.has(featureName) === true,
      (environment) => types.has(environment),
    );
    await this.store.addHourlyCounts(rows.counts);
    await this.store.addVariantCounts(rows.variants);
    if (!this.featureUsage) throw new Error('The features module has not handed its FeatureUsageRecorder to MetricsWriter.');
    await this.featureUsage.markSeen(rows.seen);
    const { preLive, live } = lifecycleSteps(rows.seen, types);
    await this.featureUsage.advanceLifecycle(preLive, 'pre-live');
    await this.featureUsage.advanceLifecycle(live, 'live');
    await this.store.touchApplications(rows.applications);
    await this.store.touchInstances(rows.instances);
    if (missing.size)
      await this.store.recordUnknownFlags(
        batch.unknownFlags(
          (name) => missing.has(name) && !elsewhere.has(name),
          (environment) => types.has(environment),
        ),
      );
  }
}

/**
 * The stages the batch's features reach, each at the first time it was seen in an environment of that kind. A
 * feature first seen in a production-type environment goes straight to `live`, as it would have had the reports
 * been written one by one; seen elsewhere before, it passes `pre-live` first.
 */
export function lifecycleSteps(seen: SeenFeature[], environmentTypes: Map<string, string>): { preLive: StageEntry[]; live: StageEntry[] } {
  const firstAt = { 'pre-live': new Map<string, Date>(), live: new Map<string, Date>() };
  for (const row of seen) {
    const stage = stageReachedIn(environmentTypes.get(row.environment)!);
    const known = firstAt[stage].get(row.featureName);
    if (!known || row.firstSeenAt < known) firstAt[stage].set(row.featureName, row.firstSeenAt);
  }
  const entries = (times: Map<string, Date>) => [...times].map(([featureName, at]) => ({ featureName, at }));
  const preLive = entries(firstAt['pre-live']).filter((entry) => {
    const liveAt = firstAt.live.get(entry.featureName);
    return liveAt === undefined || entry.at < liveAt;
  });
  return { preLive, live: entries(firstAt.live) };
}

function isWriteConflict(error: unknown): boolean {
  const code = (error as { driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
  return code === '40P01' || code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}
