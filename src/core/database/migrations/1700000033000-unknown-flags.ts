import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, runAll } from './ddl.js';

/**
 * `flagwright_unknown_flags`: flag names SDKs report in their metrics that are no feature, per application and
 * environment, with when they were last reported, as Unleash keeps them for `GET /api/admin/metrics/unknown-flags`
 * (module `client-metrics`). Rows not reported again for 24 hours are deleted; `seen_at` is indexed for that.
 */
export class UnknownFlags1700000033000 implements MigrationInterface {
  name = 'UnknownFlags1700000033000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { timestamp: ts } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      `CREATE TABLE flagwright_unknown_flags (
        name VARCHAR(255) NOT NULL,
        app_name VARCHAR(255) NOT NULL,
        environment VARCHAR(100) NOT NULL,
        seen_at ${ts} NOT NULL,
        PRIMARY KEY (name, app_name, environment)
      )`,
      'CREATE INDEX flagwright_unknown_flags_seen_at_idx ON flagwright_unknown_flags (seen_at)',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, ['DROP TABLE flagwright_unknown_flags']);
  }
}
