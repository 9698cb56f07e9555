import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, generationBumpFunction, runAll, sqliteGenerationBump, TABLE_PREFIX, triggerName } from './ddl.js';

/**
 * The activity generation: row 2 of `flagwright_search_generation`, which triggers replace on every change of what SDK traffic
 * moves (hourly evaluation counts, last-seen times of features and of their environments). Search keeps a page's
 * activity per (configuration generation, activity generation, hour window), so a result shows new metrics at once
 * on every instance while unchanged activity is not read again. Like row 1, it takes random values: a value seen in
 * a rolled-back transaction never comes back.
 */
export class SearchActivity1700000007000 implements MigrationInterface {
  name = 'SearchActivity1700000007000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await queryRunner.query('INSERT INTO flagwright_search_generation (id, generation) VALUES (2, 0)');
    if (isPostgres) {
      await queryRunner.query(generationBumpFunction('flagwright_search_activity_bump', 2));
      for (const [table, on] of ACTIVITY_TRIGGERS) {
        await queryRunner.query(
          `CREATE TRIGGER flagwright_search_activity_bump AFTER ${on.join(' OR ')} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION flagwright_search_activity_bump()`,
        );
      }
      return;
    }
    const bump = sqliteGenerationBump(2);
    for (const [table, on] of ACTIVITY_TRIGGERS) {
      for (const event of on)
        await queryRunner.query(`CREATE TRIGGER ${triggerName(ACTIVITY, table, event)} AFTER ${event} ON ${table} BEGIN ${bump} END`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    if (isPostgres) {
      for (const [table] of ACTIVITY_TRIGGERS)
        await queryRunner.query(`DROP TRIGGER IF EXISTS flagwright_search_activity_bump ON ${table}`);
      await queryRunner.query('DROP FUNCTION IF EXISTS flagwright_search_activity_bump()');
    } else {
      for (const [table, on] of ACTIVITY_TRIGGERS) {
        for (const event of on) await queryRunner.query(`DROP TRIGGER IF EXISTS ${triggerName(ACTIVITY, table, event)}`);
      }
    }
    await runAll(queryRunner, ['DELETE FROM flagwright_search_generation WHERE id = 2']);
  }
}

/** What SDK traffic writes. Inserts and deletes of features and environments move the configuration generation. */
const ACTIVITY_TRIGGERS: [string, string[]][] = [
  ['flagwright_client_metrics_hourly', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_features', ['UPDATE OF last_seen_at']],
  ['flagwright_feature_environments', ['UPDATE OF last_seen_at']],
];

/** What the SQLite triggers of ACTIVITY_TRIGGERS (and of the hourly table rebuilt by 1700000010000) are named after. */
export const ACTIVITY = `${TABLE_PREFIX}search_activity`;
