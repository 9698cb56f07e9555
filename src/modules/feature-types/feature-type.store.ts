import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';
import type { FeatureType } from './feature-type.model.js';

/** Flag types (`flagwright_feature_types`): a fixed set whose lifetimes change. */
export abstract class FeatureTypeStore {
  abstract list(): Promise<FeatureType[]>;
  /** On PostgreSQL the row is held until the transaction ends, so two lifetime changes record their true `preData`. */
  abstract findForUpdate(id: string): Promise<FeatureType | undefined>;
  abstract setLifetime(id: string, lifetimeDays: number | null): Promise<void>;
}

const COLUMNS = 'id, name, description, lifetime_days AS "lifetimeDays"';

@Injectable()
export class SqlFeatureTypeStore extends FeatureTypeStore {
  constructor(private readonly db: Database) {
    super();
  }

  async list(): Promise<FeatureType[]> {
    return (await this.db.query<FeatureType>(`SELECT ${COLUMNS} FROM flagwright_feature_types ORDER BY id`)).map(toFeatureType);
  }

  async findForUpdate(id: string): Promise<FeatureType | undefined> {
    const lock = this.db.isPostgres ? ' FOR UPDATE' : '';
    const row = await this.db.one<FeatureType>(`SELECT ${COLUMNS} FROM flagwright_feature_types WHERE id = :id${lock}`, { id });
    return row && toFeatureType(row);
  }

  async setLifetime(id: string, lifetimeDays: number | null): Promise<void> {
    await this.db.execute('UPDATE flagwright_feature_types SET lifetime_days = :lifetimeDays WHERE id = :id', { id, lifetimeDays });
  }
}

function toFeatureType(row: FeatureType): FeatureType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    lifetimeDays: row.lifetimeDays === null ? null : Number(row.lifetimeDays),
  };
}
