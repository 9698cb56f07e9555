import type { Database } from '../../src/core/database/database.js';
import type { Schema } from './database-schema.js';

const LOG_TABLE = 'test_change_log';

/**
 * Which tables the rows written since the last look belong to. Triggers installed in the test's own database log
 * every row a table gains or loses, and every update that changes a column outside `ignored`, in one log table: a
 * look is one read of the log's new rows, however large the database has grown. (Hashing every table after each
 * request cost a time that grew with the database: ten thousand fuzzed requests took seven minutes.)
 */
export class DatabaseChanges {
  private seen = 0;

  private constructor(private readonly db: Database) {}

  /** Installs the log and its triggers on every table of `schema`. For throwaway test databases only. */
  static async watch(db: Database, schema: Schema, ignored: string[] = []): Promise<DatabaseChanges> {
    const watched = (table: string) => schema[table].filter((column) => !ignored.includes(column));
    if (db.isPostgres) {
      await db.execute(`CREATE TABLE ${LOG_TABLE} (id bigserial PRIMARY KEY, table_name text NOT NULL)`);
      await db.execute(
        `CREATE FUNCTION ${LOG_TABLE}_write() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN INSERT INTO ${LOG_TABLE} (table_name) VALUES (TG_TABLE_NAME); RETURN NULL; END $$`,
      );
      for (const table of Object.keys(schema)) {
        await db.execute(
          `CREATE TRIGGER ${LOG_TABLE}_rows AFTER INSERT OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${LOG_TABLE}_write()`,
        );
        // Compared as text: json columns have no equality operator.
        const changed = watched(table).map((column) => `OLD."${column}"::text IS DISTINCT FROM NEW."${column}"::text`);
        if (changed.length > 0)
          await db.execute(
            `CREATE TRIGGER ${LOG_TABLE}_updates AFTER UPDATE ON "${table}" FOR EACH ROW
               WHEN (${changed.join(' OR ')}) EXECUTE FUNCTION ${LOG_TABLE}_write()`,
          );
      }
    } else {
      await db.execute(`CREATE TABLE ${LOG_TABLE} (id INTEGER PRIMARY KEY AUTOINCREMENT, table_name TEXT NOT NULL)`);
      // A full-text index (a virtual table and its shadow tables) only mirrors the rows of the tables it indexes.
      const virtual = (
        await db.query<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`)
      ).map((row) => row.name);
      const mirrors = (table: string) => virtual.some((name) => table === name || table.startsWith(`${name}_`));
      for (const table of Object.keys(schema).filter((table) => !mirrors(table))) {
        const log = `BEGIN INSERT INTO ${LOG_TABLE} (table_name) VALUES ('${table}'); END`;
        await db.execute(`CREATE TRIGGER "${LOG_TABLE}_inserts_${table}" AFTER INSERT ON "${table}" ${log}`);
        await db.execute(`CREATE TRIGGER "${LOG_TABLE}_deletes_${table}" AFTER DELETE ON "${table}" ${log}`);
        const changed = watched(table).map((column) => `OLD."${column}" IS NOT NEW."${column}"`);
        if (changed.length > 0)
          await db.execute(`CREATE TRIGGER "${LOG_TABLE}_updates_${table}" AFTER UPDATE ON "${table}" WHEN ${changed.join(' OR ')} ${log}`);
      }
    }
    return new DatabaseChanges(db);
  }

  /** The tables changed since the last look (sorted, each once). */
  async look(): Promise<string[]> {
    const rows = await this.db.query<{ id: number | string; table_name: string }>(
      `SELECT id, table_name FROM ${LOG_TABLE} WHERE id > :seen ORDER BY id`,
      { seen: this.seen },
    );
    if (rows.length > 0) this.seen = Number(rows[rows.length - 1].id);
    return [...new Set(rows.map((row) => row.table_name))].sort();
  }
}
