import { Column, ForeignKey, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A reusable segment: a named list of constraints, global or scoped to a project. */
@FlagwrightEntity('flagwright_segments')
@Unique('flagwright_segments_name_key', ['name'])
export class SegmentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: String, length: 255 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: String, length: 100, nullable: true })
  @ForeignKey('flagwright_projects', { name: 'flagwright_segments_project_fkey', onDelete: 'CASCADE' })
  project: string | null;

  @Column({ type: 'simple-json', default: '[]' })
  constraints: unknown[];

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
