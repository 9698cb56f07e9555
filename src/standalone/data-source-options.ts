import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
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
    return { ...common, type: 'postgres', url: settings.databaseUrl, extra: { max: 10 }, driver: loadPostgresDriver() };
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

/**
 * The `pg` package, loaded without its Cloudflare Workers probe. When loaded, pg asks whether it runs in a Worker by
 * reading `navigator.userAgent`, and where there is no `navigator` (Node 20; Node 21 and later define one) by building
 * a fetch `Response`, whose first use loads Node's whole fetch implementation: about 30 ms of every PostgreSQL start.
 * A `navigator` naming Node, as Node 21 defines it, answers the probe, and is removed once pg has loaded.
 */
export function loadPostgresDriver(): unknown {
  const load = () => createRequire(import.meta.url)('pg') as unknown;
  if ('navigator' in globalThis) return load();
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: `Node.js/${process.versions.node.split('.')[0]}` },
    configurable: true,
  });
  try {
    return load();
  } finally {
    delete (globalThis as { navigator?: unknown }).navigator;
  }
}
