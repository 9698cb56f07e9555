import { Injectable } from '@nestjs/common';
import { Database, parseJson } from '../../core/database/database.js';

/** The names of the settings kept in `flagwright_auth_settings`. */
export type AuthSettingName = 'oidc' | 'simple';

/** Sign-in settings changed through the admin API, one JSON document per name. */
export abstract class AuthSettingsStore {
  abstract read(name: AuthSettingName): Promise<Record<string, unknown> | undefined>;
  abstract write(name: AuthSettingName, content: Record<string, unknown>, now: Date): Promise<void>;
}

@Injectable()
export class SqlAuthSettingsStore extends AuthSettingsStore {
  constructor(private readonly db: Database) {
    super();
  }

  async read(name: AuthSettingName): Promise<Record<string, unknown> | undefined> {
    const row = await this.db.one<{ content: unknown }>('SELECT content FROM flagwright_auth_settings WHERE name = :name', { name });
    return row ? parseJson<Record<string, unknown>>(row.content, {}) : undefined;
  }

  async write(name: AuthSettingName, content: Record<string, unknown>, now: Date): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_auth_settings (name, content, updated_at) VALUES (:name, :content, :now)
       ON CONFLICT (name) DO UPDATE SET content = :content, updated_at = :now`,
      { name, content: JSON.stringify(content), now: this.db.toTimestamp(now) },
    );
  }
}
