import { Column, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

const ACTIVE = { where: 'archived_at IS NULL' };

/**
 * A feature flag, living in one project. The search indexes (migration 1700000003000) also order some columns
 * descending and compare names byte-wise (COLLATE "C" on PostgreSQL), which TypeORM's index metadata cannot say; the
 * trigram indexes exist on PostgreSQL only, so they are declared but left to the migration.
 */
@FlagwrightEntity('flagwright_features')
@Index('flagwright_features_created_idx', ['createdAt', 'name'])
@Index('flagwright_features_project_idx', ['project', 'createdAt'])
@Index('flagwright_features_type_idx', ['type'])
@Index('flagwright_features_archived_idx', ['archivedAt'])
@Index('flagwright_features_created_by_idx', ['createdByUserId'])
@Index('flagwright_features_search_created_idx', ['createdAt', 'name'], ACTIVE)
@Index('flagwright_features_search_created_desc_idx', ['createdAt', 'name'], ACTIVE)
@Index('flagwright_features_search_name_idx', ['name'], ACTIVE)
@Index('flagwright_features_search_type_idx', ['type', 'createdAt', 'name', 'stale'], ACTIVE)
@Index('flagwright_features_search_type_desc_idx', ['type', 'createdAt', 'name'], ACTIVE)
@Index('flagwright_features_search_project_idx', ['project', 'createdAt', 'name', 'stale'], ACTIVE)
@Index('flagwright_features_search_project_desc_idx', ['project', 'createdAt', 'name'], ACTIVE)
@Index('flagwright_features_search_stale_idx', ['stale', 'createdAt', 'name'], ACTIVE)
@Index('flagwright_features_search_stale_desc_idx', ['stale', 'createdAt', 'name'], ACTIVE)
@Index('flagwright_features_search_seen_idx', ['lastSeenAt', 'createdAt', 'name'], ACTIVE)
@Index('flagwright_features_search_seen_desc_idx', ['lastSeenAt', 'createdAt', 'name'], ACTIVE)
@Index('flagwright_features_search_archived_created_idx', ['createdAt', 'name'], { where: 'archived_at IS NOT NULL' })
@Index('flagwright_features_seen_idx', ['name', 'lastSeenAt'], { where: 'last_seen_at IS NOT NULL' })
@Index('flagwright_features_name_trgm_idx', { synchronize: false })
@Index('flagwright_features_description_trgm_idx', { synchronize: false })
export class FeatureEntity {
  @PrimaryColumn({ type: String, length: 255 })
  name: string;

  @Column({ type: String, length: 100 })
  @ForeignKey('flagwright_projects', { name: 'flagwright_features_project_fkey' })
  project: string;

  @Column({ type: String, length: 50, default: 'release' })
  type: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: Boolean, default: false })
  stale: boolean;

  @Column({ name: 'potentially_stale', type: Boolean, default: false })
  potentiallyStale: boolean;

  @Column({ name: 'impression_data', type: Boolean, default: false })
  impressionData: boolean;

  @Column({ name: 'created_by_user_id', type: Number, nullable: true })
  createdByUserId: number | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'archived_at', nullable: true })
  archivedAt: Date | null;

  @TimestampColumn({ name: 'last_seen_at', nullable: true })
  lastSeenAt: Date | null;
}

/** The state of a feature in one environment: on/off and its variants. */
@FlagwrightEntity('flagwright_feature_environments')
@Index('flagwright_feature_environments_env_idx', ['environment', 'enabled'])
@Index('flagwright_feature_environments_seen_idx', ['featureName', 'environment', 'lastSeenAt'], { where: 'last_seen_at IS NOT NULL' })
@Index('flagwright_feature_environments_state_idx', ['featureName', 'environment', 'enabled'])
export class FeatureEnvironmentEntity {
  @PrimaryColumn({ name: 'feature_name', type: String, length: 255 })
  @ForeignKey('flagwright_features', { name: 'flagwright_feature_environments_feature_name_fkey', onDelete: 'CASCADE' })
  featureName: string;

  @PrimaryColumn({ type: String, length: 100 })
  @ForeignKey('flagwright_environments', { name: 'flagwright_feature_environments_environment_fkey', onDelete: 'CASCADE' })
  environment: string;

  @Column({ type: Boolean, default: false })
  enabled: boolean;

  @Column({ type: 'simple-json', default: '[]' })
  variants: unknown[];

  @TimestampColumn({ name: 'last_seen_at', nullable: true })
  lastSeenAt: Date | null;
}

/** A feature a user marked as favorite. */
@FlagwrightEntity('flagwright_favorite_features')
export class FavoriteFeatureEntity {
  @PrimaryColumn({ name: 'user_id', type: Number })
  @ForeignKey('flagwright_users', { name: 'flagwright_favorite_features_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @PrimaryColumn({ name: 'feature_name', type: String, length: 255 })
  @ForeignKey('flagwright_features', { name: 'flagwright_favorite_features_feature_name_fkey', onDelete: 'CASCADE' })
  featureName: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** A lifecycle stage a feature entered, and when. */
@FlagwrightEntity('flagwright_feature_lifecycles')
@Index('flagwright_feature_lifecycles_latest_idx', ['featureName', 'createdAt'])
export class FeatureLifecycleEntity {
  @PrimaryColumn({ name: 'feature_name', type: String, length: 255 })
  @ForeignKey('flagwright_features', { name: 'flagwright_feature_lifecycles_feature_name_fkey', onDelete: 'CASCADE' })
  featureName: string;

  @PrimaryColumn({ type: String, length: 32 })
  stage: string;

  @Column({ type: String, length: 64, nullable: true })
  status: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** The parent a child feature depends on (at most one per child), with the required state. */
@FlagwrightEntity('flagwright_feature_dependencies')
@Index('flagwright_feature_dependencies_parent_idx', ['parent'])
export class FeatureDependencyEntity {
  @PrimaryColumn({ type: String, length: 255 })
  @ForeignKey('flagwright_features', { name: 'flagwright_feature_dependencies_child_fkey', onDelete: 'CASCADE' })
  child: string;

  @Column({ type: String, length: 255 })
  @ForeignKey('flagwright_features', { name: 'flagwright_feature_dependencies_parent_fkey', onDelete: 'CASCADE' })
  parent: string;

  @Column({ type: Boolean, default: true })
  enabled: boolean;

  @Column({ type: 'simple-json', default: '[]' })
  variants: string[];
}
