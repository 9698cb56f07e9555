import { Column, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A strategy type (built in or custom) with the parameters it takes. */
@FlagwrightEntity('flagwright_strategy_types')
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

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** An activation strategy of a feature in one environment. */
@FlagwrightEntity('flagwright_feature_strategies')
@Index('flagwright_feature_strategies_feature_env_idx', ['featureName', 'environment', 'sortOrder'])
export class FeatureStrategyEntity {
  @PrimaryColumn({ type: String, length: 36 })
  id: string;

  @Column({ name: 'feature_name', type: String, length: 255 })
  @ForeignKey('flagwright_features', { name: 'flagwright_feature_strategies_feature_name_fkey', onDelete: 'CASCADE' })
  featureName: string;

  @Column({ name: 'project_name', type: String, length: 100 })
  projectName: string;

  @Column({ type: String, length: 100 })
  @ForeignKey('flagwright_environments', { name: 'flagwright_feature_strategies_environment_fkey', onDelete: 'CASCADE' })
  environment: string;

  @Column({ name: 'strategy_name', type: String, length: 255 })
  @ForeignKey('flagwright_strategy_types', { name: 'flagwright_feature_strategies_strategy_name_fkey' })
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

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** A segment used by a feature strategy. */
@FlagwrightEntity('flagwright_feature_strategy_segments')
@Index('flagwright_feature_strategy_segments_segment_idx', ['segmentId'])
export class FeatureStrategySegmentEntity {
  @PrimaryColumn({ name: 'strategy_id', type: String, length: 36 })
  @ForeignKey('flagwright_feature_strategies', { name: 'flagwright_feature_strategy_segments_strategy_id_fkey', onDelete: 'CASCADE' })
  strategyId: string;

  @PrimaryColumn({ name: 'segment_id', type: Number })
  @ForeignKey('flagwright_segments', { name: 'flagwright_feature_strategy_segments_segment_id_fkey', onDelete: 'CASCADE' })
  segmentId: number;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
