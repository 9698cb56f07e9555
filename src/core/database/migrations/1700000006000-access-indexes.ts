import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runAll } from './ddl.js';

/**
 * Project access reads the roles of one project (`GET /api/admin/projects/{id}/access`, the Owner count every
 * change checks); the primary keys of `flagwright_role_users` and `flagwright_group_roles` lead with the user and the group instead.
 */
export class AccessIndexes1700000006000 implements MigrationInterface {
  name = 'AccessIndexes1700000006000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, [
      'CREATE INDEX flagwright_role_users_project_idx ON flagwright_role_users (project, role_id)',
      'CREATE INDEX flagwright_group_roles_project_idx ON flagwright_group_roles (project, role_id)',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, ['DROP INDEX flagwright_group_roles_project_idx', 'DROP INDEX flagwright_role_users_project_idx']);
  }
}
