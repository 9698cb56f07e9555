import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, runAll } from './ddl.js';

/** `flagwright_auth_settings`: the OpenID Connect and password-login settings the admin API changes (module `sso`). */
export class AuthSettings1700000025000 implements MigrationInterface {
  name = 'AuthSettings1700000025000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { timestamp } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      `CREATE TABLE flagwright_auth_settings (
        name VARCHAR(100) PRIMARY KEY NOT NULL,
        content TEXT NOT NULL,
        updated_at ${timestamp} NOT NULL
      )`,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE flagwright_auth_settings');
  }
}
