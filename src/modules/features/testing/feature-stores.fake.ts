import type { SeenFeature, StageEntry } from '../../client-metrics/index.js';
import type { StoredStrategy } from '../../strategies/index.js';
import { FavoriteStore } from '../favorite.store.js';
import { FeatureDependencyStore } from '../feature-dependency.store.js';
import { type FeatureEnvironmentState, FeatureEnvironmentStore } from '../feature-environment.store.js';
import { FeatureLifecycleStore } from '../feature-lifecycle.store.js';
import type { FeatureDependency, FeatureVariant, LifecycleStageName } from '../feature.model.js';
import { type FeatureChanges, FeatureStore, type NewFeature } from '../feature.store.js';
import type { FakeFeatureTables } from './feature-tables.fake.js';

/** `features` in FakeFeatureTables; `locked` lists the features locked, in order. */
export class FakeFeatureStore extends FeatureStore {
  readonly locked: string[] = [];

  constructor(private readonly tables: FakeFeatureTables) {
    super();
  }

  async holdProject(projectId: string): Promise<boolean> {
    return this.tables.projects.has(projectId);
  }
  async lock(featureName: string): Promise<void> {
    this.locked.push(featureName);
  }
  async insert(feature: NewFeature, _createdByUserId: number, createdAt: Date): Promise<boolean> {
    if (this.tables.features.has(feature.name)) return false;
    this.tables.features.set(feature.name, {
      ...feature,
      stale: false,
      createdAt: createdAt.toISOString(),
      archivedAt: null,
      lastSeenAt: null,
    });
    return true;
  }
  async connectEnvironments(featureName: string, projectId: string): Promise<void> {
    for (const environment of this.tables.projects.get(projectId) ?? []) this.tables.addEnvironmentRow(featureName, environment);
  }
  async update(featureName: string, changes: FeatureChanges): Promise<void> {
    Object.assign(this.tables.features.get(featureName)!, changes);
  }
  async setStale(names: string[], stale: boolean): Promise<void> {
    for (const name of names) this.tables.features.get(name)!.stale = stale;
  }
  async setPotentiallyStale(names: string[], potentiallyStale: boolean): Promise<void> {
    for (const name of names) {
      if (potentiallyStale) this.tables.potentiallyStale.add(name);
      else this.tables.potentiallyStale.delete(name);
    }
  }
  /** One process, one check at a time: always held. */
  async holdStalenessCheck(): Promise<boolean> {
    return true;
  }
  async setArchivedAt(featureName: string, archivedAt: Date | null): Promise<void> {
    this.tables.features.get(featureName)!.archivedAt = archivedAt && archivedAt.toISOString();
  }
  async disableAllEnvironments(featureName: string): Promise<void> {
    for (const [key, row] of this.tables.featureEnvironments) if (key.startsWith(`${featureName}|`)) row.enabled = false;
  }
  async delete(names: string[]): Promise<void> {
    for (const name of names) this.tables.features.delete(name);
  }
  async markSeen(seen: SeenFeature[]): Promise<void> {
    for (const { featureName, environment, lastSeenAt } of seen) {
      const at = lastSeenAt.toISOString();
      const feature = this.tables.features.get(featureName);
      if (feature && (feature.lastSeenAt === null || feature.lastSeenAt < at)) feature.lastSeenAt = at;
      const row = this.tables.environmentRow(featureName, environment);
      if (row && (row.lastSeenAt === null || row.lastSeenAt < at)) row.lastSeenAt = at;
    }
  }
}

/** `flagwright_feature_environments` in FakeFeatureTables, reading its strategies there. */
export class FakeFeatureEnvironmentStore extends FeatureEnvironmentStore {
  constructor(private readonly tables: FakeFeatureTables) {
    super();
  }

  async lock(featureName: string, environment: string): Promise<FeatureEnvironmentState | undefined> {
    const row = this.tables.environmentRow(featureName, environment);
    return row && structuredClone(row);
  }
  async setEnabled(featureName: string, environment: string, enabled: boolean): Promise<boolean> {
    const row = this.tables.environmentRow(featureName, environment)!;
    if (row.enabled === enabled) return false;
    row.enabled = enabled;
    return true;
  }
  async setVariants(featureName: string, environment: string, variants: FeatureVariant[]): Promise<void> {
    this.tables.environmentRow(featureName, environment)!.variants = structuredClone(variants);
  }
  async strategies(featureName: string, environment: string): Promise<StoredStrategy[]> {
    return this.tables.strategies
      .filter((strategy) => strategy.featureName === featureName && strategy.environment === environment)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((strategy) => structuredClone(strategy));
  }
  async ensure(featureName: string, environment: string): Promise<void> {
    this.tables.addEnvironmentRow(featureName, environment);
  }
  async disableIfNoEnabledStrategy(featureName: string, environment: string): Promise<boolean> {
    const row = this.tables.environmentRow(featureName, environment);
    const enabledStrategy = this.tables.strategies.some(
      (strategy) => strategy.featureName === featureName && strategy.environment === environment && !strategy.disabled,
    );
    if (!row?.enabled || enabledStrategy) return false;
    row.enabled = false;
    return true;
  }
  async addProjectEnvironment(projectId: string, environment: string): Promise<void> {
    for (const featureName of this.featuresOf(projectId)) this.tables.addEnvironmentRow(featureName, environment);
  }
  async deleteProjectEnvironment(projectId: string, environment: string): Promise<void> {
    for (const featureName of this.featuresOf(projectId)) this.tables.featureEnvironments.delete(`${featureName}|${environment}`);
  }

  /** The project's features, archived ones included. */
  private featuresOf(projectId: string): string[] {
    return [...this.tables.features.values()].filter((feature) => feature.project === projectId).map((feature) => feature.name);
  }
}

/** Stages at or after each stage metrics can move a feature to, as SqlFeatureLifecycleStore has them. */
const REACHED: Record<'pre-live' | 'live', LifecycleStageName[]> = {
  'pre-live': ['pre-live', 'live', 'completed', 'archived'],
  live: ['live', 'completed', 'archived'],
};

/** `flagwright_feature_lifecycles` in FakeFeatureTables: a stage keeps the time it was first entered. */
export class FakeFeatureLifecycleStore extends FeatureLifecycleStore {
  constructor(private readonly tables: FakeFeatureTables) {
    super();
  }

  async enter(featureName: string, stage: LifecycleStageName, at: Date): Promise<boolean> {
    if (this.find(featureName, stage)) return false;
    this.tables.lifecycle.push({ featureName, stage, status: null, at });
    return true;
  }
  async complete(featureName: string, status: string, at: Date): Promise<void> {
    const row = this.find(featureName, 'completed');
    if (row) Object.assign(row, { status, at });
    else this.tables.lifecycle.push({ featureName, stage: 'completed', status, at });
  }
  async leave(featureName: string, stage: LifecycleStageName): Promise<boolean> {
    const row = this.find(featureName, stage);
    if (!row) return false;
    this.tables.lifecycle.splice(this.tables.lifecycle.indexOf(row), 1);
    return true;
  }
  async reset(featureName: string): Promise<void> {
    for (const row of this.tables.lifecycle.filter((r) => r.featureName === featureName)) {
      this.tables.lifecycle.splice(this.tables.lifecycle.indexOf(row), 1);
    }
  }

  async advance(entries: StageEntry[], stage: 'pre-live' | 'live'): Promise<string[]> {
    const moved: string[] = [];
    for (const { featureName, at } of entries) {
      const feature = this.tables.features.get(featureName);
      if (!feature || feature.archivedAt || REACHED[stage].some((reached) => this.find(featureName, reached))) continue;
      this.tables.lifecycle.push({ featureName, stage, status: null, at });
      moved.push(featureName);
    }
    return moved;
  }

  private find(featureName: string, stage: LifecycleStageName) {
    return this.tables.lifecycle.find((row) => row.featureName === featureName && row.stage === stage);
  }
}

/** `flagwright_feature_dependencies` in FakeFeatureTables: one parent per child. */
export class FakeFeatureDependencyStore extends FeatureDependencyStore {
  constructor(private readonly tables: FakeFeatureTables) {
    super();
  }

  async set(child: string, dependency: FeatureDependency): Promise<void> {
    this.tables.dependencies.set(child, structuredClone(dependency));
  }
  async remove(child: string, parent?: string): Promise<number> {
    const current = this.tables.dependencies.get(child);
    if (!current || (parent !== undefined && current.feature !== parent)) return 0;
    this.tables.dependencies.delete(child);
    return 1;
  }
}

/** `flagwright_favorite_features` in FakeFeatureTables. */
export class FakeFavoriteStore extends FavoriteStore {
  constructor(private readonly tables: FakeFeatureTables) {
    super();
  }

  async add(userId: number, featureName: string): Promise<boolean> {
    const key = `${userId}|${featureName}`;
    if (this.tables.favorites.has(key)) return false;
    this.tables.favorites.add(key);
    return true;
  }
  async remove(userId: number, featureName: string): Promise<boolean> {
    return this.tables.favorites.delete(`${userId}|${featureName}`);
  }
}
