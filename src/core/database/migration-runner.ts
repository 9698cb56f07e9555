import { type DataSource, Migration, MigrationExecutor, type QueryRunner } from 'typeorm';
import { FIRST_MIGRATION_TABLES, isEarlierTableOfOurs, TablePrefix1700000013000 } from './migrations/1700000013000-table-prefix.js';
import { TABLE_PREFIX } from './migrations/ddl.js';
import { flagwrightMigrations } from './migrations/index.js';

/** A row of a migrations table recorded before ours had its own. */
interface EarlierRow {
  timestamp: number | string;
  name: string;
}

/** Where our migrations are recorded, whatever table the host's data source keeps its own in. */
export const FLAGWRIGHT_MIGRATIONS_TABLE = 'flagwright_migrations';

/** TypeORM's default table, where databases migrated before FLAGWRIGHT_MIGRATIONS_TABLE existed recorded ours. */
const TYPEORM_MIGRATIONS_TABLE = 'migrations';

type MigrationClass = (typeof flagwrightMigrations)[number];

/**
 * TypeORM's executor, over our migrations (all, or the few given) and our table only. It reads both from the data
 * source, so it gets a view of the data source whose `migrations` and `migrationsTableName` are ours; everything
 * else (connection, driver, logger) is the data source itself. The host's migrations, listed in its data source,
 * are never seen.
 */
class FlagwrightMigrationExecutor extends MigrationExecutor {
  /** The tables our migrations were recorded in before they had their own: TypeORM's default, or the host's. */
  private readonly earlierTables: string[];

  constructor(
    private readonly shared: DataSource,
    only: readonly MigrationClass[] = flagwrightMigrations,
  ) {
    const migrations = only.map((migration) => new migration());
    const options = { ...shared.options, migrationsTableName: FLAGWRIGHT_MIGRATIONS_TABLE };
    const ours = new Proxy(shared, {
      get: (target, property, receiver) =>
        property === 'migrations' ? migrations : property === 'options' ? options : Reflect.get(target, property, receiver),
    });
    super(ours);
    this.transaction = 'each';
    this.earlierTables = [...new Set([TYPEORM_MIGRATIONS_TABLE, shared.options.migrationsTableName ?? TYPEORM_MIGRATIONS_TABLE])].filter(
      (table) => table !== FLAGWRIGHT_MIGRATIONS_TABLE,
    );
  }

  /**
   * Once, when our table does not exist yet: moves our rows out of the tables they were recorded in before (so an
   * existing database runs nothing twice), in one transaction. Rows are ours only when they are provably Flagwright's:
   * the rows bearing our names are our migrations from the first on, in our order and with our timestamps, and the
   * database holds every table our first migration created, with its columns (under the plain or prefixed names).
   * Anything else (a host's own `InitialSchema1700000000000`, say) is the host's and stays where it is, and our
   * migrations run from the start. The host's rows stay; a table left empty is dropped.
   */
  async adoptEarlierHistory(): Promise<void> {
    await this.withQueryRunner(async (runner) => {
      if (await runner.hasTable(FLAGWRIGHT_MIGRATIONS_TABLE)) return;
      const { schema } = this.shared.driver.options as { schema?: string };
      const earlier: { table: string; ours: EarlierRow[]; total: number }[] = [];
      for (const name of this.earlierTables) {
        const table = this.shared.driver.buildTableName(name, schema, this.shared.driver.database);
        if (!(await runner.hasTable(table))) continue;
        const rows: EarlierRow[] = await runner.manager
          .createQueryBuilder()
          .select()
          .from(table, 'earlier')
          .orderBy(this.shared.driver.escape('id'))
          .getRawMany();
        const ours = rows.filter((row) => this.isOurName(row.name));
        if (ours.length > 0) earlier.push({ table, ours, total: rows.length });
      }
      if (
        earlier.length === 0 ||
        !(await this.holdsOurEarlierHistory(
          runner,
          earlier.flatMap((table) => table.ours),
        ))
      )
        return;
      await runner.startTransaction();
      try {
        await this.createMigrationsTableIfNotExist(runner);
        for (const { table, ours, total } of earlier) {
          for (const row of ours) await this.insertExecutedMigration(runner, new Migration(undefined, Number(row.timestamp), row.name));
          await runner.manager
            .createQueryBuilder()
            .delete()
            .from(table)
            .where(`${this.shared.driver.escape('name')} IN (:...names)`, { names: ours.map((row) => row.name) })
            .execute();
          if (ours.length === total) await runner.dropTable(table);
        }
        await runner.commitTransaction();
      } catch (error) {
        await runner.rollbackTransaction();
        throw error;
      }
    });
  }

  private isOurName(name: string): boolean {
    return this.getMigrations().some((migration) => migration.name === name);
  }

  /**
   * Whether `rows` (those bearing our names, in the order they were recorded) are our history: our first migrations,
   * in order, each once, with our timestamps, and every table of our first migration present with our columns.
   */
  private async holdsOurEarlierHistory(runner: QueryRunner, rows: EarlierRow[]): Promise<boolean> {
    const migrations = this.getMigrations();
    const inOrder = rows.every(
      (row, index) => migrations[index]?.name === row.name && Number(migrations[index].timestamp) === Number(row.timestamp),
    );
    if (!inOrder) return false;
    for (const plain of FIRST_MIGRATION_TABLES) {
      const ours = (await isEarlierTableOfOurs(runner, plain, plain)) || (await isEarlierTableOfOurs(runner, TABLE_PREFIX + plain, plain));
      if (!ours) return false;
    }
    return true;
  }

  /**
   * Our migrations were rewritten to create `flagwright_` names (issue 12). A database some of them ran on before
   * has the plain names, and the pending ones would not find their tables: TablePrefix1700000013000 runs first
   * there, alone, and renames everything; the rest then run in order on the prefixed names. On a database none
   * ran on it stays in its place, last, where it finds the prefixed tables and does nothing.
   */
  async movePlainNamesFirst(): Promise<Migration[]> {
    const executed = await this.getExecutedMigrations();
    if (executed.length === 0 || executed.some((migration) => migration.name === TablePrefix1700000013000.name)) return [];
    return new FlagwrightMigrationExecutor(this.shared, [TablePrefix1700000013000]).executePendingMigrations();
  }
}

/**
 * Runs our pending migrations, and only ours, recorded in FLAGWRIGHT_MIGRATIONS_TABLE (our rows recorded elsewhere
 * before are moved there first; plain table names are prefixed first). Each migration runs in its own transaction.
 */
export async function runFlagwrightMigrations(dataSource: DataSource): Promise<Migration[]> {
  const first = await prepareForFlagwrightMigrations(dataSource);
  return [...first, ...(await new FlagwrightMigrationExecutor(dataSource).executePendingMigrations())];
}

/**
 * What runs before our pending migrations, also for a data source that runs them itself (the TypeORM CLI's): our
 * earlier rows moved to our table, then the plain table names of an earlier release prefixed.
 */
export async function prepareForFlagwrightMigrations(dataSource: DataSource): Promise<Migration[]> {
  const executor = new FlagwrightMigrationExecutor(dataSource);
  await executor.adoptEarlierHistory();
  return executor.movePlainNamesFirst();
}
