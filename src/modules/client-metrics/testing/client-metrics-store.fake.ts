import type { ReportableProjects } from '../client-metrics.model.js';
import { ClientMetricsStore } from '../client-metrics.store.js';
import type { FeatureUsageRecorder, StageEntry } from '../feature-usage.js';
import type { HourlyCount, SeenApplication, SeenFeature, SeenInstance, UnknownFlagReport, VariantCount } from '../metrics-batch.js';

/**
 * The store's contract kept in maps: counts add up, times move forward, stages are recorded once. It also stands for
 * the features module's FeatureUsageRecorder (`seen`, `stages`).
 */
export class FakeClientMetricsStore extends ClientMetricsStore implements FeatureUsageRecorder {
  environments = new Map([
    ['development', 'development'],
    ['production', 'production'],
  ]);
  features = new Map([
    ['a', 'default'],
    ['b', 'other'],
  ]);
  counts = new Map<string, { yes: number; no: number }>();
  variants = new Map<string, number>();
  seen = new Map<string, Date>();
  stages: { featureName: string; stage: string; at: Date }[] = [];
  applications = new Map<string, SeenApplication>();
  instances: SeenInstance[] = [];
  unknownFlags = new Map<string, Date>();
  environmentReads = 0;
  failNextWrite = false;

  async environmentTypes(names: string[]) {
    this.environmentReads++;
    return new Map(names.filter((n) => this.environments.has(n)).map((n) => [n, this.environments.get(n)!]));
  }
  async existingFeatures(names: string[], projects: ReportableProjects) {
    return names.filter((n) => this.features.has(n) && (projects === 'all' || projects.includes(this.features.get(n)!)));
  }
  async addHourlyCounts(rows: HourlyCount[]) {
    if (this.failNextWrite) {
      this.failNextWrite = false;
      throw new Error('database unavailable');
    }
    for (const r of rows) {
      const key = `${r.featureName}|${r.appName}|${r.environment}|${r.hourStart.toISOString()}`;
      const known = this.counts.get(key) ?? { yes: 0, no: 0 };
      this.counts.set(key, { yes: known.yes + r.yes, no: known.no + r.no });
    }
  }
  async addVariantCounts(rows: VariantCount[]) {
    for (const r of rows)
      this.variants.set(`${r.featureName}|${r.variant}`, (this.variants.get(`${r.featureName}|${r.variant}`) ?? 0) + r.count);
  }
  async markSeen(rows: SeenFeature[]) {
    for (const r of rows) this.seen.set(`${r.featureName}|${r.environment}`, r.lastSeenAt);
  }
  async advanceLifecycle(entries: StageEntry[], stage: 'pre-live' | 'live') {
    const moved = entries.filter(
      (e) => !this.stages.some((s) => s.featureName === e.featureName && (s.stage === stage || s.stage === 'live')),
    );
    this.stages.push(...moved.map((e) => ({ featureName: e.featureName, stage, at: e.at })));
    return moved.map((e) => e.featureName);
  }
  async touchApplications(rows: SeenApplication[]) {
    for (const r of rows) this.applications.set(r.appName, r);
  }
  async touchInstances(rows: SeenInstance[]) {
    this.instances.push(...rows);
  }
  async deleteHoursBefore() {
    return 0;
  }
  async recordUnknownFlags(reports: UnknownFlagReport[]) {
    for (const r of reports) {
      const key = `${r.name}|${r.appName}|${r.environment}`;
      const known = this.unknownFlags.get(key);
      if (!known || known < r.seenAt) this.unknownFlags.set(key, r.seenAt);
    }
  }
  async deleteUnknownFlagsSeenBefore(at: Date) {
    const old = [...this.unknownFlags].filter(([, seenAt]) => seenAt < at);
    for (const [key] of old) this.unknownFlags.delete(key);
    return old.length;
  }
}
