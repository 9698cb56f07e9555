import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, runAll } from './ddl.js';

/**
 * What a person sees of their own sessions: when each was last used, and the address and user agent it was started
 * from. None of these columns moves the `sessions` change generation (its triggers name other columns), so
 * recording a session's use does not make other instances forget what they remember.
 */
export class SessionDetails1700000024000 implements MigrationInterface {
  name = 'SessionDetails1700000024000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { timestamp } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      `ALTER TABLE flagwright_sessions ADD COLUMN last_seen_at ${timestamp} NULL`,
      'ALTER TABLE flagwright_sessions ADD COLUMN address VARCHAR(64) NULL',
      'ALTER TABLE flagwright_sessions ADD COLUMN user_agent VARCHAR(512) NULL',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, [
      'ALTER TABLE flagwright_sessions DROP COLUMN user_agent',
      'ALTER TABLE flagwright_sessions DROP COLUMN address',
      'ALTER TABLE flagwright_sessions DROP COLUMN last_seen_at',
    ]);
  }
}
