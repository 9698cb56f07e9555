import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runAll } from './ddl.js';

/**
 * What `createApplication` sets on an application besides its strategies, as Unleash keeps them: a link, a colour
 * and an icon (module `client-metrics`).
 */
export class ApplicationDetails1700000032000 implements MigrationInterface {
  name = 'ApplicationDetails1700000032000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, [
      'ALTER TABLE flagwright_client_applications ADD COLUMN url TEXT',
      'ALTER TABLE flagwright_client_applications ADD COLUMN color TEXT',
      'ALTER TABLE flagwright_client_applications ADD COLUMN icon TEXT',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['icon', 'color', 'url'])
      await queryRunner.query(`ALTER TABLE flagwright_client_applications DROP COLUMN ${column}`);
  }
}
