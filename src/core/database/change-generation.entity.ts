import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per kind of change that answers kept in memory depend on (`sdk`, `credentials`); triggers move them. */
@Entity('flagwright_change_generations')
export class ChangeGenerationEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'bigint' })
  generation: string;
}
