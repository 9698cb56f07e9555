import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runAll } from './ddl.js';

/**
 * Project access reads the roles of one project (`GET /api/admin/projects/{id}/access`, the Owner count every
 * change checks); the primary keys of `role_users` and `group_roles` lead with the user and the group instead.
 */
export class AccessIndexes1700000006000 implements MigrationInterface {
  name = 'AccessIndexes1700000006000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, [
      'CREATE INDEX role_users_project_idx ON role_users (project, role_id)',
      'CREATE INDEX group_roles_project_idx ON group_roles (project, role_id)',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, ['DROP INDEX group_roles_project_idx', 'DROP INDEX role_users_project_idx']);
  }
}
