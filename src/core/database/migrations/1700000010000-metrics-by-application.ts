import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ACTIVITY } from './1700000007000-search-activity.js';
import { ddlFor, runAll, sqliteGenerationBump, triggerName } from './ddl.js';

const HOURLY = 'flagwright_client_metrics_hourly';
const NEXT = 'flagwright_client_metrics_hourly_next';

/**
 * SDK metrics per application, with their variants, and bounded in time:
 * - `flagwright_client_metrics_hourly` gains `app_name` in its key (feature, environment, hour, application), so the buckets
 *   several instances add to keep each application's counts apart; rows written without it (and the rows kept
 *   from before) belong to the application `''`. Readers that sum per feature and environment are unchanged.
 * - `flagwright_client_metrics_variants_hourly`: how often each variant was served, per the same key.
 * - an index on `hour_start` of both tables, for the retention that deletes the hours past it.
 * The hourly table is rebuilt (SQLite cannot change a primary key), so the triggers that move the search activity
 * generation (migration 1700000007000) are created again on the new table.
 */
export class MetricsByApplication1700000010000 implements MigrationInterface {
  name = 'MetricsByApplication1700000010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { timestamp: ts, isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      `CREATE TABLE ${NEXT} (
        feature_name VARCHAR(255) NOT NULL,
        environment VARCHAR(100) NOT NULL,
        hour_start ${ts} NOT NULL,
        app_name VARCHAR(255) NOT NULL DEFAULT '',
        yes_count INTEGER NOT NULL DEFAULT 0,
        no_count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (feature_name, environment, hour_start, app_name)
      )`,
      `INSERT INTO ${NEXT} (feature_name, environment, hour_start, app_name, yes_count, no_count)
         SELECT feature_name, environment, hour_start, '', yes_count, no_count FROM ${HOURLY}`,
      ...replaceHourlyTable(isPostgres),
      `CREATE TABLE flagwright_client_metrics_variants_hourly (
        feature_name VARCHAR(255) NOT NULL,
        environment VARCHAR(100) NOT NULL,
        hour_start ${ts} NOT NULL,
        app_name VARCHAR(255) NOT NULL,
        variant VARCHAR(255) NOT NULL,
        count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (feature_name, environment, hour_start, app_name, variant)
      )`,
      'CREATE INDEX flagwright_client_metrics_variants_hourly_hour_idx ON flagwright_client_metrics_variants_hourly (hour_start)',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const { timestamp: ts, isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      'DROP TABLE flagwright_client_metrics_variants_hourly',
      `CREATE TABLE ${NEXT} (
        feature_name VARCHAR(255) NOT NULL,
        environment VARCHAR(100) NOT NULL,
        hour_start ${ts} NOT NULL,
        yes_count INTEGER NOT NULL DEFAULT 0,
        no_count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (feature_name, environment, hour_start)
      )`,
      `INSERT INTO ${NEXT} (feature_name, environment, hour_start, yes_count, no_count)
         SELECT feature_name, environment, hour_start, SUM(yes_count), SUM(no_count) FROM ${HOURLY} GROUP BY feature_name, environment, hour_start`,
      ...replaceHourlyTable(isPostgres),
    ]);
  }
}

/** Puts the filled `NEXT` table in the place of the hourly table, with its retention index and activity triggers. */
function replaceHourlyTable(isPostgres: boolean): string[] {
  const triggers = isPostgres
    ? [
        `CREATE TRIGGER flagwright_search_activity_bump AFTER INSERT OR UPDATE OR DELETE ON ${HOURLY} FOR EACH STATEMENT EXECUTE FUNCTION flagwright_search_activity_bump()`,
      ]
    : ['INSERT', 'UPDATE', 'DELETE'].map(
        (event) =>
          `CREATE TRIGGER ${triggerName(ACTIVITY, HOURLY, event)} AFTER ${event} ON ${HOURLY} BEGIN ${sqliteGenerationBump(2)} END`,
      );
  return [
    `DROP TABLE ${HOURLY}`,
    `ALTER TABLE ${NEXT} RENAME TO ${HOURLY}`,
    ...(isPostgres ? [`ALTER TABLE ${HOURLY} RENAME CONSTRAINT ${NEXT}_pkey TO ${HOURLY}_pkey`] : []),
    `CREATE INDEX ${HOURLY}_hour_idx ON ${HOURLY} (hour_start)`,
    ...triggers,
  ];
}
