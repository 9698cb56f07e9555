import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';

/** What createApplication sets; a field not given is kept. */
export interface ApplicationDetails {
  strategies?: string[];
  url?: string;
  color?: string;
  icon?: string;
}

/** Applications as an admin creates, changes and deletes them (`flagwright_client_applications`, its instances). */
export abstract class ApplicationStore {
  /** Adds the application unless it exists; answers whether it was added. */
  abstract insert(appName: string, details: ApplicationDetails, now: Date): Promise<boolean>;
  /** Sets the fields given and the time it was last seen. */
  abstract update(appName: string, details: ApplicationDetails, now: Date): Promise<void>;
  /** Deletes the application and its instances (its hourly counts stay, as Unleash keeps them). */
  abstract remove(appName: string): Promise<void>;
}

const DETAILS = ['url', 'color', 'icon'] as const;

@Injectable()
export class SqlApplicationStore extends ApplicationStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(appName: string, details: ApplicationDetails, now: Date): Promise<boolean> {
    const at = this.db.toTimestamp(now);
    const added = await this.db.execute(
      `INSERT INTO flagwright_client_applications (app_name, strategies, url, color, icon, created_at, seen_at)
       VALUES (:appName, :strategies, :url, :color, :icon, :at, :at) ON CONFLICT (app_name) DO NOTHING`,
      {
        appName,
        strategies: JSON.stringify(details.strategies ?? []),
        url: details.url ?? null,
        color: details.color ?? null,
        icon: details.icon ?? null,
        at,
      },
    );
    return added > 0;
  }

  async update(appName: string, details: ApplicationDetails, now: Date): Promise<void> {
    const set = DETAILS.filter((column) => details[column] !== undefined).map((column) => `${column} = :${column}`);
    if (details.strategies !== undefined) set.push('strategies = :strategies');
    await this.db.execute(`UPDATE flagwright_client_applications SET ${[...set, 'seen_at = :at'].join(', ')} WHERE app_name = :appName`, {
      appName,
      ...details,
      strategies: JSON.stringify(details.strategies ?? []),
      at: this.db.toTimestamp(now),
    });
  }

  async remove(appName: string): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_client_instances WHERE app_name = :appName', { appName });
    await this.db.execute('DELETE FROM flagwright_client_applications WHERE app_name = :appName', { appName });
  }
}
