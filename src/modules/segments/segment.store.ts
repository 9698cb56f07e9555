import { Injectable } from '@nestjs/common';
import { Database, parseJson, toIso } from '../../core/database/database.js';
import { type Constraint, withConstraintDefaults } from '../../core/constraints/constraint.js';
import type { Segment, SegmentInput } from './segment.model.js';

/** The `flagwright_segments` table. Links to strategies are written by the strategies module. */
export abstract class SegmentStore {
  abstract list(): Promise<Segment[]>;
  /** `lock` holds the row until the transaction ends (PostgreSQL). */
  abstract find(id: number, lock: boolean): Promise<Segment | undefined>;
  /** Answers undefined when the name is taken. */
  abstract insert(input: SegmentInput, createdBy: string, createdAt: Date): Promise<Segment | undefined>;
  abstract update(id: number, input: SegmentInput): Promise<void>;
  abstract delete(id: number): Promise<void>;
  abstract nameTakenByAnother(name: string, id: number): Promise<boolean>;
  abstract nameTaken(name: string): Promise<boolean>;
}

interface SegmentRow {
  id: number;
  name: string;
  description: string | null;
  project: string | null;
  constraints: unknown;
  created_by: string | null;
  created_at: unknown;
}

const COLUMNS = 'id, name, description, project, constraints, created_by, created_at';

@Injectable()
export class SqlSegmentStore extends SegmentStore {
  constructor(private readonly db: Database) {
    super();
  }

  async list(): Promise<Segment[]> {
    return (await this.db.query<SegmentRow>(`SELECT ${COLUMNS} FROM flagwright_segments ORDER BY id`)).map(toSegment);
  }

  async find(id: number, lock: boolean): Promise<Segment | undefined> {
    const row = await this.db.one<SegmentRow>(
      `SELECT ${COLUMNS} FROM flagwright_segments WHERE id = :id${lock && this.db.isPostgres ? ' FOR UPDATE' : ''}`,
      { id },
    );
    return row && toSegment(row);
  }

  async insert(input: SegmentInput, createdBy: string, createdAt: Date): Promise<Segment | undefined> {
    const row = await this.db.one<SegmentRow>(
      `INSERT INTO flagwright_segments (name, description, project, constraints, created_by, created_at)
       VALUES (:name, :description, :project, :constraints, :createdBy, :createdAt)
       ON CONFLICT (name) DO NOTHING
       RETURNING ${COLUMNS}`,
      { ...input, constraints: JSON.stringify(input.constraints), createdBy, createdAt: this.db.toTimestamp(createdAt) },
    );
    return row && toSegment(row);
  }

  async update(id: number, input: SegmentInput): Promise<void> {
    await this.db.execute(
      'UPDATE flagwright_segments SET name = :name, description = :description, project = :project, constraints = :constraints WHERE id = :id',
      { ...input, id, constraints: JSON.stringify(input.constraints) },
    );
  }

  async delete(id: number): Promise<void> {
    await this.db.execute('DELETE FROM flagwright_segments WHERE id = :id', { id });
  }

  async nameTakenByAnother(name: string, id: number): Promise<boolean> {
    return Boolean(await this.db.one('SELECT id FROM flagwright_segments WHERE name = :name AND id <> :id', { name, id }));
  }

  async nameTaken(name: string): Promise<boolean> {
    return Boolean(await this.db.one('SELECT id FROM flagwright_segments WHERE name = :name', { name }));
  }
}

function toSegment(row: SegmentRow): Segment {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    project: row.project,
    constraints: parseJson<Partial<Constraint>[]>(row.constraints, []).map(withConstraintDefaults),
    createdBy: row.created_by,
    createdAt: toIso(row.created_at)!,
  };
}
