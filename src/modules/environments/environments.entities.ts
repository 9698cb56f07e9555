import { Column, ForeignKey, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** An environment (e.g. development, production) features are toggled in. */
@FlagwrightEntity('flagwright_environments')
export class EnvironmentEntity {
  @PrimaryColumn({ type: String, length: 100 })
  name: string;

  @Column({ type: String, length: 100 })
  type: string;

  @Column({ name: 'sort_order', type: Number, default: 9999 })
  sortOrder: number;

  @Column({ type: Boolean, default: true })
  enabled: boolean;

  @Column({ type: Boolean, default: false })
  protected: boolean;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** An environment enabled in a project. */
@FlagwrightEntity('flagwright_project_environments')
export class ProjectEnvironmentEntity {
  @PrimaryColumn({ name: 'project_id', type: String, length: 100 })
  @ForeignKey('flagwright_projects', { name: 'flagwright_project_environments_project_id_fkey', onDelete: 'CASCADE' })
  projectId: string;

  @PrimaryColumn({ name: 'environment_name', type: String, length: 100 })
  @ForeignKey('flagwright_environments', { name: 'flagwright_project_environments_environment_name_fkey', onDelete: 'CASCADE' })
  environmentName: string;
}
