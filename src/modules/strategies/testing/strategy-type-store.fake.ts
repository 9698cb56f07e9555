import type { StrategyType } from '../strategy.model.js';
import { SEED_STRATEGY_TYPES } from '../strategy-type.model.js';
import { StrategyTypeStore } from '../strategy-type.store.js';

/**
 * `flagwright_strategy_types` in memory, seeded with the built-ins (not editable) as StrategyTypeSeeder seeds them; the strategies
 * naming each type (by feature) are set by the spec with `use`.
 */
export class FakeStrategyTypeStore extends StrategyTypeStore {
  readonly rows: StrategyType[] = SEED_STRATEGY_TYPES.map((type) => ({
    name: type.name,
    displayName: type.displayName,
    description: type.description,
    editable: false,
    deprecated: false,
    parameters: type.parameters.map((parameter) => ({ ...parameter })),
  }));
  /** The feature of each strategy naming a type. */
  readonly strategyFeatures = new Map<string, string[]>();

  async list(): Promise<StrategyType[]> {
    return this.rows.map((row) => structuredClone(row));
  }
  async find(name: string): Promise<StrategyType | undefined> {
    const row = this.rows.find((r) => r.name === name);
    return row && structuredClone(row);
  }
  async insert(type: StrategyType): Promise<boolean> {
    if (this.rows.some((row) => row.name === type.name)) return false;
    this.rows.push(structuredClone(type));
    return true;
  }
  async update(type: StrategyType): Promise<void> {
    this.rows.splice(
      this.rows.findIndex((row) => row.name === type.name),
      1,
      structuredClone(type),
    );
  }
  async delete(name: string): Promise<void> {
    const index = this.rows.findIndex((row) => row.name === name && row.editable);
    if (index >= 0) this.rows.splice(index, 1);
  }
  async usage(name: string): Promise<{ strategies: number; features: string[] }> {
    const features = this.strategyFeatures.get(name) ?? [];
    return { strategies: features.length, features: [...new Set(features)].sort() };
  }

  /** Records a strategy of the type on the feature. */
  use(name: string, featureName: string): void {
    this.strategyFeatures.set(name, [...(this.strategyFeatures.get(name) ?? []), featureName]);
  }
}
