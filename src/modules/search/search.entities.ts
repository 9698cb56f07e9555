import { Column, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';

/**
 * Row 1 (configuration) and row 2 (activity), whose generations triggers move on every change a search filter or a
 * result can see; search caches per generation. The SQLite-only trigram index (`flagwright_feature_search_fts` and
 * `flagwright_feature_search_keys`) is maintained by triggers and has no entity.
 */
@FlagwrightEntity('flagwright_search_generation')
export class SearchGenerationEntity {
  @PrimaryColumn({ type: Number })
  id: number;

  @Column({ type: 'bigint' })
  generation: string;
}
