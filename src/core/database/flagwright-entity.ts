import { Entity } from 'typeorm';

/**
 * Declares one of Flagwright's tables. Our migrations alone create and change them: `synchronize: false` keeps
 * TypeORM's schema synchronisation (a host's `synchronize: true`, run by TypeORM before any code of ours) from
 * creating them behind the migrations' back, so the start-up check that refuses such a data source finds nothing of
 * ours written. Tests compare the entities with the migrations' schema with synchronisation turned back on.
 */
export function FlagwrightEntity(table: `flagwright_${string}`): ClassDecorator {
  return Entity(table, { synchronize: false });
}
