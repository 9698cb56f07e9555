import { Column, ForeignKey, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A context field constraints may name: its legal values, whether it can be used for stickiness, its place in lists. */
@FlagwrightEntity('flagwright_context_fields')
export class ContextFieldEntity {
  @PrimaryColumn({ type: String, length: 255 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: Boolean, default: false })
  stickiness: boolean;

  @Column({ name: 'sort_order', type: Number, default: 0 })
  sortOrder: number;

  @Column({ name: 'legal_values', type: 'simple-json', default: '[]' })
  legalValues: unknown[];

  /** Null: a root field, usable in every project; otherwise the one project whose context it belongs to. */
  @Column({ type: String, length: 100, nullable: true })
  @ForeignKey('flagwright_projects', { name: 'flagwright_context_fields_project_fkey', onDelete: 'CASCADE' })
  project: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
