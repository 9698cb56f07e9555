import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';
import { GenerationCache } from './generation-cache.js';
import { SearchCountCache, type SearchCounts } from './search-count-cache.js';
import { readGenerations, type SearchGenerations } from './search-generations.js';
import { itemsValidity, SearchItemsReadModel } from './search-items.read-model.js';
import type { SearchCriteria, Searcher } from './search.model.js';
import { type Bucket, type FilterMode, filtersOf, sortPlanOf, SqlParams, viewOf, type View } from './search.sql.js';

/** Reading and sorting one matching row costs about as much as this many steps of an index walk (rough, SQLite). */
const DRIVE_COST_PER_ROW = 8;
/** How many names the kept pages hold at most, together (a few MB). */
const PAGE_CACHE_NAMES = 100_000;

/** How many characters the kept answers hold at most, together (a page of 50 is about 50,000). */
const BODY_CACHE_CHARS = 8_000_000;

/** A page found: its names in order and the total, valid at `generation` (see `validityOf`). */
interface FoundPage {
  generation: string;
  names: string[];
  total: number;
}

/**
 * Feature search over the database. A page costs what the page costs: its names are read along an index (or from
 * the few matching rows), its total comes from a count kept per `flagwright_search_generation` (which every change a filter
 * can see replaces), and its items are loaded for just those names (SearchItemsReadModel). The page found (names
 * and total) is kept per generation too, so a search asked again before anything it can see changed reads no
 * table, whatever its filters.
 */
@Injectable()
export class SearchReadModel {
  private readonly counts = new SearchCountCache();
  private readonly pages = new GenerationCache<FoundPage>(PAGE_CACHE_NAMES, (page) => Math.max(page.names.length, 1));
  /** Whole answers, valid while what their items show is (`itemsValidity`). */
  private readonly bodies = new GenerationCache<{ generation: string; body: string }>(BODY_CACHE_CHARS, (kept) => kept.body.length);

  constructor(
    private readonly db: Database,
    private readonly items: SearchItemsReadModel,
  ) {}

  /** The `searchFeaturesSchema` answer, serialized (see SearchItemsReadModel). */
  async search(criteria: SearchCriteria, searcher: Searcher, now: Date): Promise<string> {
    const generations = await readGenerations(this.db);
    const key = countKey(criteria, searcher);
    const pageKey = `${key}|${criteria.sort.by}:${criteria.sort.order}:${criteria.sort.environment ?? ''}|${criteria.offset}|${criteria.limit}`;
    // The answer also shows the caller's favorites, which move the configuration generation.
    const bodyKey = `${pageKey}|${searcher.userId ?? ''}`;
    const shownAt = itemsValidity(generations, now);
    const kept = this.bodies.get(bodyKey, shownAt);
    if (kept) return kept.body;
    const page = this.pages.get(pageKey, validityOf(criteria, generations)) ?? (await this.findPage(criteria, searcher, key, pageKey));
    const items = await this.items.load(page.names, generations, criteria.status, searcher, now);
    const body = `{"features":[${items.join(',')}],"total":${page.total}}`;
    // Kept at the generations read first: a piece read later at newer ones means those are no longer current.
    this.bodies.set(bodyKey, { generation: shownAt, body });
    return body;
  }

  /**
   * Counts and names of the page, kept under the generations read in the same transaction: on SQLite's single
   * connection, reads outside one could see another request's uncommitted writes, which must not be remembered.
   */
  private findPage(criteria: SearchCriteria, searcher: Searcher, key: string, pageKey: string): Promise<FoundPage> {
    return this.db.transaction(async () => {
      const generations = await readGenerations(this.db);
      const generation = generations.configuration;
      // Under a lastSeenAt filter the counts change with SDK traffic, which does not move the configuration generation.
      const countsKey = criteria.lastSeenAt ? undefined : key;
      const counts = await this.countsOf(criteria, searcher, generation, countsKey);
      const names = await this.pageNames(criteria, searcher, counts, generation, countsKey);
      const page = { generation: validityOf(criteria, generations), names, total: counts.total };
      this.pages.set(pageKey, page);
      return page;
    });
  }

  /**
   * The total, and what the choice between walking and driving needs: the view's size and the one project's (or
   * type's). Kept per generation unless a lastSeenAt filter makes them change with SDK traffic (key undefined).
   */
  private async countsOf(criteria: SearchCriteria, searcher: Searcher, generation: string, key: string | undefined): Promise<SearchCounts> {
    const cached = key && this.counts.get(key, generation);
    if (cached) return cached;
    const params = new SqlParams();
    const filters = filtersOf(criteria, searcher, 'drive', params, this.db);
    // Without a filter to start from, the view predicate must stay indexable (a covering index counts fastest).
    const mode: FilterMode = filters.drivable ? 'drive' : 'probe';
    const where = [
      viewOf(criteria, mode, params, this.db).where,
      ...(mode === 'drive' ? filters.conditions : filtersOf(criteria, searcher, 'probe', params, this.db).conditions),
    ];
    const viewWhere = viewOf(criteria, 'probe', params, this.db).where;
    const viewCount = filters.conditions.length ? `(SELECT COUNT(*) FROM flagwright_features f WHERE ${viewWhere})` : 'COUNT(*)';
    const slice = sliceOf(criteria);
    const sliceCount = slice
      ? `, (SELECT COUNT(*) FROM flagwright_features f WHERE ${viewWhere} AND f.${slice.column} = ${params.add(slice.value)}) AS slice_count`
      : '';
    // The generation is read in the same statement as the counts, so the two always belong together.
    const row = await this.db.one<Record<string, unknown>>(
      `SELECT (SELECT generation FROM flagwright_search_generation WHERE id = 1) AS generation, ${viewCount} AS view_count${sliceCount}, COUNT(*) AS total
         FROM flagwright_features f WHERE ${where.join(' AND ')}`,
      params.values,
    );
    const counts: SearchCounts = {
      generation: String(row?.generation),
      total: Number(row?.total ?? 0),
      viewCount: Number(row?.view_count ?? 0),
      ...(slice ? { sliceCount: Number(row?.slice_count ?? 0) } : {}),
    };
    if (key) this.counts.set(key, counts);
    return counts;
  }

  /**
   * The names on the page, in order, read bucket by bucket. The first page needs no bucket size: when a bucket
   * answers fewer rows than asked, the page goes on at the start of the next one. A page further on skips whole
   * buckets by their size (counted once per generation) rather than walking through them; buckets whose content
   * changes with SDK traffic are counted only when the page starts past their end.
   */
  private async pageNames(
    criteria: SearchCriteria,
    searcher: Searcher,
    counts: SearchCounts,
    generation: string,
    key: string | undefined,
  ): Promise<string[]> {
    if (criteria.offset >= counts.total) return [];
    const { buckets } = sortPlanOf(criteria, searcher, this.db);
    const names: string[] = [];
    let skip = criteria.offset;
    for (let i = 0; i < buckets.length; i++) {
      const last = i === buckets.length - 1;
      const sizeKey = key && !buckets[i].seen ? `${key}#${i}` : undefined;
      if (!last && skip > 0 && sizeKey) {
        const size = await this.bucketSize(criteria, searcher, buckets[i], generation, sizeKey);
        if (skip >= size) {
          skip -= size;
          continue;
        }
      }
      const found = await this.bucketPage(criteria, searcher, buckets[i], counts, skip, criteria.limit - names.length);
      names.push(...found);
      if (names.length === criteria.limit || last) break;
      skip = found.length ? 0 : skip - (await this.bucketSize(criteria, searcher, buckets[i], generation, sizeKey));
    }
    return names;
  }

  private async bucketSize(
    criteria: SearchCriteria,
    searcher: Searcher,
    bucket: Bucket,
    generation: string,
    key: string | undefined,
  ): Promise<number> {
    const cached = key && this.counts.get(key, generation);
    if (cached) return cached.total;
    const params = new SqlParams();
    const where = [
      viewOf(criteria, 'probe', params, this.db).where,
      ...filtersOf(criteria, searcher, 'drive', params, this.db).conditions,
      bucket.where!('drive', params),
    ];
    const row = await this.db.one<{ generation: unknown; total: unknown }>(
      `SELECT (SELECT generation FROM flagwright_search_generation WHERE id = 1) AS generation, COUNT(*) AS total FROM flagwright_features f WHERE ${where.join(' AND ')}`,
      params.values,
    );
    const total = Number(row?.total ?? 0);
    if (key) this.counts.set(key, { generation: String(row?.generation), total, viewCount: total });
    return total;
  }

  private async bucketPage(
    criteria: SearchCriteria,
    searcher: Searcher,
    bucket: Bucket,
    counts: SearchCounts,
    offset: number,
    limit: number,
  ): Promise<string[]> {
    const params = new SqlParams();
    const walk = walkOf(criteria, bucket, viewOf(criteria, 'probe', params, this.db).view);
    // Walking reads about (offset + limit) / (the matching share of what is walked) index entries; driving reads and
    // sorts every match. A bucket of few rows (favorites) is driven.
    const walked = walk.slice && counts.sliceCount !== undefined ? counts.sliceCount : counts.viewCount;
    const walkCost = ((offset + limit) * walked) / Math.max(counts.total, 1);
    const drivable = bucket.drivable || filtersOf(criteria, searcher, 'drive', new SqlParams(), this.db).drivable;
    const mode: FilterMode = drivable && (bucket.few || walkCost > counts.total * DRIVE_COST_PER_ROW) ? 'drive' : 'probe';
    const view = viewOf(criteria, mode, params, this.db);
    const where = [
      view.where,
      ...filtersOf(criteria, searcher, mode, params, this.db).conditions,
      ...(bucket.where ? [bucket.where(mode, params)] : []),
    ];
    const index = mode === 'probe' && !this.db.isPostgres ? walk.index : undefined;
    const page = `SELECT f.name FROM flagwright_features f${index ? ` INDEXED BY ${index}` : ''} WHERE ${where.join(' AND ')} ORDER BY ${bucket.orderBy}`;
    // SQLite 3.51 runs EXISTS as a semi-join whose rows skipped by OFFSET come back once per matching inner row (a
    // feature with two matching tags filled two places). The inner query takes no OFFSET, so it stays exact.
    const sql = this.db.isPostgres
      ? `${page} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`
      : `SELECT name FROM (${page} LIMIT ${params.add(offset + limit)}) LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
    const rows = await this.db.query<{ name: string }>(sql, params.values);
    return rows.map((row) => row.name);
  }
}

/**
 * The generation a page found for these criteria stays valid at: the configuration generation, and the activity
 * generation too when last-seen times choose or order the features.
 */
function validityOf(criteria: SearchCriteria, generations: SearchGenerations): string {
  const seen = criteria.lastSeenAt !== undefined || criteria.sort.by === 'lastSeenAt';
  return seen ? `${generations.configuration}:${generations.activity}` : generations.configuration;
}

/** What the counts depend on: the filters, the sort's buckets and, with favorites involved, the user. */
function countKey(criteria: SearchCriteria, searcher: Searcher): string {
  // Bucket sizes are kept under this key plus the bucket's position, so the sort's buckets are part of it.
  const { sort, favoritesFirst } = criteria;
  const filters = [
    criteria.terms,
    criteria.project,
    criteria.type,
    criteria.createdBy,
    criteria.state,
    criteria.lifecycle,
    criteria.tag,
    criteria.segment,
  ];
  const buckets = sort.by === 'environment' ? `environment:${sort.order}:${sort.environment}` : '';
  const favorites = criteria.favorite !== undefined || favoritesFirst ? (searcher.userId ?? null) : null;
  return JSON.stringify([
    filters,
    criteria.status,
    criteria.createdAt,
    criteria.lastSeenAt,
    criteria.favorite,
    criteria.archived,
    buckets,
    favoritesFirst,
    favorites,
  ]);
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
  const createdAsc = bucket.index === 'flagwright_features_search_created_idx';
  if (view === 'archived') return { index: createdAsc ? 'flagwright_features_search_archived_created_idx' : undefined, slice: false };
  if (view === 'mixed') return { index: createdAsc ? 'flagwright_features_created_idx' : undefined, slice: false };
  const slice = createdAsc ? sliceOf(criteria) : undefined;
  return slice ? { index: `flagwright_features_search_${slice.column}_idx`, slice: true } : { index: bucket.index, slice: false };
}
