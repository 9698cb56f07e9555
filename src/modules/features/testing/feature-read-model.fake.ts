import { fakeDatabase } from '../../../core/testing/fake-database.js';
import type { MetricsWriter } from '../../client-metrics/index.js';
import { toFeatureStrategy } from '../../strategies/index.js';
import type {
  ArchivedFeature,
  FeatureDependency,
  FeatureEnvironmentView,
  FeatureListItem,
  FeatureRecord,
  FeatureTag,
  FeatureVariant,
  FeatureView,
  LifecycleStage,
} from '../feature.model.js';
import { currentStage, type FeatureLocation, FeatureReadModel, type StalenessChange, type StalenessCutoff } from '../feature.read-model.js';
import type { FakeFeatureTables } from './feature-tables.fake.js';

/** Reads FakeFeatureTables as the SQL read model reads the tables (environments by name, tags by type then value). */
export class FakeFeatureReadModel extends FeatureReadModel {
  constructor(private readonly tables: FakeFeatureTables) {
    super(fakeDatabase(), {} as MetricsWriter);
  }

  override async locate(projectId: string, featureName: string, environment?: string): Promise<FeatureLocation> {
    const type = environment === undefined ? undefined : this.tables.environments.get(environment);
    return {
      projectExists: this.tables.projects.has(projectId),
      feature: await this.find(featureName),
      environment: type === undefined ? undefined : { name: environment!, type },
      featureHasEnvironment: environment !== undefined && this.tables.environmentRow(featureName, environment) !== undefined,
    };
  }

  override async stalenessChanges(cutoffs: StalenessCutoff[]): Promise<StalenessChange[]> {
    const cutoffOf = new Map(cutoffs.map((cutoff) => [cutoff.type, cutoff.createdBefore.toISOString()]));
    return [...this.tables.features.values()]
      .filter((feature) => feature.archivedAt === null && !feature.stale)
      .map((feature) => {
        const before = cutoffOf.get(feature.type);
        const due = before !== undefined && feature.createdAt < before;
        return {
          name: feature.name,
          project: feature.project,
          potentiallyStale: due,
          marked: this.tables.potentiallyStale.has(feature.name),
        };
      })
      .filter((feature) => feature.potentiallyStale !== feature.marked)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ name, project, potentiallyStale }) => ({ name, project, potentiallyStale }));
  }

  override async find(featureName: string): Promise<FeatureRecord | undefined> {
    const feature = this.tables.features.get(featureName);
    return feature && { ...feature };
  }

  override async findMany(names: string[]): Promise<FeatureRecord[]> {
    return [...this.tables.features.values()]
      .filter((feature) => names.includes(feature.name))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((feature) => ({ ...feature }));
  }

  override async projectExists(projectId: string): Promise<boolean> {
    return this.tables.projects.has(projectId);
  }

  override async view(featureName: string, userId?: number): Promise<FeatureView | undefined> {
    const feature = this.tables.features.get(featureName);
    if (!feature) return undefined;
    const environments = this.environmentViews(featureName);
    const merged = new Map<string, FeatureVariant>();
    for (const environment of environments) for (const variant of environment.variants) merged.set(variant.name, variant);
    const parent = this.tables.dependencies.get(featureName);
    return {
      ...feature,
      archived: feature.archivedAt !== null,
      favorite: this.tables.favorites.has(`${userId}|${featureName}`),
      dependencies: parent ? [parent] : [],
      children: await this.childrenOf(featureName),
      lifecycle: currentStage(await this.lifecycle(featureName)),
      environments,
      variants: [...merged.values()],
      tags: await this.tagsOf(featureName),
    };
  }

  override async listInProject(projectId: string, userId?: number): Promise<FeatureListItem[]> {
    const active = [...this.tables.features.values()].filter((feature) => feature.project === projectId && !feature.archivedAt);
    return Promise.all(
      active.map(async (feature) => ({
        ...feature,
        favorite: this.tables.favorites.has(`${userId}|${feature.name}`),
        dependencyType: this.tables.dependencies.has(feature.name)
          ? ('child' as const)
          : (await this.childrenOf(feature.name)).length > 0
            ? ('parent' as const)
            : null,
        environments: this.environmentViews(feature.name).map(({ strategies, variants, ...environment }) => ({
          ...environment,
          variantCount: variants.length,
          hasStrategies: strategies.length > 0,
          hasEnabledStrategies: strategies.some((strategy) => !strategy.disabled),
        })),
        tags: await this.tagsOf(feature.name),
      })),
    );
  }

  override async listArchived(projectId?: string): Promise<ArchivedFeature[]> {
    return [...this.tables.features.values()]
      .filter((feature) => feature.archivedAt && (projectId === undefined || feature.project === projectId))
      .sort((a, b) => b.archivedAt!.localeCompare(a.archivedAt!) || a.name.localeCompare(b.name))
      .map((feature) => ({ ...feature, archived: true as const }));
  }

  override async variantsOf(featureName: string, environment: string): Promise<FeatureVariant[]> {
    return structuredClone(this.tables.environmentRow(featureName, environment)?.variants ?? []);
  }

  override async tagsOf(featureName: string): Promise<FeatureTag[]> {
    return [...(this.tables.tags.get(featureName) ?? [])].sort((a, b) => a.type.localeCompare(b.type) || a.value.localeCompare(b.value));
  }

  override async tagsOfMany(names: string[]): Promise<Map<string, FeatureTag[]>> {
    const tags = new Map<string, FeatureTag[]>();
    for (const name of names) if (this.tables.tags.get(name)?.length) tags.set(name, await this.tagsOf(name));
    return tags;
  }

  override async lifecycle(featureName: string): Promise<LifecycleStage[]> {
    return this.tables.lifecycle
      .filter((row) => row.featureName === featureName)
      .map((row) => ({ stage: row.stage, ...(row.status ? { status: row.status } : {}), enteredStageAt: row.at.toISOString() }));
  }

  override async parentOf(child: string): Promise<FeatureDependency | undefined> {
    const dependency = this.tables.dependencies.get(child);
    return dependency && structuredClone(dependency);
  }

  override async childrenOf(parent: string): Promise<string[]> {
    return [...this.tables.dependencies]
      .filter(([, dependency]) => dependency.feature === parent)
      .map(([child]) => child)
      .sort();
  }

  override async possibleParents(projectId: string, child: string): Promise<string[]> {
    return [...this.tables.features.values()]
      .filter((f) => f.project === projectId && !f.archivedAt && f.name !== child && !this.tables.dependencies.has(f.name))
      .map((f) => f.name)
      .sort();
  }

  override async projectHasDependencies(projectId: string): Promise<boolean> {
    return [...this.tables.dependencies.keys()].some((child) => this.tables.features.get(child)?.project === projectId);
  }

  private environmentViews(featureName: string): FeatureEnvironmentView[] {
    return [...this.tables.featureEnvironments]
      .filter(([key]) => key.startsWith(`${featureName}|`))
      .map(([key, row]) => {
        const name = key.slice(featureName.length + 1);
        return {
          name,
          type: this.tables.environments.get(name)!,
          enabled: row.enabled,
          sortOrder: [...this.tables.environments.keys()].indexOf(name),
          strategies: this.tables.strategies
            .filter((strategy) => strategy.featureName === featureName && strategy.environment === name)
            .map(toFeatureStrategy),
          variants: structuredClone(row.variants),
          lastSeenAt: row.lastSeenAt,
        };
      })
      .sort((a, b) => a.sortOrder - b.sortOrder);
  }
}
