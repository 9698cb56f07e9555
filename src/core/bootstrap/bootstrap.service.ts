import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { parseApiToken } from '../access/api-token-format.js';
import { PasswordHasher } from '../access/password-hasher.js';
import { BUILT_IN_ROLES, DEFAULT_PROJECT, ROLE } from '../access/permissions.js';
import type { ApiTokenType } from '../access/principal.js';
import { hashSecret } from '../access/secrets.js';
import { Clock } from '../clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../config/flagwright-config.js';
import { Database } from '../database/database.js';
import { runFlagwrightMigrations } from '../database/migration-runner.js';
import { SEED_ENVIRONMENTS, SEED_PROJECT, SEED_STRATEGY_TYPES, SEED_TAG_TYPES } from './seed-data.js';

/** Any constant works; all instances must agree on it so only one migrates and seeds at a time. */
const MIGRATION_LOCK_KEY = 4242_0001;

/**
 * Brings the database to the current schema and seeds what a fresh installation needs. Idempotent: every insert
 * is skipped when its row exists, so a second start (or a second instance) changes nothing.
 */
@Injectable()
export class BootstrapService implements OnModuleInit {
  private readonly logger = new Logger('Flagwright');
  private done = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly passwords: PasswordHasher,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const dataSource = this.db.dataSource;
    if (!dataSource.isInitialized) await dataSource.initialize();
    await this.exclusively(async () => {
      // Ours only, in our own table: the host's migrations, in the same data source, are the host's to run.
      if (this.config.runMigrations) await runFlagwrightMigrations(dataSource);
      await this.db.transaction(() => this.seed());
    });
    this.done = true;
  }

  /** True once the schema is current and the seed data is in place. */
  get isComplete(): boolean {
    return this.done;
  }

  private async exclusively(work: () => Promise<void>): Promise<void> {
    if (!this.db.isPostgres) return work();
    const runner = this.db.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await runner.release();
    }
  }

  private async seed(): Promise<void> {
    const now = this.db.toTimestamp(this.clock.now());
    for (const role of BUILT_IN_ROLES) {
      await this.db.execute(
        `INSERT INTO roles (id, name, description, type, built_in, created_at) VALUES (:id, :name, :description, :type, true, :now)
         ON CONFLICT (id) DO NOTHING`,
        { ...role, now },
      );
      for (const permission of role.permissions) {
        await this.db.execute(
          `INSERT INTO role_permissions (role_id, permission, environment) VALUES (:roleId, :permission, '') ON CONFLICT DO NOTHING`,
          { roleId: role.id, permission },
        );
      }
    }
    if (this.db.isPostgres) {
      // Explicit ids leave the sequence behind; custom roles must start after the built-in ones.
      await this.db.query(`SELECT setval('roles_id_seq', GREATEST((SELECT MAX(id) FROM roles), 6))`);
    }
    await this.db.execute(
      `INSERT INTO projects (id, name, description, created_at) VALUES (:id, :name, :description, :now) ON CONFLICT (id) DO NOTHING`,
      { ...SEED_PROJECT, now },
    );
    for (const environment of SEED_ENVIRONMENTS) {
      const created = await this.db.execute(
        `INSERT INTO environments (name, type, sort_order, created_at) VALUES (:name, :type, :sortOrder, :now) ON CONFLICT (name) DO NOTHING`,
        { ...environment, now },
      );
      if (created) {
        await this.db.execute(
          `INSERT INTO project_environments (project_id, environment_name) VALUES (:project, :name) ON CONFLICT DO NOTHING`,
          { project: DEFAULT_PROJECT, name: environment.name },
        );
      }
    }
    for (const type of SEED_STRATEGY_TYPES) {
      await this.db.execute(
        `INSERT INTO strategy_types (name, display_name, description, parameters, built_in, editable, deprecated, sort_order, created_at)
         VALUES (:name, :displayName, :description, :parameters, true, false, false, :sortOrder, :now) ON CONFLICT (name) DO NOTHING`,
        { ...type, parameters: JSON.stringify(type.parameters), now },
      );
    }
    for (const tagType of SEED_TAG_TYPES) {
      await this.db.execute(
        `INSERT INTO tag_types (name, description, icon, color, created_at) VALUES (:name, :description, :icon, :color, :now) ON CONFLICT (name) DO NOTHING`,
        { ...tagType, now },
      );
    }
    await this.seedAdmin(now);
    await this.seedApiTokens(now);
  }

  /** The first admin, when the options name one, is created only while no person (non-service user) exists. */
  private async seedAdmin(now: Date | string): Promise<void> {
    const admin = this.config.bootstrap.admin;
    if (!admin) return;
    const people = await this.db.one<{ count: number | string }>('SELECT COUNT(*) AS count FROM users WHERE is_service = false');
    if (Number(people?.count) > 0) return;
    await this.db.execute(
      `INSERT INTO users (username, name, password_hash, root_role_id, created_at) VALUES (:username, :username, :hash, :role, :now)`,
      { username: admin.username, hash: await this.passwords.hash(admin.password), role: ROLE.ADMIN, now },
    );
    // The password itself is never logged: the standalone service says its well-known default where it starts.
    this.logger.log(`Created the first admin user "${admin.username}" with the password given at start. Log in and change it.`);
  }

  private async seedApiTokens(now: Date | string): Promise<void> {
    const { adminApiTokens, clientApiTokens, frontendApiTokens } = this.config.bootstrap;
    const wanted: [ApiTokenType, string[]][] = [
      ['admin', adminApiTokens],
      ['client', clientApiTokens],
      ['frontend', frontendApiTokens],
    ];
    for (const [type, secrets] of wanted) {
      for (const secret of secrets) {
        const parts = parseApiToken(secret);
        if (!parts || (type === 'admin' && (parts.project !== '*' || parts.environment !== '*'))) {
          const format = type === 'admin' ? '*:*.<secret>' : '<project>:<environment>.<secret>';
          throw new Error(`An initial ${type} API token is not in the format ${format}.`);
        }
        const secretHash = hashSecret(secret);
        const exists = await this.db.one('SELECT id FROM api_tokens WHERE secret_hash = :secretHash', { secretHash });
        if (exists) continue;
        const [token] = await this.db.query<{ id: number }>(
          `INSERT INTO api_tokens (token_name, secret_hash, secret_prefix, type, environment, created_by, created_at)
           VALUES (:name, :secretHash, :prefix, :type, :environment, 'unleash_system_user', :now) RETURNING id`,
          {
            name: `init-${type}-token`,
            secretHash,
            prefix: `${parts.project}:${parts.environment}.`,
            type,
            environment: parts.environment,
            now,
          },
        );
        if (parts.project !== '*' && parts.project !== '[]') {
          await this.db.execute('INSERT INTO api_token_projects (token_id, project) VALUES (:id, :project)', {
            id: token.id,
            project: parts.project,
          });
        }
      }
    }
  }
}
