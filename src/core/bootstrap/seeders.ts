import { Injectable } from '@nestjs/common';
import { Database } from '../database/database.js';

/** The order of the seeders; core names the steps, each module provides its own. */
export const SEED_ORDER = {
  builtInRoles: 10,
  defaultProject: 20,
  /** after the default project, which gets them */
  environments: 30,
  strategyTypes: 40,
  tagTypes: 50,
  /** after the built-in roles: the first admin has one */
  firstAdmin: 60,
  /** after projects and environments, which tokens name */
  initialApiTokens: 70,
} as const;

/**
 * The seeders of the modules this FlagwrightModule is built from. Core knows none of them: each module's seeder
 * adds itself when Nest builds it, which is before any module's `onModuleInit`, where BootstrapService runs them.
 */
@Injectable()
export class Seeders {
  private readonly seeders: Seeder[] = [];

  add(seeder: Seeder): void {
    this.seeders.push(seeder);
  }

  inOrder(): Seeder[] {
    return [...this.seeders].sort((a, b) => a.seedOrder - b.seedOrder);
  }
}

/**
 * What a module writes into its own tables on a fresh installation. Idempotent: it skips every row that exists, so a
 * second start (or a second instance) changes nothing. A seeder adds itself to `Seeders` when Nest builds it.
 */
@Injectable()
export abstract class Seeder {
  /** Seeders run in ascending order, so that rows exist before the rows that refer to them. */
  abstract readonly seedOrder: number;

  constructor(
    protected readonly db: Database,
    seeders: Seeders,
  ) {
    seeders.add(this);
  }

  /**
   * Runs inside the bootstrap's transaction; `now` is the one creation time of everything seeded by this start. A
   * write whose outcome the seeder does not read goes out with `db.submit`: on PostgreSQL the transaction sends it
   * without waiting for its answer (the built-in roles alone were 65 round trips at every start).
   */
  abstract seed(now: Date): Promise<void>;
}
