import type { ContextField, ContextFieldInput } from '../context-field.model.js';
import { ContextFieldStore } from '../context-field.store.js';

/** `flagwright_context_fields` in memory: names unique, listed by sort order then name. */
export class FakeContextFieldStore extends ContextFieldStore {
  readonly rows: ContextField[] = [];

  async list(): Promise<ContextField[]> {
    return [...this.rows].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name)).map((row) => ({ ...row }));
  }
  async find(name: string): Promise<ContextField | undefined> {
    const row = this.rows.find((r) => r.name === name);
    return row && { ...row };
  }
  async insert(input: ContextFieldInput, createdAt: Date): Promise<ContextField | undefined> {
    if (this.rows.some((r) => r.name === input.name)) return undefined;
    const row: ContextField = { ...input, createdAt: createdAt.toISOString() };
    this.rows.push(row);
    return { ...row };
  }
  async update(field: ContextField): Promise<void> {
    Object.assign(
      this.rows.find((r) => r.name === field.name)!,
      field,
    );
  }
  async delete(name: string): Promise<void> {
    this.rows.splice(
      this.rows.findIndex((r) => r.name === name),
      1,
    );
  }
}
