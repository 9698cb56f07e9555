import { Injectable } from '@nestjs/common';
import { SEED_ORDER, Seeder } from '../../core/bootstrap/seeders.js';
import { SEED_STRATEGY_TYPES } from './strategy-type.model.js';

/** The built-in strategy types (`flagwright_strategy_types`): never editable, never deprecated. */
@Injectable()
export class StrategyTypeSeeder extends Seeder {
  readonly seedOrder = SEED_ORDER.strategyTypes;

  async seed(at: Date): Promise<void> {
    const now = this.db.toTimestamp(at);
    for (const type of SEED_STRATEGY_TYPES) {
      await this.db.submit(
        `INSERT INTO flagwright_strategy_types (name, display_name, description, parameters, built_in, editable, deprecated, sort_order, created_at)
         VALUES (:name, :displayName, :description, :parameters, true, false, false, :sortOrder, :now) ON CONFLICT (name) DO NOTHING`,
        { ...type, parameters: JSON.stringify(type.parameters), now },
      );
    }
  }
}
