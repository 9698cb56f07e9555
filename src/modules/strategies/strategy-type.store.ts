import { Injectable } from '@nestjs/common';
import { Database, parseJson, toBool } from '../../core/database/database.js';
import type { StrategyType } from './strategy.model.js';

/** Strategy types (`strategy_types`): the built-ins are seeded by core/bootstrap. */
export abstract class StrategyTypeStore {
  abstract list(): Promise<StrategyType[]>;
  abstract find(name: string): Promise<StrategyType | undefined>;
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
    const rows = await this.db.query<StrategyTypeRow>(`SELECT ${COLUMNS} FROM strategy_types ORDER BY sort_order, name`);
    return rows.map(toStrategyType);
  }

  async find(name: string): Promise<StrategyType | undefined> {
    const row = await this.db.one<StrategyTypeRow>(`SELECT ${COLUMNS} FROM strategy_types WHERE name = :name`, { name });
    return row && toStrategyType(row);
  }
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
