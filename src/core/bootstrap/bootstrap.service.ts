import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Clock } from '../clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../config/flagwright-config.js';
import { Database } from '../database/database.js';
import { runFlagwrightMigrations } from '../database/migration-runner.js';
import { checkHttpPlatform } from '../http/http-platform-check.js';
import { Seeders } from './seeders.js';

/** Any constant works; all instances must agree on it so only one migrates and seeds at a time. */
const MIGRATION_LOCK_KEY = 4242_0001;

/**
 * Checks the HTTP platform, then brings the database to the current schema and has each module seed what a fresh installation needs (`Seeders`,
 * in their order, in one transaction). Idempotent: every seeder skips the rows that exist, so a second start (or a
 * second instance) changes nothing.
 */
@Injectable()
export class BootstrapService implements OnModuleInit {
  private done = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly seeders: Seeders,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {}

  async onModuleInit(): Promise<void> {
    // Before the database is touched: an application we cannot serve is refused without migrating anything.
    checkHttpPlatform(this.adapterHost);
    const dataSource = this.db.dataSource;
    if (!dataSource.isInitialized) await dataSource.initialize();
    await this.exclusively(async () => {
      // Ours only, in our own table: the host's migrations, in the same data source, are the host's to run.
      if (this.config.runMigrations) await runFlagwrightMigrations(dataSource);
      await this.db.transaction(() => this.seed());
    });
    this.done = true;
  }

  /** True once the schema is current and the seed data is in place. */
  get isComplete(): boolean {
    return this.done;
  }

  private async exclusively(work: () => Promise<void>): Promise<void> {
    if (!this.db.isPostgres) return work();
    const runner = this.db.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await runner.release();
    }
  }

  private async seed(): Promise<void> {
    const now = this.clock.now();
    for (const seeder of this.seeders.inOrder()) await seeder.seed(now);
  }
}
