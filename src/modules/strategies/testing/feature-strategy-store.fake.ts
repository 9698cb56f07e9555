import type { FeatureEnvironmentSwitch } from '../feature-environment-switch.js';
import type { StrategyAddress, StoredStrategy } from '../strategy.model.js';
import { FeatureStrategyStore, type StrategyLocation } from '../feature-strategy.store.js';

/**
 * `flagwright_feature_strategies` in memory: `strategies` may be the features module's FakeFeatureTables.strategies, so both
 * modules' fakes see one table. `locate` finds the project, feature and environment unless the spec says the project
 * is missing, and `writes` lists the updates it saw so a spec can tell that nothing was written. It also stands for
 * the features module's switch of a feature environment (`environmentEnabled`).
 */
export class FakeFeatureStrategyStore extends FeatureStrategyStore implements FeatureEnvironmentSwitch {
  environmentEnabled = true;
  writes: string[] = [];
  projectExists = true;

  constructor(readonly strategies: StoredStrategy[] = []) {
    super();
  }

  async locate(address: StrategyAddress): Promise<StrategyLocation> {
    const strategy = this.strategies.find(
      (s) => s.id === address.strategyId && s.featureName === address.featureName && s.environment === address.environment,
    );
    return {
      projectExists: this.projectExists,
      defaultStickiness: 'default',
      featureFound: true,
      environmentFound: true,
      strategy: strategy && structuredClone(strategy),
      tags: [{ type: 'simple', value: 't' }],
    };
  }
  async list(featureName: string, environment: string): Promise<StoredStrategy[]> {
    return this.in(featureName, environment)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((strategy) => structuredClone(strategy));
  }
  async addressOf(strategyId: string): Promise<Required<StrategyAddress> | undefined> {
    const strategy = this.strategies.find((s) => s.id === strategyId);
    return strategy && { projectId: strategy.projectId, featureName: strategy.featureName, environment: strategy.environment, strategyId };
  }
  async insert(strategy: StoredStrategy): Promise<void> {
    this.strategies.push(structuredClone(strategy));
  }
  async insertMany(strategies: StoredStrategy[]): Promise<void> {
    this.strategies.push(...strategies.map((strategy) => structuredClone(strategy)));
  }
  async listOfFeature(featureName: string): Promise<StoredStrategy[]> {
    return this.strategies.filter((s) => s.featureName === featureName).map((strategy) => structuredClone(strategy));
  }
  async listInProjectEnvironment(projectId: string, environment: string): Promise<StoredStrategy[]> {
    return this.strategies.filter((s) => s.projectId === projectId && s.environment === environment).map((s) => structuredClone(s));
  }
  async update(strategy: StoredStrategy): Promise<void> {
    this.writes.push(`update ${strategy.id}`);
    const index = this.indexOf(strategy.id);
    if (index >= 0) this.strategies[index] = structuredClone(strategy);
  }
  async replaceSegments(strategyId: string, ids: number[]): Promise<void> {
    this.writes.push(`segments ${strategyId} ${ids.join(',')}`);
  }
  async delete(strategyId: string): Promise<void> {
    const index = this.indexOf(strategyId);
    if (index >= 0) this.strategies.splice(index, 1);
  }
  async setSortOrder(strategyId: string, sortOrder: number): Promise<void> {
    const strategy = this.strategies.find((s) => s.id === strategyId);
    if (strategy) strategy.sortOrder = sortOrder;
  }
  async countIn(featureName: string, environment: string): Promise<{ count: number; maxSortOrder: number | null }> {
    const sortOrders = this.in(featureName, environment).map((strategy) => strategy.sortOrder);
    return { count: sortOrders.length, maxSortOrder: sortOrders.length > 0 ? Math.max(...sortOrders) : null };
  }
  async enable(ids: string[]): Promise<void> {
    for (const strategy of this.strategies) if (ids.includes(strategy.id)) strategy.disabled = false;
  }
  async deleteInProjectEnvironment(projectId: string, environment: string): Promise<void> {
    for (const strategy of this.strategies.filter((s) => s.projectId === projectId && s.environment === environment)) {
      this.strategies.splice(this.strategies.indexOf(strategy), 1);
    }
  }
  async lockFeatureEnvironment(): Promise<void> {}

  async ensureFeatureEnvironment(): Promise<void> {}
  async disableIfNoEnabledStrategy(featureName: string, environment: string): Promise<boolean> {
    if (!this.environmentEnabled || this.in(featureName, environment).some((s) => !s.disabled)) return false;
    this.environmentEnabled = false;
    return true;
  }

  private in(featureName: string, environment: string): StoredStrategy[] {
    return this.strategies.filter((strategy) => strategy.featureName === featureName && strategy.environment === environment);
  }
  private indexOf(strategyId: string): number {
    return this.strategies.findIndex((strategy) => strategy.id === strategyId);
  }
}
