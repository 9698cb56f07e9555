import type { Clock } from '../clock.js';
import type { ChangeWatcher } from '../database/change-watcher.js';
import { CREDENTIALS_GENERATION } from '../database/migrations/1700000011000-credential-generation.js';

/** The longest an answer is kept, even while nothing moves the `credentials` generation. */
export const CREDENTIAL_CACHE_TTL_MS = 10_000;
/** How many answers of one kind (API tokens, PATs, sessions, grants) are kept at most. */
export const CREDENTIAL_CACHE_MAX_ENTRIES = 10_000;

interface Kept<V> {
  value: V;
  storedAt: number;
}

/** What a cache's answers depend on, and how many it keeps for how long. */
export interface CredentialCacheOptions {
  /** The change generations its answers are kept under (default: `credentials`). */
  generations?: readonly string[];
  maxEntries?: number;
  ttlMs?: number;
}

/**
 * Found credentials (or users' grants) kept in memory, so a request with a known token costs no query. Every
 * answer is kept under the values its change generations had before it was read: `credentials`, which database
 * triggers move on every write that could change a token, PAT or grant (migration 1700000011000), and for sessions
 * also `sessions` (1700000016000); when one moves, every answer is dropped. The ChangeWatcher sees a change made on
 * this instance by the next request, one made on another instance within its polling interval. Nothing that was
 * not found is kept, so a new token works at once; expiry by time is the caller's to check on every hit. Bounded:
 * when full, the oldest answer makes room.
 */
export class CredentialCache<V> {
  private generation?: string;
  private readonly entries = new Map<string, Kept<V>>();
  private readonly generations: readonly string[];
  private readonly maxEntries: number;
  private readonly ttlMs: number;

  constructor(
    private readonly changes: ChangeWatcher,
    private readonly clock: Clock,
    options: CredentialCacheOptions = {},
  ) {
    this.generations = options.generations ?? [CREDENTIALS_GENERATION];
    this.maxEntries = options.maxEntries ?? CREDENTIAL_CACHE_MAX_ENTRIES;
    this.ttlMs = options.ttlMs ?? CREDENTIAL_CACHE_TTL_MS;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answer for `key`: kept, or read by `load` (and kept when found). */
  async through(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    // Read before the lookup: an answer is kept under a generation no newer than the data it was read from.
    const generation = await this.currentGeneration();
    const now = this.clock.now().getTime();
    const kept = this.kept(key, generation, now);
    if (kept !== undefined) return kept;
    const loaded = await load();
    if (loaded !== undefined) this.keep(key, loaded, generation, now);
    return loaded;
  }

  /** The values of the cache's generations, as one. */
  private async currentGeneration(): Promise<string> {
    let generation = '';
    for (const name of this.generations) generation += `${await this.changes.current(name)}:`;
    return generation;
  }

  private kept(key: string, generation: string, now: number): V | undefined {
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
      return undefined;
    }
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    if (now - kept.storedAt < this.ttlMs) return kept.value;
    this.entries.delete(key);
    return undefined;
  }

  /** An answer read under a generation that has been replaced meanwhile may predate the change: it is not kept. */
  private keep(key: string, value: V, generation: string, now: number): void {
    if (generation !== this.generation) return;
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, storedAt: now });
  }
}
