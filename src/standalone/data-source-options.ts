import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { flagwrightEntities } from '../entities.js';
import { FLAGWRIGHT_MIGRATIONS_TABLE } from '../core/database/migration-runner.js';
import { flagwrightMigrations } from '../core/database/migrations/index.js';

/** SQLite (a file, WAL, foreign keys, busy timeout) unless a PostgreSQL URL is given. */
export function dataSourceOptions(settings: { databaseUrl?: string; databaseFile: string }): DataSourceOptions {
  const common = {
    entities: flagwrightEntities,
    // For the TypeORM CLI (ormconfig.ts): the service itself runs them with runFlagwrightMigrations, in the same table.
    migrations: flagwrightMigrations,
    migrationsTableName: FLAGWRIGHT_MIGRATIONS_TABLE,
    migrationsRun: false,
    synchronize: false,
    logging: false,
  } as const;
  if (settings.databaseUrl) {
    return { ...common, type: 'postgres', url: settings.databaseUrl, extra: { max: 10 } };
  }
  if (settings.databaseFile !== ':memory:') mkdirSync(dirname(settings.databaseFile), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: settings.databaseFile,
    enableWAL: true,
    timeout: 5000,
    prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
      db.pragma('foreign_keys = ON');
      db.pragma('synchronous = NORMAL');
    },
  };
}
