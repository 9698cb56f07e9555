/** Counts of one search's filters (or of one of its sort buckets): the total and the size of the view. */
export interface SearchCounts {
  /** The `flagwright_search_generation` the counts were taken at. */
  generation: string;
  total: number;
  viewCount: number;
  /** Features of the view in the one project (or of the one type) the filters name, whose index slice is walked. */
  sliceCount?: number;
}

/**
 * Totals of recent searches, valid while `flagwright_search_generation` has not moved: triggers move it with every change
 * a filter can see, in the same transaction as the change, so a hit is never stale. Least recently used entries
 * are dropped beyond the capacity.
 */
export class SearchCountCache {
  private readonly entries = new Map<string, SearchCounts>();

  constructor(private readonly capacity = 500) {}

  get(key: string, generation: string): SearchCounts | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.generation !== generation) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, counts: SearchCounts): void {
    this.entries.delete(key);
    this.entries.set(key, counts);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
