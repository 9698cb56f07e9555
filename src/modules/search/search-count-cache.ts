import { GenerationCache } from './generation-cache.js';

/** Counts of one search's filters (or of one of its sort buckets): the total and the size of the view. */
export interface SearchCounts {
  /** The `flagwright_search_generation` the counts were taken at. */
  generation: string;
  total: number;
  viewCount: number;
  /** Features of the view in the one project (or of the one type) the filters name, whose index slice is walked. */
  sliceCount?: number;
}

/** Totals of recent searches (and sizes of their sort buckets), kept per `flagwright_search_generation`: 500 of them. */
export class SearchCountCache extends GenerationCache<SearchCounts> {
  constructor(capacity = 500) {
    super(capacity);
  }
}
