import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';
import { SearchCountCache, type SearchCounts } from './search-count-cache.js';
import { SearchItemsReadModel } from './search-items.read-model.js';
import type { SearchCriteria, Searcher } from './search.model.js';
import { type Bucket, type FilterMode, filtersOf, sortPlanOf, SqlParams, viewOf, type View } from './search.sql.js';

/** Walking an index costs about this many times less per row than sorting a driven set (measured on SQLite). */
const DRIVE_COST_PER_ROW = 8;

/**
 * Feature search over the database. A page costs what the page costs: its names are read along an index (or from
 * the few matching rows), its total comes from a count kept per `search_generation` (which every change a filter
 * can see replaces), and its items are loaded for just those names (SearchItemsReadModel).
 */
@Injectable()
export class SearchReadModel {
  private readonly counts = new SearchCountCache();

  constructor(
    private readonly db: Database,
    private readonly items: SearchItemsReadModel,
  ) {}

  /** The `searchFeaturesSchema` answer, serialized (see SearchItemsReadModel). */
  async search(criteria: SearchCriteria, searcher: Searcher, now: Date): Promise<string> {
    const row = await this.db.one<{ generation: unknown }>('SELECT generation FROM search_generation WHERE id = 1');
    const generation = String(row?.generation);
    const plan = sortPlanOf(criteria, searcher, this.db);
    const counts = await this.countsOf(criteria, searcher, plan.buckets, generation);
    const names = await this.pageNames(criteria, searcher, plan.buckets, counts);
    const items = await this.items.load(names, generation, criteria.status, searcher, now);
    return `{"features":[${items.join(',')}],"total":${counts.total}}`;
  }

  private async countsOf(criteria: SearchCriteria, searcher: Searcher, buckets: Bucket[], generation: string): Promise<SearchCounts> {
    // Last-seen times change with SDK traffic and do not move the generation: such counts are always taken.
    const cacheable = !criteria.lastSeenAt && criteria.sort.by !== 'lastSeenAt';
    const key = cacheable ? countKey(criteria, searcher) : undefined;
    const cached = key && this.counts.get(key, generation);
    if (cached) return cached;
    // The generation is read in the same statement as the counts, so the two always belong together.
    const params = new SqlParams();
    const filters = filtersOf(criteria, searcher, 'drive', params, this.db);
    // Without a filter to start from, the view predicate must stay indexable (a covering index counts fastest).
    const mode: FilterMode = filters.drivable ? 'drive' : 'probe';
    const view = viewOf(criteria, mode, params, this.db);
    const where = [view.where, ...(mode === 'drive' ? filters.conditions : filtersOf(criteria, searcher, 'probe', params, this.db).conditions)];
    const bucketSums = buckets.slice(0, -1).map((bucket, i) => `SUM(CASE WHEN ${bucket.where!('probe', params)} THEN 1 ELSE 0 END) AS b${i}`);
    const viewWhere = viewOf(criteria, 'probe', params, this.db).where;
    const viewCount = filters.conditions.length ? `(SELECT COUNT(*) FROM features f WHERE ${viewWhere})` : 'COUNT(*)';
    const slice = sliceOf(criteria);
    const sliceCount = slice ? `, (SELECT COUNT(*) FROM features f WHERE ${viewWhere} AND f.${slice.column} = ${params.add(slice.value)}) AS slice_count` : '';
    const row = await this.db.one<Record<string, unknown>>(
      `SELECT (SELECT generation FROM search_generation WHERE id = 1) AS generation, ${viewCount} AS view_count${sliceCount}, COUNT(*) AS total
              ${bucketSums.map((sum) => `, ${sum}`).join('')}
         FROM features f WHERE ${where.join(' AND ')}`,
      params.values,
    );
    const total = Number(row?.total ?? 0);
    const leading = buckets.slice(0, -1).map((_, i) => Number(row?.[`b${i}`] ?? 0));
    const counts: SearchCounts = {
      generation: String(row?.generation),
      total,
      buckets: [...leading, total - leading.reduce((sum, n) => sum + n, 0)],
      viewCount: Number(row?.view_count ?? 0),
      ...(slice ? { sliceCount: Number(row?.slice_count ?? 0) } : {}),
    };
    if (key) this.counts.set(key, counts);
    return counts;
  }

  /** The names on the page, in order: read bucket by bucket, each along its index or from its few rows. */
  private async pageNames(criteria: SearchCriteria, searcher: Searcher, buckets: Bucket[], counts: SearchCounts): Promise<string[]> {
    const names: string[] = [];
    let skip = criteria.offset;
    let wanted = criteria.limit;
    for (let i = 0; i < buckets.length && wanted > 0; i++) {
      const size = counts.buckets[i];
      if (skip >= size) {
        skip -= size;
        continue;
      }
      const take = Math.min(wanted, size - skip);
      names.push(...(await this.bucketPage(criteria, searcher, buckets[i], size, counts, skip, take)));
      wanted -= take;
      skip = 0;
    }
    return names;
  }

  private async bucketPage(
    criteria: SearchCriteria,
    searcher: Searcher,
    bucket: Bucket,
    size: number,
    counts: SearchCounts,
    offset: number,
    limit: number,
  ): Promise<string[]> {
    const params = new SqlParams();
    const walk = walkOf(criteria, bucket, viewOf(criteria, 'probe', params, this.db).view);
    // Walking reads (offset + limit) / (the bucket's share of what is walked) index entries; driving sorts the bucket.
    const walked = walk.slice && counts.sliceCount !== undefined ? counts.sliceCount : counts.viewCount;
    const walkCost = ((offset + limit) * walked) / size;
    const drivable = bucket.drivable || filtersOf(criteria, searcher, 'drive', new SqlParams(), this.db).drivable;
    const mode: FilterMode = drivable && walkCost > size * DRIVE_COST_PER_ROW ? 'drive' : 'probe';
    const view = viewOf(criteria, mode, params, this.db);
    const where = [view.where, ...filtersOf(criteria, searcher, mode, params, this.db).conditions, ...(bucket.where ? [bucket.where(mode, params)] : [])];
    const index = mode === 'probe' && !this.db.isPostgres ? walk.index : undefined;
    const rows = await this.db.query<{ name: string }>(
      `SELECT f.name FROM features f${index ? ` INDEXED BY ${index}` : ''} WHERE ${where.join(' AND ')}
        ORDER BY ${bucket.orderBy} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
      params.values,
    );
    return rows.map((row) => row.name);
  }
}

/** What the counts depend on: the filters, the sort's buckets and, with favorites involved, the user. */
function countKey(criteria: SearchCriteria, searcher: Searcher): string {
  const { sort, favoritesFirst } = criteria;
  const filters = [criteria.terms, criteria.project, criteria.type, criteria.createdBy, criteria.state, criteria.lifecycle, criteria.tag, criteria.segment];
  const buckets = sort.by === 'environment' ? `environment:${sort.order}:${sort.environment}` : '';
  const favorites = criteria.favorite !== undefined || favoritesFirst ? (searcher.userId ?? null) : null;
  return JSON.stringify([filters, criteria.status, criteria.createdAt, criteria.favorite, criteria.archived, buckets, favoritesFirst, favorites]);
}

/** The one project (or type) the filters keep, if any: walks along the default order then stay in its slice. */
function sliceOf(criteria: SearchCriteria): { column: 'project' | 'type'; value: string } | undefined {
  if (criteria.project?.include && criteria.project.values.length === 1) return { column: 'project', value: criteria.project.values[0] };
  if (criteria.type?.include && criteria.type.values.length === 1) return { column: 'type', value: criteria.type.values[0] };
  return undefined;
}

/**
 * The SQLite index a bucket is walked along, and whether only the slice of one project (or type) of it is walked:
 * in the default order, a one-project search walks that project's part of the project index.
 */
function walkOf(criteria: SearchCriteria, bucket: Bucket, view: View): { index?: string; slice: boolean } {
  const createdAsc = bucket.index === 'features_search_created_idx';
  if (view === 'archived') return { index: createdAsc ? 'features_search_archived_created_idx' : undefined, slice: false };
  if (view === 'mixed') return { index: createdAsc ? 'features_created_idx' : undefined, slice: false };
  const slice = createdAsc ? sliceOf(criteria) : undefined;
  return slice ? { index: `features_search_${slice.column}_idx`, slice: true } : { index: bucket.index, slice: false };
}
