import type { DataSource } from 'typeorm';
import { describeTimestampsWithTimeZone } from '../../src/core/database/timestamp-column.js';

/** Where the PostgreSQL run of the suite connects: DATABASE_URL names the server (its database is not used). */
export function postgresRequested(): boolean {
  return Boolean(process.env.DATABASE_URL);
}

export function adminUrl(): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = '/postgres';
  return url.toString();
}

export function databaseUrlFor(database: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * What TypeORM's schema builder (what `migration:generate` runs) would change to make the database match the
 * entities. Our entities opt out of synchronisation (`FlagwrightEntity`): they are opted back in for the comparison.
 */
export async function schemaBuilderChanges(dataSource: DataSource): Promise<string[]> {
  describeTimestampsWithTimeZone(dataSource);
  const optedOut = dataSource.entityMetadatas.filter((metadata) => !metadata.synchronize);
  for (const metadata of optedOut) metadata.synchronize = true;
  try {
    const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
    return upQueries.map((query) => query.query);
  } finally {
    for (const metadata of optedOut) metadata.synchronize = false;
  }
}
