import { ChangeWatcher } from '../database/change-watcher.js';
import { fakeDatabase } from './fake-database.js';

/** Change generations a spec moves by hand with `move(name)`; listeners hear of each move at once, as after a poll. */
export class FakeChangeWatcher extends ChangeWatcher {
  private readonly values = new Map<string, number>();
  private readonly watchers = new Map<string, Set<(generation: string) => void>>();

  constructor() {
    super(fakeDatabase());
  }

  override async current(name: string): Promise<string> {
    return String(this.values.get(name) ?? 1);
  }

  override onChange(name: string, listener: (generation: string) => void): () => void {
    const set = this.watchers.get(name) ?? new Set();
    this.watchers.set(name, set);
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Nothing to read: the generations move only by `move`. */
  override async refresh(): Promise<void> {}

  /** Moves the generation, as a database trigger would, and tells its listeners. */
  move(name: string): void {
    const generation = (this.values.get(name) ?? 1) + 1;
    this.values.set(name, generation);
    for (const listener of this.watchers.get(name) ?? []) listener(String(generation));
  }
}
