import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, runAll } from './ddl.js';

/**
 * Links that let a person set a password (`flagwright_reset_tokens`: a welcome link for someone without one, a reset
 * link otherwise), and invite links that let people sign up (`flagwright_signup_tokens`). Only the SHA-256 digest of
 * each link's secret is stored. A reset link goes with its user; it also remembers a fingerprint of the password
 * it was made under, so it dies when the password changes, whoever changes it.
 */
export class Invitations1700000024001 implements MigrationInterface {
  name = 'Invitations1700000024001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { timestamp: ts, bool } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      `CREATE TABLE flagwright_reset_tokens (
        id_hash VARCHAR(64) NOT NULL PRIMARY KEY,
        user_id INTEGER NOT NULL,
        kind VARCHAR(16) NOT NULL,
        password_fingerprint VARCHAR(64) NOT NULL,
        created_by VARCHAR(255) NOT NULL,
        created_at ${ts} NOT NULL,
        expires_at ${ts} NOT NULL,
        used_at ${ts} NULL,
        CONSTRAINT "flagwright_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "flagwright_users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`,
      'CREATE INDEX flagwright_reset_tokens_user_idx ON flagwright_reset_tokens (user_id)',
      `CREATE TABLE flagwright_signup_tokens (
        id_hash VARCHAR(64) NOT NULL PRIMARY KEY,
        name VARCHAR(255) NOT NULL,
        root_role_id INTEGER NOT NULL,
        enabled ${bool} NOT NULL,
        created_by VARCHAR(255) NOT NULL,
        created_at ${ts} NOT NULL,
        expires_at ${ts} NOT NULL
      )`,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, ['DROP TABLE flagwright_signup_tokens', 'DROP TABLE flagwright_reset_tokens']);
  }
}
