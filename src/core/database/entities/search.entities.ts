import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row (id 1) whose generation triggers bump on every change a feature search filter can see; search caches
 * its totals per generation. The SQLite-only trigram index (`feature_search_fts` and `feature_search_keys`) is
 * maintained by triggers and has no entity.
 */
@Entity('search_generation')
export class SearchGenerationEntity {
  @PrimaryColumn({ type: Number })
  id: number;

  @Column({ type: 'bigint' })
  generation: string;
}

/** One row per kind of change that answers kept in memory depend on (`sdk`, ...); triggers move them. */
@Entity('change_generations')
export class ChangeGenerationEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'bigint' })
  generation: string;
}
