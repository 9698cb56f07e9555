import type { FeatureEnvironmentSwitch } from '../feature-environment-switch.js';
import type { StrategyAddress, StoredStrategy } from '../strategy.model.js';
import { FeatureStrategyStore, type StrategyLocation } from '../feature-strategy.store.js';

/**
 * `feature_strategies` of one feature environment in memory; `locate` finds the project, feature and environment
 * unless the spec says the project is missing, and lists the writes it saw so a spec can tell that nothing was written.
 * It also stands for the features module's switch of that feature environment (`environmentEnabled`).
 */
export class FakeFeatureStrategyStore extends FeatureStrategyStore implements FeatureEnvironmentSwitch {
  strategies = new Map<string, StoredStrategy>();
  environmentEnabled = true;
  writes: string[] = [];
  projectExists = true;

  async locate(address: StrategyAddress): Promise<StrategyLocation> {
    return {
      projectExists: this.projectExists,
      defaultStickiness: 'default',
      featureFound: true,
      environmentFound: true,
      strategy: address.strategyId ? this.strategies.get(address.strategyId) : undefined,
      tags: [{ type: 'simple', value: 't' }],
    };
  }
  async list(): Promise<StoredStrategy[]> {
    return [...this.strategies.values()];
  }
  async insert(strategy: StoredStrategy): Promise<void> {
    this.strategies.set(strategy.id, strategy);
  }
  async update(strategy: StoredStrategy): Promise<void> {
    this.writes.push(`update ${strategy.id}`);
    this.strategies.set(strategy.id, strategy);
  }
  async replaceSegments(strategyId: string, ids: number[]): Promise<void> {
    this.writes.push(`segments ${strategyId} ${ids.join(',')}`);
  }
  async delete(strategyId: string): Promise<void> {
    this.strategies.delete(strategyId);
  }
  async setSortOrder(): Promise<void> {}
  async countIn(): Promise<{ count: number; maxSortOrder: number | null }> {
    return { count: this.strategies.size, maxSortOrder: null };
  }
  async enable(ids: string[]): Promise<void> {
    for (const id of ids) this.strategies.set(id, { ...this.strategies.get(id)!, disabled: false });
  }
  async deleteInProjectEnvironment(): Promise<void> {
    this.strategies.clear();
  }
  async ensureFeatureEnvironment(): Promise<void> {}
  async disableIfNoEnabledStrategy(): Promise<boolean> {
    if (!this.environmentEnabled || [...this.strategies.values()].some((s) => !s.disabled)) return false;
    this.environmentEnabled = false;
    return true;
  }
  async lockFeatureEnvironment(): Promise<void> {}
}
