import { fakeDatabase } from '../../../core/testing/fake-database.js';
import type {
  ClientFeature,
  ClientFeatureSet,
  ClientSegment,
  DisabledStrategies,
  DisabledStrategy,
  SdkScope,
} from '../client-features.model.js';
import { ClientFeaturesReadModel } from '../client-features.read-model.js';

/**
 * The features SDKs see, as the spec sets them (the same in every environment), filtered by the scope's projects
 * and name prefix; `loads` lists the scopes loaded, so a spec can tell when a snapshot was built. `disabled` holds
 * disabled strategies by feature name (their segments from `knownSegments`).
 */
export class FakeClientFeaturesReadModel extends ClientFeaturesReadModel {
  features: ClientFeature[] = [];
  knownSegments: ClientSegment[] = [];
  disabled = new Map<string, DisabledStrategy[]>();
  readonly loads: SdkScope[] = [];

  constructor() {
    super(fakeDatabase());
  }

  override async load(scope: SdkScope): Promise<ClientFeatureSet> {
    this.loads.push(scope);
    const features = this.inScope(scope);
    const used = new Set(features.flatMap((feature) => feature.strategies.flatMap((strategy) => strategy.segments)));
    return { features, segments: this.knownSegments.filter((segment) => used.has(segment.id)) };
  }

  override async disabledStrategies(scope: SdkScope): Promise<DisabledStrategies> {
    const names = new Set(this.inScope(scope).map((feature) => feature.name));
    const strategies = new Map([...this.disabled].filter(([name]) => names.has(name)));
    const used = new Set([...strategies.values()].flat().flatMap((strategy) => strategy.segments));
    return { strategies, segments: this.knownSegments.filter((segment) => used.has(segment.id)) };
  }

  private inScope(scope: SdkScope): ClientFeature[] {
    return this.features.filter(
      (feature) =>
        (scope.projects === 'all' || scope.projects.includes(feature.project)) &&
        (!scope.namePrefix || feature.name.startsWith(scope.namePrefix)),
    );
  }
}

/** An enabled feature of the default project with one `default` strategy, or as the overrides say. */
export function clientFeature(name: string, overrides: Partial<ClientFeature> = {}): ClientFeature {
  return {
    name,
    type: 'release',
    description: null,
    project: 'default',
    enabled: true,
    stale: false,
    impressionData: false,
    strategies: [
      { id: `${name}-s`, name: 'default', constraints: [], parameters: {}, variants: [], segments: [], sortOrder: 0, disabled: false },
    ],
    variants: [],
    ...overrides,
  };
}
