import { Injectable } from '@nestjs/common';
import { BUILT_IN_ROLES } from '../../core/access/permissions.js';
import { SEED_ORDER, Seeder } from '../../core/bootstrap/seeders.js';

/** The built-in roles and their permissions (`flagwright_roles`, `flagwright_role_permissions`), with the ids the permission catalogue gives them. */
@Injectable()
export class RoleSeeder extends Seeder {
  readonly seedOrder = SEED_ORDER.builtInRoles;

  async seed(at: Date): Promise<void> {
    const now = this.db.toTimestamp(at);
    for (const role of BUILT_IN_ROLES) {
      await this.db.submit(
        `INSERT INTO flagwright_roles (id, name, description, type, built_in, created_at) VALUES (:id, :name, :description, :type, true, :now)
         ON CONFLICT (id) DO NOTHING`,
        { ...role, now },
      );
      for (const permission of role.permissions) {
        await this.db.submit(
          `INSERT INTO flagwright_role_permissions (role_id, permission, environment) VALUES (:roleId, :permission, '') ON CONFLICT DO NOTHING`,
          { roleId: role.id, permission },
        );
      }
    }
    if (this.db.isPostgres) {
      // Explicit ids leave the sequence behind; custom roles must start after the built-in ones.
      await this.db.query(`SELECT setval('flagwright_roles_id_seq', GREATEST((SELECT MAX(id) FROM flagwright_roles), 6))`);
    }
  }
}
