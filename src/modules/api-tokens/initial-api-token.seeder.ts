import { Inject, Injectable } from '@nestjs/common';
import { parseApiToken } from '../../core/access/api-token-format.js';
import type { ApiTokenType } from '../../core/access/principal.js';
import { hashSecret } from '../../core/access/secrets.js';
import { SEED_ORDER, Seeder, Seeders } from '../../core/bootstrap/seeders.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';

/** The API tokens the options give (`INIT_*_API_TOKENS`), each created once: a token whose secret exists is skipped. */
@Injectable()
export class InitialApiTokenSeeder extends Seeder {
  readonly seedOrder = SEED_ORDER.initialApiTokens;

  constructor(
    db: Database,
    seeders: Seeders,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {
    super(db, seeders);
  }

  async seed(at: Date): Promise<void> {
    const now = this.db.toTimestamp(at);
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
        const exists = await this.db.one('SELECT id FROM flagwright_api_tokens WHERE secret_hash = :secretHash', { secretHash });
        if (exists) continue;
        const [token] = await this.db.query<{ id: number }>(
          `INSERT INTO flagwright_api_tokens (token_name, secret_hash, secret_prefix, type, environment, created_by, created_at)
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
          await this.db.execute('INSERT INTO flagwright_api_token_projects (token_id, project) VALUES (:id, :project)', {
            id: token.id,
            project: parts.project,
          });
        }
      }
    }
  }
}
