import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A feature flag, living in one project. */
@Entity('features')
export class FeatureEntity {
  @PrimaryColumn({ type: String, length: 255 })
  name: string;

  @Column({ type: String, length: 100 })
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

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;

  @Column({ name: 'archived_at', type: Date, nullable: true })
  archivedAt: Date | null;

  @Column({ name: 'last_seen_at', type: Date, nullable: true })
  lastSeenAt: Date | null;
}

/** The state of a feature in one environment: on/off and its variants. */
@Entity('feature_environments')
export class FeatureEnvironmentEntity {
  @PrimaryColumn({ name: 'feature_name', type: String, length: 255 })
  featureName: string;

  @PrimaryColumn({ type: String, length: 100 })
  environment: string;

  @Column({ type: Boolean, default: false })
  enabled: boolean;

  @Column({ type: 'simple-json', default: '[]' })
  variants: unknown[];

  @Column({ name: 'last_seen_at', type: Date, nullable: true })
  lastSeenAt: Date | null;
}

/** A strategy type (built in or custom) with the parameters it takes. */
@Entity('strategy_types')
export class StrategyTypeEntity {
  @PrimaryColumn({ type: String, length: 255 })
  name: string;

  @Column({ name: 'display_name', type: String, length: 255, nullable: true })
  displayName: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'simple-json', default: '[]' })
  parameters: unknown[];

  @Column({ name: 'built_in', type: Boolean, default: false })
  builtIn: boolean;

  @Column({ type: Boolean, default: true })
  editable: boolean;

  @Column({ type: Boolean, default: false })
  deprecated: boolean;

  @Column({ name: 'sort_order', type: Number, default: 9999 })
  sortOrder: number;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** An activation strategy of a feature in one environment. */
@Entity('feature_strategies')
export class FeatureStrategyEntity {
  @PrimaryColumn({ type: String, length: 36 })
  id: string;

  @Column({ name: 'feature_name', type: String, length: 255 })
  featureName: string;

  @Column({ name: 'project_name', type: String, length: 100 })
  projectName: string;

  @Column({ type: String, length: 100 })
  environment: string;

  @Column({ name: 'strategy_name', type: String, length: 255 })
  strategyName: string;

  @Column({ type: String, length: 255, nullable: true })
  title: string | null;

  @Column({ type: Boolean, default: false })
  disabled: boolean;

  @Column({ type: 'simple-json', default: '{}' })
  parameters: Record<string, unknown>;

  @Column({ type: 'simple-json', default: '[]' })
  constraints: unknown[];

  @Column({ type: 'simple-json', default: '[]' })
  variants: unknown[];

  @Column({ name: 'sort_order', type: Number, default: 0 })
  sortOrder: number;

  @Column({ name: 'created_by_user_id', type: Number, nullable: true })
  createdByUserId: number | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** A reusable segment: a named list of constraints, global or scoped to a project. */
@Entity('segments')
export class SegmentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: String, length: 255 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: String, length: 100, nullable: true })
  project: string | null;

  @Column({ type: 'simple-json', default: '[]' })
  constraints: unknown[];

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** A segment used by a feature strategy. */
@Entity('feature_strategy_segments')
export class FeatureStrategySegmentEntity {
  @PrimaryColumn({ name: 'strategy_id', type: String, length: 36 })
  strategyId: string;

  @PrimaryColumn({ name: 'segment_id', type: Number })
  segmentId: number;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** A tag type (e.g. simple) that feature tags are grouped by. */
@Entity('tag_types')
export class TagTypeEntity {
  @PrimaryColumn({ type: String, length: 50 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: String, length: 255, nullable: true })
  icon: string | null;

  @Column({ type: String, length: 50, nullable: true })
  color: string | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** A tag (type and value) attached to a feature. */
@Entity('feature_tags')
export class FeatureTagEntity {
  @PrimaryColumn({ name: 'feature_name', type: String, length: 255 })
  featureName: string;

  @PrimaryColumn({ name: 'tag_type', type: String, length: 50 })
  tagType: string;

  @PrimaryColumn({ name: 'tag_value', type: String, length: 50 })
  tagValue: string;

  @Column({ name: 'created_by_user_id', type: Number, nullable: true })
  createdByUserId: number | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** A feature a user marked as favorite. */
@Entity('favorite_features')
export class FavoriteFeatureEntity {
  @PrimaryColumn({ name: 'user_id', type: Number })
  userId: number;

  @PrimaryColumn({ name: 'feature_name', type: String, length: 255 })
  featureName: string;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** A lifecycle stage a feature entered, and when. */
@Entity('feature_lifecycles')
export class FeatureLifecycleEntity {
  @PrimaryColumn({ name: 'feature_name', type: String, length: 255 })
  featureName: string;

  @PrimaryColumn({ type: String, length: 32 })
  stage: string;

  @Column({ type: String, length: 64, nullable: true })
  status: string | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}

/** The parent a child feature depends on (at most one per child), with the required state. */
@Entity('feature_dependencies')
export class FeatureDependencyEntity {
  @PrimaryColumn({ type: String, length: 255 })
  child: string;

  @Column({ type: String, length: 255 })
  parent: string;

  @Column({ type: Boolean, default: true })
  enabled: boolean;

  @Column({ type: 'simple-json', default: '[]' })
  variants: string[];
}
