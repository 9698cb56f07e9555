import { Column, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A project: the unit features and project-scoped roles belong to. */
@FlagwrightEntity('flagwright_projects')
export class ProjectEntity {
  @PrimaryColumn({ type: String, length: 100 })
  id: string;

  @Column({ type: String, length: 255 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'default_stickiness', type: String, length: 100, default: 'default' })
  defaultStickiness: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at', nullable: true })
  updatedAt: Date | null;
}
