import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runAll } from './ddl.js';

/**
 * Event search (`GET /api/admin/search/events`) reads a page newest first and counts the events of one filter above
 * a settled id (see EventTotals), so each filter it offers walks an index ending in the id: the type, the creator,
 * the day range. The project and feature filters already had theirs (`flagwright_events_project_idx`,
 * `flagwright_events_feature_idx`). Per-flag metrics need none: the hourly tables' primary keys lead with the feature.
 */
export class EventSearchIndexes1700000023000 implements MigrationInterface {
  name = 'EventSearchIndexes1700000023000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, [
      'CREATE INDEX flagwright_events_type_idx ON flagwright_events (type, id)',
      'CREATE INDEX flagwright_events_created_by_user_id_idx ON flagwright_events (created_by_user_id, id)',
      'CREATE INDEX flagwright_events_created_at_idx ON flagwright_events (created_at, id)',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, [
      'DROP INDEX flagwright_events_created_at_idx',
      'DROP INDEX flagwright_events_created_by_user_id_idx',
      'DROP INDEX flagwright_events_type_idx',
    ]);
  }
}
