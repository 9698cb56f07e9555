import { Column, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';

/**
 * A flag type (release, experiment, …) and its expected lifetime: a flag of the type is potentially stale once it is
 * older than `lifetime_days` (never when null). The five types are Unleash's, created by migration 1700000021000.
 */
@FlagwrightEntity('flagwright_feature_types')
export class FeatureTypeEntity {
  @PrimaryColumn({ type: String, length: 50 })
  id: string;

  @Column({ type: String, length: 255 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'lifetime_days', type: 'integer', nullable: true })
  lifetimeDays: number | null;
}
