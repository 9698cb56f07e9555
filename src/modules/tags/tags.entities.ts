import { Column, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A tag type (e.g. simple) that feature tags are grouped by. */
@FlagwrightEntity('flagwright_tag_types')
export class TagTypeEntity {
  @PrimaryColumn({ type: String, length: 50 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: String, length: 255, nullable: true })
  icon: string | null;

  @Column({ type: String, length: 50, nullable: true })
  color: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** A tag value that exists (`type:value`), whether or not a feature has it. */
@FlagwrightEntity('flagwright_tags')
export class TagEntity {
  @PrimaryColumn({ type: String, length: 50 })
  @ForeignKey('flagwright_tag_types', { name: 'flagwright_tags_type_fkey', onDelete: 'CASCADE' })
  type: string;

  @PrimaryColumn({ type: String, length: 50 })
  value: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/**
 * A tag (type and value) attached to a feature. The trigram index over `type:value` exists on PostgreSQL only and is
 * an expression index, so it is declared but left to the migration (1700000003000).
 */
@FlagwrightEntity('flagwright_feature_tags')
@Index('flagwright_feature_tags_tag_idx', ['tagType', 'tagValue'])
@Index('flagwright_feature_tags_trgm_idx', { synchronize: false })
export class FeatureTagEntity {
  @PrimaryColumn({ name: 'feature_name', type: String, length: 255 })
  @ForeignKey('flagwright_features', { name: 'flagwright_feature_tags_feature_name_fkey', onDelete: 'CASCADE' })
  featureName: string;

  @PrimaryColumn({ name: 'tag_type', type: String, length: 50 })
  @ForeignKey('flagwright_tag_types', { name: 'flagwright_feature_tags_tag_type_fkey', onDelete: 'CASCADE' })
  tagType: string;

  @PrimaryColumn({ name: 'tag_value', type: String, length: 50 })
  tagValue: string;

  @Column({ name: 'created_by_user_id', type: Number, nullable: true })
  createdByUserId: number | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
