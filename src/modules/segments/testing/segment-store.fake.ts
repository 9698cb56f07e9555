import type { Segment, SegmentInput } from '../segment.model.js';
import { SegmentStore } from '../segment.store.js';

/** `segments` in memory: ids count up from 1, names are unique, listings ordered by id. */
export class FakeSegmentStore extends SegmentStore {
  readonly rows: Segment[] = [];
  private nextId = 1;

  async list(): Promise<Segment[]> {
    return this.rows.map((row) => ({ ...row }));
  }
  async find(id: number): Promise<Segment | undefined> {
    const row = this.rows.find((r) => r.id === id);
    return row && { ...row };
  }
  async insert(input: SegmentInput, createdBy: string, createdAt: Date): Promise<Segment | undefined> {
    if (this.rows.some((r) => r.name === input.name)) return undefined;
    const row: Segment = { id: this.nextId++, ...input, createdBy, createdAt: createdAt.toISOString() };
    this.rows.push(row);
    return { ...row };
  }
  async update(id: number, input: SegmentInput): Promise<void> {
    Object.assign(
      this.rows.find((r) => r.id === id)!,
      input,
    );
  }
  async delete(id: number): Promise<void> {
    this.rows.splice(
      this.rows.findIndex((r) => r.id === id),
      1,
    );
  }
  async nameTakenByAnother(name: string, id: number): Promise<boolean> {
    return this.rows.some((r) => r.name === name && r.id !== id);
  }
  async nameTaken(name: string): Promise<boolean> {
    return this.rows.some((r) => r.name === name);
  }
}
