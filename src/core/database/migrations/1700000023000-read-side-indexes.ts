import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runAll } from './ddl.js';

/**
 * Event search (`GET /api/admin/search/events`) reads a page newest first and counts the events of one filter above
 * a settled id (see EventTotals), so each filter it offers walks an index ending in the id: the type, the creator,
 * the day range. The project and feature filters already had theirs (`flagwright_events_project_idx`,
 * `flagwright_events_feature_idx`). Per-flag metrics need none: the hourly tables' primary keys lead with the feature;
 * an application's projects, environments and features (`/api/admin/metrics/applications…`) are read from
 * `flagwright_client_metrics_hourly_app_name_idx` alone.
 */
export class ReadSideIndexes1700000023000 implements MigrationInterface {
  name = 'ReadSideIndexes1700000023000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, [
      'CREATE INDEX flagwright_events_type_idx ON flagwright_events (type, id)',
      'CREATE INDEX flagwright_events_created_by_user_id_idx ON flagwright_events (created_by_user_id, id)',
      'CREATE INDEX flagwright_events_created_at_idx ON flagwright_events (created_at, id)',
      'CREATE INDEX flagwright_client_metrics_hourly_app_name_idx ON flagwright_client_metrics_hourly (app_name, environment, feature_name)',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, [
      'DROP INDEX flagwright_client_metrics_hourly_app_name_idx',
      'DROP INDEX flagwright_events_created_at_idx',
      'DROP INDEX flagwright_events_created_by_user_id_idx',
      'DROP INDEX flagwright_events_type_idx',
    ]);
  }
}
