import type { MigrationInterface, QueryRunner } from 'typeorm';
import { changeGenerationTriggers } from './1700000008000-change-generations.js';
import { ddlFor, runAll } from './ddl.js';

/** The change generation that the in-memory list of strategy types (see StrategyTypeService) is kept under. */
export const STRATEGY_TYPES_GENERATION = 'strategy_types';

/**
 * Row `strategy_types` of `flagwright_change_generations`, moved by every write of `flagwright_strategy_types` on any instance's database,
 * so `GET /api/admin/strategies`, which every admin UI page load asks, is answered from memory.
 */
export class StrategyTypesGeneration1700000014000 implements MigrationInterface {
  name = 'StrategyTypesGeneration1700000014000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      `INSERT INTO flagwright_change_generations (name, generation) VALUES ('${STRATEGY_TYPES_GENERATION}', 0)`,
      ...changeGenerationTriggers(isPostgres, STRATEGY_TYPES_GENERATION, [['flagwright_strategy_types', ['INSERT', 'UPDATE', 'DELETE']]])
        .up,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      ...changeGenerationTriggers(isPostgres, STRATEGY_TYPES_GENERATION, [['flagwright_strategy_types', ['INSERT', 'UPDATE', 'DELETE']]])
        .down,
      `DELETE FROM flagwright_change_generations WHERE name = '${STRATEGY_TYPES_GENERATION}'`,
    ]);
  }
}
