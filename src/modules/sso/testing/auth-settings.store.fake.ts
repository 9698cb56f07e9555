import { type AuthSettingName, AuthSettingsStore } from '../auth-settings.store.js';

export class FakeAuthSettingsStore extends AuthSettingsStore {
  readonly rows = new Map<AuthSettingName, Record<string, unknown>>();

  async read(name: AuthSettingName): Promise<Record<string, unknown> | undefined> {
    const row = this.rows.get(name);
    return row && structuredClone(row);
  }

  async write(name: AuthSettingName, content: Record<string, unknown>): Promise<void> {
    this.rows.set(name, structuredClone(content));
  }
}
