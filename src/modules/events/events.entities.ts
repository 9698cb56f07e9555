import { Column, Index, PrimaryGeneratedColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** One entry of the audit log: what changed, by whom, with the data before and after. */
@FlagwrightEntity('flagwright_events')
@Index('flagwright_events_project_idx', ['project', 'id'])
@Index('flagwright_events_feature_idx', ['featureName', 'id'])
@Index('flagwright_events_type_idx', ['type', 'id'])
@Index('flagwright_events_created_by_user_id_idx', ['createdByUserId', 'id'])
@Index('flagwright_events_created_at_idx', ['createdAt', 'id'])
export class EventEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: String, length: 255 })
  type: string;

  @Column({ name: 'created_by', type: String, length: 255 })
  createdBy: string;

  @Column({ name: 'created_by_user_id', type: Number, nullable: true })
  createdByUserId: number | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @Column({ type: String, length: 100, nullable: true })
  project: string | null;

  @Column({ name: 'feature_name', type: String, length: 255, nullable: true })
  featureName: string | null;

  @Column({ type: String, length: 100, nullable: true })
  environment: string | null;

  @Column({ type: 'simple-json', nullable: true })
  data: unknown;

  @Column({ name: 'pre_data', type: 'simple-json', nullable: true })
  preData: unknown;

  @Column({ type: 'simple-json', default: '[]' })
  tags: unknown[];

  @Column({ type: String, length: 100, nullable: true })
  ip: string | null;
}
