import { Injectable } from '@nestjs/common';
import { Database, parseJson, toBool } from '../../core/database/database.js';
import type { StrategyType } from './strategy.model.js';

/**
 * How a read inside a transaction holds the type's row until the end of it (PostgreSQL; SQLite transactions are
 * serial): `update` for a change of the type, `share` for a strategy about to name it, so a type cannot be deleted
 * between the check of its definition and the write of a strategy that names it.
 */
export type StrategyTypeLock = 'update' | 'share';

/** Strategy types (`flagwright_strategy_types`): the built-ins are seeded by `StrategyTypeSeeder`, custom ones written here. */
export abstract class StrategyTypeStore {
  abstract list(): Promise<StrategyType[]>;
  abstract find(name: string, lock?: StrategyTypeLock): Promise<StrategyType | undefined>;
  /** Answers false when a type of that name exists already. */
  abstract insert(type: StrategyType, createdAt: Date): Promise<boolean>;
  /** Writes the display name, description, parameters and deprecation of a type. */
  abstract update(type: StrategyType): Promise<void>;
  abstract delete(name: string): Promise<void>;
  /** The features (archived ones included) with a strategy of the type, by name, and how many strategies in all. */
  abstract usage(name: string): Promise<{ strategies: number; features: string[] }>;
}

interface StrategyTypeRow {
  name: string;
  display_name: string | null;
  description: string | null;
  editable: unknown;
  deprecated: unknown;
  parameters: unknown;
}

const COLUMNS = 'name, display_name, description, editable, deprecated, parameters';

@Injectable()
export class SqlStrategyTypeStore extends StrategyTypeStore {
  constructor(private readonly db: Database) {
    super();
  }

  async list(): Promise<StrategyType[]> {
    const rows = await this.db.query<StrategyTypeRow>(`SELECT ${COLUMNS} FROM flagwright_strategy_types ORDER BY sort_order, name`);
    return rows.map(toStrategyType);
  }

  async find(name: string, lock?: StrategyTypeLock): Promise<StrategyType | undefined> {
    const locking = lock && this.db.isPostgres ? (lock === 'update' ? ' FOR UPDATE' : ' FOR SHARE') : '';
    const row = await this.db.one<StrategyTypeRow>(`SELECT ${COLUMNS} FROM flagwright_strategy_types WHERE name = :name${locking}`, {
      name,
    });
    return row && toStrategyType(row);
  }

  async insert(type: StrategyType, createdAt: Date): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO flagwright_strategy_types (name, display_name, description, parameters, built_in, editable, deprecated, created_at)
       VALUES (:name, :displayName, :description, :parameters, false, true, :deprecated, :createdAt)
       ON CONFLICT (name) DO NOTHING RETURNING name`,
      { ...toColumns(type), createdAt: this.db.toTimestamp(createdAt) },
    );
    return rows.length > 0;
  }

  async update(type: StrategyType): Promise<void> {
    await this.db.execute(
      `UPDATE flagwright_strategy_types SET display_name = :displayName, description = :description, parameters = :parameters, deprecated = :deprecated
       WHERE name = :name`,
      toColumns(type),
    );
  }

  async delete(name: string): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_strategy_types WHERE name = :name AND built_in = false', { name });
  }

  async usage(name: string): Promise<{ strategies: number; features: string[] }> {
    const rows = await this.db.query<{ feature_name: string; strategies: number | string }>(
      `SELECT feature_name, COUNT(*) AS strategies FROM flagwright_feature_strategies WHERE strategy_name = :name GROUP BY feature_name ORDER BY feature_name`,
      { name },
    );
    return { strategies: rows.reduce((sum, row) => sum + Number(row.strategies), 0), features: rows.map((row) => row.feature_name) };
  }
}

function toColumns(type: StrategyType) {
  return {
    name: type.name,
    displayName: type.displayName,
    description: type.description,
    parameters: JSON.stringify(type.parameters),
    deprecated: type.deprecated,
  };
}

function toStrategyType(row: StrategyTypeRow): StrategyType {
  return {
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    editable: toBool(row.editable),
    deprecated: toBool(row.deprecated),
    parameters: parseJson(row.parameters, []),
  };
}
