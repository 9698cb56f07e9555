import type { StoredStrategy } from '../../strategies/index.js';
import type { FeatureDependency, FeatureRecord, FeatureTag, FeatureVariant, LifecycleStageName } from '../feature.model.js';

export interface FakeFeatureEnvironmentRow {
  enabled: boolean;
  variants: FeatureVariant[];
  lastSeenAt: string | null;
}

export interface FakeLifecycleRow {
  featureName: string;
  stage: LifecycleStageName;
  status: string | null;
  at: Date;
}

/**
 * The tables the features module reads and writes, in memory and shared by its store and read-model fakes (so what
 * a store writes, the read model reads): projects with the environments enabled in each, environments with their
 * type, features, their per-environment rows, strategies, tags, lifecycle stages, dependencies and favourites.
 */
export class FakeFeatureTables {
  readonly projects = new Map<string, string[]>([
    ['default', ['development', 'production']],
    ['other', ['development']],
  ]);
  readonly environments = new Map<string, string>([
    ['development', 'development'],
    ['production', 'production'],
  ]);
  readonly features = new Map<string, FeatureRecord>();
  /** By `feature|environment`. */
  readonly featureEnvironments = new Map<string, FakeFeatureEnvironmentRow>();
  readonly strategies: StoredStrategy[] = [];
  readonly tags = new Map<string, FeatureTag[]>();
  readonly lifecycle: FakeLifecycleRow[] = [];
  /** By child. */
  readonly dependencies = new Map<string, FeatureDependency>();
  /** `userId|feature`. */
  readonly favorites = new Set<string>();
  /** The features marked potentially stale. */
  readonly potentiallyStale = new Set<string>();

  /** Adds an active feature of the project with its switched-off row in each of the project's environments. */
  addFeature(name: string, project = 'default', overrides: Partial<FeatureRecord> = {}): FeatureRecord {
    const feature: FeatureRecord = {
      name,
      type: 'release',
      description: null,
      project,
      stale: false,
      impressionData: false,
      createdAt: '2024-01-01T00:00:00.000Z',
      archivedAt: null,
      lastSeenAt: null,
      ...overrides,
    };
    this.features.set(name, feature);
    for (const environment of this.projects.get(project) ?? []) this.addEnvironmentRow(name, environment);
    return feature;
  }

  /** Gives the feature its switched-off row in the environment unless it has one (ON CONFLICT DO NOTHING). */
  addEnvironmentRow(featureName: string, environment: string): void {
    const key = `${featureName}|${environment}`;
    if (!this.featureEnvironments.has(key)) this.featureEnvironments.set(key, { enabled: false, variants: [], lastSeenAt: null });
  }

  environmentRow(featureName: string, environment: string): FakeFeatureEnvironmentRow | undefined {
    return this.featureEnvironments.get(`${featureName}|${environment}`);
  }

  /** The stages the feature reached, as `stage` or `stage:status`, in the order they were entered. */
  stagesOf(featureName: string): string[] {
    return this.lifecycle
      .filter((row) => row.featureName === featureName)
      .map((row) => (row.status ? `${row.stage}:${row.status}` : row.stage));
  }
}
