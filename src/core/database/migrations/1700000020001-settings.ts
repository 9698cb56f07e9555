import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor } from './ddl.js';

/**
 * `flagwright_settings`: service-wide settings an admin changes through the API, one JSON document per name, as
 * Unleash keeps its settings (the frontend API's allowed CORS origins under `unleash.frontend`).
 */
export class Settings1700000020001 implements MigrationInterface {
  name = 'Settings1700000020001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await queryRunner.query(
      isPostgres
        ? 'CREATE TABLE flagwright_settings (name VARCHAR(255) NOT NULL, content TEXT NOT NULL, CONSTRAINT flagwright_settings_pkey PRIMARY KEY (name))'
        : // As TypeORM's schema builder writes the entity on SQLite, so it finds nothing to rebuild.
          'CREATE TABLE "flagwright_settings" ("name" varchar(255) PRIMARY KEY NOT NULL, "content" text NOT NULL)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE flagwright_settings');
  }
}
