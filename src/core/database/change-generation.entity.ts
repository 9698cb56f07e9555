import { Column, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from './flagwright-entity.js';

/** One row per kind of change that answers kept in memory depend on (`sdk`, `credentials`); triggers move them. */
@FlagwrightEntity('flagwright_change_generations')
export class ChangeGenerationEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'bigint' })
  generation: string;
}
