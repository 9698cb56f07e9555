import { Injectable } from '@nestjs/common';
import { Database, parseJson, toBool, toIso } from '../../core/database/database.js';
import type { ContextField, ContextFieldInput, LegalValue } from './context-field.model.js';

/** The `flagwright_context_fields` table (the only writer). */
export abstract class ContextFieldStore {
  /** Ordered by sort order, then name. */
  abstract list(): Promise<ContextField[]>;
  /** `lock` holds the row until the transaction ends (PostgreSQL). */
  abstract find(name: string, lock: boolean): Promise<ContextField | undefined>;
  /** Answers undefined when the name is taken. */
  abstract insert(input: ContextFieldInput, createdAt: Date): Promise<ContextField | undefined>;
  /** Replaces everything but the name and the creation time. */
  abstract update(field: ContextField): Promise<void>;
  abstract delete(name: string): Promise<void>;
}

interface ContextFieldRow {
  name: string;
  description: string | null;
  stickiness: unknown;
  sort_order: number | string;
  legal_values: unknown;
  project: string | null;
  created_at: unknown;
}

const COLUMNS = 'name, description, stickiness, sort_order, legal_values, project, created_at';

@Injectable()
export class SqlContextFieldStore extends ContextFieldStore {
  constructor(private readonly db: Database) {
    super();
  }

  async list(): Promise<ContextField[]> {
    return (await this.db.query<ContextFieldRow>(`SELECT ${COLUMNS} FROM flagwright_context_fields ORDER BY sort_order, name`)).map(
      toContextField,
    );
  }

  async find(name: string, lock: boolean): Promise<ContextField | undefined> {
    const row = await this.db.one<ContextFieldRow>(
      `SELECT ${COLUMNS} FROM flagwright_context_fields WHERE name = :name${lock && this.db.isPostgres ? ' FOR UPDATE' : ''}`,
      { name },
    );
    return row && toContextField(row);
  }

  async insert(input: ContextFieldInput, createdAt: Date): Promise<ContextField | undefined> {
    const row = await this.db.one<ContextFieldRow>(
      `INSERT INTO flagwright_context_fields (name, description, stickiness, sort_order, legal_values, project, created_at)
       VALUES (:name, :description, :stickiness, :sortOrder, :legalValues, :project, :createdAt)
       ON CONFLICT (name) DO NOTHING
       RETURNING ${COLUMNS}`,
      { ...input, legalValues: JSON.stringify(input.legalValues), createdAt: this.db.toTimestamp(createdAt) },
    );
    return row && toContextField(row);
  }

  async update(field: ContextField): Promise<void> {
    await this.db.execute(
      `UPDATE flagwright_context_fields
          SET description = :description, stickiness = :stickiness, sort_order = :sortOrder, legal_values = :legalValues, project = :project
        WHERE name = :name`,
      {
        name: field.name,
        description: field.description,
        stickiness: field.stickiness,
        sortOrder: field.sortOrder,
        legalValues: JSON.stringify(field.legalValues),
        project: field.project,
      },
    );
  }

  async delete(name: string): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_context_fields WHERE name = :name', { name });
  }
}

function toContextField(row: ContextFieldRow): ContextField {
  return {
    name: row.name,
    description: row.description,
    stickiness: toBool(row.stickiness),
    sortOrder: Number(row.sort_order),
    legalValues: parseJson<LegalValue[]>(row.legal_values, []),
    project: row.project,
    createdAt: toIso(row.created_at)!,
  };
}
