import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The host's own people, in a table named as most applications name it. */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', unique: true })
  email: string;
}
