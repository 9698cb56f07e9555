import { DataSource, type Migration } from 'typeorm';
import { prepareForFlagwrightMigrations } from './src/core/database/migration-runner.js';
import { describeTimestampsWithTimeZone } from './src/core/database/timestamp-column.js';
import { dataSourceOptions } from './src/standalone/data-source-options.js';
import { readEnvironment } from './src/standalone/environment.js';

/** The service's DataSource, whose entities say TIMESTAMPTZ where PostgreSQL has it (see TimestampColumn). */
class FlagwrightDataSource extends DataSource {
  protected override async buildMetadatas(): Promise<void> {
    await super.buildMetadatas();
    describeTimestampsWithTimeZone(this);
  }

  /** `migration:run` on a database migrated before our migrations had their own table, or before our tables were
   * prefixed: nothing runs twice, and the rewritten migrations find their tables. */
  override async runMigrations(options?: Parameters<DataSource['runMigrations']>[0]): Promise<Migration[]> {
    await prepareForFlagwrightMigrations(this);
    return super.runMigrations(options);
  }
}

/** The DataSource the TypeORM CLI uses (`npm run migration:run`, its schema commands): the same settings as the service. */
export default new FlagwrightDataSource(dataSourceOptions(readEnvironment(process.env)));
