import type { Database } from '../../core/database/database.js';

/**
 * The two rows of `flagwright_search_generation`: `configuration` moves with every change a filter or a result's configuration
 * can see, `activity` with what SDK traffic writes (evaluation counts, last-seen times). Values kept in memory are
 * valid only while the generation they were read at is current.
 */
export interface SearchGenerations {
  configuration: string;
  activity: string;
}

export async function readGenerations(db: Database): Promise<SearchGenerations> {
  const rows = await db.query<{ id: number | string; generation: unknown }>(
    'SELECT id, generation FROM flagwright_search_generation WHERE id IN (1, 2)',
  );
  const of = (id: number) => String(rows.find((row) => Number(row.id) === id)?.generation);
  return { configuration: of(1), activity: of(2) };
}
