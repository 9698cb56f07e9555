import { Inject, Injectable, Logger } from '@nestjs/common';
import { PasswordHasher } from '../../core/access/password-hasher.js';
import { ROLE } from '../../core/access/permissions.js';
import { SEED_ORDER, Seeder, Seeders } from '../../core/bootstrap/seeders.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';

/** The first admin, when the options name one, created only while no person (non-service user) exists. */
@Injectable()
export class FirstAdminSeeder extends Seeder {
  readonly seedOrder = SEED_ORDER.firstAdmin;
  private readonly logger = new Logger('Flagwright');

  constructor(
    db: Database,
    seeders: Seeders,
    private readonly passwords: PasswordHasher,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {
    super(db, seeders);
  }

  async seed(at: Date): Promise<void> {
    const admin = this.config.bootstrap.admin;
    if (!admin) return;
    const people = await this.db.one<{ count: number | string }>('SELECT COUNT(*) AS count FROM flagwright_users WHERE is_service = false');
    if (Number(people?.count) > 0) return;
    await this.db.execute(
      `INSERT INTO flagwright_users (username, name, password_hash, root_role_id, created_at) VALUES (:username, :username, :hash, :role, :now)`,
      { username: admin.username, hash: await this.passwords.hash(admin.password), role: ROLE.ADMIN, now: this.db.toTimestamp(at) },
    );
    // The password itself is never logged: the standalone service says its well-known default where it starts.
    this.logger.log(`Created the first admin user "${admin.username}" with the password given at start. Log in and change it.`);
  }
}
