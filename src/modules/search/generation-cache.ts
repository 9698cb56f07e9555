/**
 * Values of recent searches (counts, pages), each valid while the generation it was read at is current: triggers
 * replace the generation with every change the value depends on, in the same transaction as the change, so a hit is
 * never stale, on any number of instances. Least recently used entries are dropped once their total weight (1 per
 * entry unless `weigh` says otherwise) exceeds the capacity.
 */
export class GenerationCache<T extends { generation: string }> {
  private readonly entries = new Map<string, T>();
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: T) => number = () => 1,
  ) {}

  get(key: string, generation: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.generation !== generation) {
      this.weight -= this.weigh(entry);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, value: T): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.weight -= this.weigh(previous);
    }
    this.entries.set(key, value);
    this.weight += this.weigh(value);
    for (const [oldest, entry] of this.entries) {
      if (this.weight <= this.capacity || oldest === key) break;
      this.entries.delete(oldest);
      this.weight -= this.weigh(entry);
    }
  }
}
