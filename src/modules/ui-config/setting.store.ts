import { Injectable } from '@nestjs/common';
import { Database, parseJson } from '../../core/database/database.js';

/** The `flagwright_settings` table (the only writer): one JSON document per name. */
export abstract class SettingStore {
  /** `lock` holds the row until the transaction ends (PostgreSQL). */
  abstract find<T extends object>(name: string, lock: boolean): Promise<T | undefined>;
  abstract upsert(name: string, content: object): Promise<void>;
}

@Injectable()
export class SqlSettingStore extends SettingStore {
  constructor(private readonly db: Database) {
    super();
  }

  async find<T extends object>(name: string, lock: boolean): Promise<T | undefined> {
    const row = await this.db.one<{ content: string }>(
      `SELECT content FROM flagwright_settings WHERE name = :name${lock && this.db.isPostgres ? ' FOR UPDATE' : ''}`,
      { name },
    );
    return row && parseJson<T>(row.content, {} as T);
  }

  async upsert(name: string, content: object): Promise<void> {
    await this.db.execute(
      'INSERT INTO flagwright_settings (name, content) VALUES (:name, :content) ON CONFLICT (name) DO UPDATE SET content = excluded.content',
      { name, content: JSON.stringify(content) },
    );
  }
}
