import { DataSource } from 'typeorm';
import type { TestProject } from 'vitest/node';
import { runFlagwrightMigrations } from '../../src/core/database/migration-runner.js';
import { adminUrl, databaseUrlFor, postgresRequested } from './database.js';

/**
 * On PostgreSQL, migrates one template database per run; each test file clones it (CREATE DATABASE … TEMPLATE),
 * which is much faster than migrating per file. On SQLite each test file simply gets its own file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!postgresRequested()) {
    console.log('Database: SQLite. PostgreSQL: skipped (set DATABASE_URL=postgres://… to run the suite on PostgreSQL).');
    return async () => undefined;
  }
  const template = `flagwright_tpl_${process.pid}`;
  const admin = new DataSource({ type: 'postgres', url: adminUrl() });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const migrate = new DataSource({ type: 'postgres', url: databaseUrlFor(template) });
  await migrate.initialize();
  await runFlagwrightMigrations(migrate);
  await migrate.destroy();
  project.provide('postgresTemplate', template);
  console.log(`Database: PostgreSQL (template ${template}).`);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.destroy();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}
